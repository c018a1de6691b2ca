/**
 * The last position the phone read, for the offline notice (issue 23): the service worker keeps
 * the last answer of `/api/queue/position/driver/{id}` (sw.js, network first), and that answer's
 * `Date` header is when the server gave it. Nothing here asks the network.
 */
import { formatTime } from '../../shared/formatters';

/** The service worker's cache of the driver's last answers (sw.js DATA). */
export const DRIVER_DATA_CACHE = 'patio-driver-data-v1';

export interface LastPosition {
  /** The driver's place in the queue then (1 = next). */
  position: number;
  /** When it was read, as HH:MM in the yard's time zone. */
  readAt: string;
}

/** The position and its time from a kept answer; null when it holds no place in the queue. */
export async function readLastPosition(res: Response, zone?: string | null): Promise<LastPosition | null> {
  const date = new Date(res.headers.get('date') ?? '');
  if (Number.isNaN(date.getTime())) return null;
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    return null;
  }
  const position = (body as { position?: unknown } | null)?.position;
  if (typeof position !== 'number' || !(position > 0)) return null;
  return { position, readAt: formatTime(date, zone) };
}

/** The driver's last position kept by the service worker, if any. */
export async function lastPositionRead(driverId: number, zone?: string | null): Promise<LastPosition | null> {
  if (typeof caches === 'undefined' || !driverId) return null;
  try {
    const cache = await caches.open(DRIVER_DATA_CACHE);
    const res = await cache.match(`/api/queue/position/driver/${driverId}`);
    return res ? await readLastPosition(res, zone) : null;
  } catch {
    return null;
  }
}
