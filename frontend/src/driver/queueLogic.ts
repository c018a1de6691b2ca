/** The driver app's small rules (spec 3 sections 4, 5 and 9), pure so they are unit-tested. */
import { formatTime } from '../shared/formatters';
import { dm } from './messages';
import type { Loading, PanelRow } from './queueApi';
import type { CheckinState } from './checkinApi';
import { isCheckedIn } from './checkinLogic';

/**
 * The one state the driver's phone shows (issue 22): out of the queue, waiting, checked in,
 * called (go to the loading), loading, done. The entry's stage is the server's answer
 * (`GET /queue/position/driver/{id}`), checked in and called the check-in's
 * (`GET /checkins/count/{queueId}`); a later stage wins over an earlier one, so a called
 * driver never reads 'Aguarde ser chamado' and a loading one never reads a position.
 */
export type DriverStage = 'none' | 'waiting' | 'checkedIn' | 'called' | 'loading' | 'done';

/**
 * Whether the phone shows 'Previsão de chamada': only while the driver waits for the call. Once
 * called it read 'a qualquer momento' under 'Motorista chamado' (the call had come).
 */
export function showsPrediction(stage: DriverStage): boolean {
  return stage === 'waiting' || stage === 'checkedIn';
}

export function driverStage(
  position: { stage?: string | null } | null | undefined,
  checkin: CheckinState | null | undefined,
): DriverStage {
  switch (position?.stage) {
    case 'loading':
      return 'loading';
    case 'done':
      return 'done';
    case 'waiting':
      if (!isCheckedIn(checkin)) return 'waiting';
      return checkin?.checkin?.isCalling ? 'called' : 'checkedIn';
    default:
      return 'none';
  }
}

/**
 * The authorised orders a driver may join with `truckId`: not finished, not started by the
 * yard, and with days left (orders at 0 days or below are not listed).
 */
export function authorisedLoadings(loadings: readonly Loading[], truckId: number | null): Loading[] {
  return loadings.filter(
    (l) =>
      !l.status &&
      !l.expedInitialDate &&
      (l.daysLeft === null || l.daysLeft === undefined || l.daysLeft > 0) &&
      (truckId === null || l.truck.id === truckId),
  );
}

/** The exit code: a random number from 1000 to 10999 (4 or 5 digits). */
export function exitCode(random: () => number = Math.random): string {
  return String(1000 + Math.floor(random() * 10000));
}

/** The message for a typed exit code, or null when it matches. */
export function exitCodeError(typed: string, code: string): string | null {
  const t = typed.trim();
  if (!t) return dm.typeCode;
  return t === code ? null : dm.wrongCode;
}

/** Whether leaving is blocked: the forecast is `hours` hours away or less (or passed). */
export function insideLeaveWindow(forecast: string | null | undefined, now: number, hours: number): boolean {
  if (!forecast) return false;
  const at = new Date(forecast).getTime();
  if (Number.isNaN(at)) return false;
  return at - now <= hours * 3_600_000;
}

/**
 * What the queue grid's position cell of a row says: 'Em atendimento' for a vehicle in
 * loading (the server gives it position 0, which read as a place in the line), 'Em tolerância'
 * for one under tolerance, else its place.
 */
export function positionLabel(row: Pick<PanelRow, 'isActive' | 'isInTolerance' | 'position'>): string {
  if (row.isActive) return dm.inService;
  if (row.isInTolerance) return dm.inTolerance;
  return String(row.position);
}

/**
 * 'Veículos próximos': the rows the server marks near the driver's own (`isNearMine`: the
 * waiting vehicles around his waiting entry; none while his own is in loading, issue 22).
 */
export function rowsAround(rows: readonly PanelRow[]): PanelRow[] {
  return rows.filter((r) => r.isNearMine);
}

/** The page (from 1) that holds the driver's own row, 1 when it is not listed. */
export function pageOfMine(rows: readonly PanelRow[], size: number): number {
  const mine = rows.findIndex((r) => r.isMine);
  return mine < 0 ? 1 : Math.floor(mine / size) + 1;
}

/** HH:mm of an instant in the yard's zone (`timeZone`, the company's; São Paulo's until known). */
export function timeOf(value: string | null | undefined, timeZone?: string | null): string {
  return formatTime(value, timeZone);
}
