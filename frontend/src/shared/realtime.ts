/**
 * The company's events over `/api/ws` (DESIGN section 5): `{ event: 'queueChanged', companyId }`
 * means "read the queue again". Screens keep the spec's polling as the fallback, so a lost
 * socket only costs freshness: it reconnects with a growing wait and never reports an error.
 */
import { useEffect, useRef } from 'react';

export interface QueueChangedEvent {
  event: 'queueChanged';
  companyId: number;
}

/** The yard called a checked-in driver (`POST /checkins/setcall`): the TV and the phone. */
export interface CallEvent {
  event: 'checkInCallResponse';
  companyId: number;
  checkinId: number;
  queueId: number;
  driverId: number;
  driverName: string;
  licensePlate: string;
  calledAt: string;
}

export type CompanyEvent = QueueChangedEvent | CallEvent;

/** What a screen hears: an event, or the socket back after a gap (events may be lost). */
export type RealtimeSignal = CompanyEvent | { event: 'reconnected' };

/** The server closes with this code when the socket's session ended (sign-out, account
 * disabled or changed, new password): the socket tries once more (this browser may hold a
 * renewed session, after its own password change) and stops if that is refused. */
export const SESSION_ENDED_CODE = 4401;

/** Waits between reconnections (ms); the last one repeats. */
export const RECONNECT_WAITS = [1_000, 2_000, 5_000, 10_000];

/** The socket's address on the page's own host (wss behind HTTPS). */
export function eventsUrl(location: Pick<Location, 'protocol' | 'host'>, companyId?: number): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const query = companyId === undefined ? '' : `?companyId=${companyId}`;
  return `${scheme}://${location.host}/api/ws${query}`;
}

/** The public panel's socket: no session, the room of the company that serves this host. */
export function publicEventsUrl(location: Pick<Location, 'protocol' | 'host' | 'hostname'>): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/api/ws?host=${encodeURIComponent(location.hostname)}`;
}

/** A message of the socket, or `null` for anything that is not a known event. */
export function parseEvent(data: unknown): CompanyEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const value: unknown = JSON.parse(data);
    if (
      typeof value === 'object' &&
      value !== null &&
      ((value as { event?: unknown }).event === 'queueChanged' ||
        (value as { event?: unknown }).event === 'checkInCallResponse') &&
      typeof (value as { companyId?: unknown }).companyId === 'number'
    ) {
      return value as CompanyEvent;
    }
  } catch {
    // not JSON: ignored
  }
  return null;
}

type SocketLike = Pick<WebSocket, 'close'> & {
  onmessage: ((e: { data: unknown }) => void) | null;
  onopen: (() => void) | null;
  onclose: ((e: { code?: number }) => void) | null;
};

/** Keeps one socket open to `url` until `stop()`, reconnecting after each close. */
export class EventSocket {
  private socket: SocketLike | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  /** The last socket ended with its session; the next one must open or this stops. */
  private sessionEnded = false;

  constructor(
    private readonly url: string,
    private readonly onEvent: (e: RealtimeSignal) => void,
    private readonly open: (url: string) => SocketLike = (u) => new WebSocket(u) as unknown as SocketLike,
    // A wrapper, not `setTimeout` itself: called as `this.schedule(...)` the bare function
    // gets this object as its receiver, and browsers throw 'Illegal invocation'.
    private readonly schedule: (fn: () => void, ms: number) => ReturnType<typeof setTimeout> = (fn, ms) =>
      setTimeout(fn, ms),
  ) {
    this.connect();
  }

  private connect(): void {
    if (this.stopped) return;
    const socket = this.open(this.url);
    let opened = false;
    socket.onopen = () => {
      opened = true;
      this.sessionEnded = false;
      // Events may have been missed while away: read again once.
      if (this.attempt > 0) this.onEvent({ event: 'reconnected' });
      this.attempt = 0;
    };
    socket.onmessage = (e) => {
      const event = parseEvent(e.data);
      if (event) this.onEvent(event);
    };
    socket.onclose = (e) => {
      this.socket = null;
      // Refused again after the session ended: signed out for good.
      if (this.sessionEnded && !opened) this.stopped = true;
      if (e.code === SESSION_ENDED_CODE) this.sessionEnded = true;
      if (this.stopped) return;
      const wait = RECONNECT_WAITS[Math.min(this.attempt, RECONNECT_WAITS.length - 1)];
      this.attempt += 1;
      this.timer = this.schedule(() => this.connect(), wait);
    };
    this.socket = socket;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.socket?.close();
  }
}

/**
 * Calls `onEvent` for each event of the company's room while mounted. `companyId` is sent
 * only for administrators (others join their own company); `undefined` with `enabled`
 * false keeps the socket closed.
 */
export function useCompanyEvents(
  onEvent: (e: RealtimeSignal) => void,
  options: { companyId?: number; enabled?: boolean; url?: string } = {},
): void {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  }, [onEvent]);
  const { companyId, enabled = true, url } = options;
  useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') return undefined;
    const socket = new EventSocket(url ?? eventsUrl(window.location, companyId), (e) => handler.current(e));
    return () => socket.stop();
  }, [companyId, enabled, url]);
}
