/**
 * The check-in screens' small rules (spec 3 sections 2 and 4), pure so they are unit-tested.
 * What is allowed is the server's answer (`POST /checkins/count/{queueId}`); these functions
 * only read it.
 */
import type { ApiError } from '../shared/apiError';
import type { RealtimeSignal, CallEvent } from '../shared/realtime';
import { dm } from './messages';
import type { CheckinState } from './checkinApi';

/** The four steps of /app/checkin: warning, confirmation, done, cancelled. */
export type CheckinStep = 1 | 2 | 3 | 4;

/** What /app/checkin may receive as navigation state (a preset step and the check-in time). */
export interface CheckinNavState {
  step?: CheckinStep;
  updatedAt?: string;
}

/** Reads the navigation state of /app/checkin; anything else starts at the warning. */
export function readCheckinNavState(state: unknown): { step: CheckinStep; updatedAt: string | null } {
  const s = (typeof state === 'object' && state !== null ? state : {}) as Record<string, unknown>;
  const step = s.step === 1 || s.step === 2 || s.step === 3 || s.step === 4 ? s.step : 1;
  const updatedAt = typeof s.updatedAt === 'string' ? s.updatedAt : null;
  return { step, updatedAt };
}

/** The driver is checked in: the entry's latest check-in is present. */
export function isCheckedIn(state: CheckinState | null | undefined): boolean {
  return !!state && state.count > 0 && !!state.checkin?.isPresent;
}

/**
 * 'Fazer Check-in' shows when check-in is on, the server says this address is allowed, the
 * driver has a position (an entry to read the state of) and no active check-in.
 */
export function canCheckIn(hasPosition: boolean, state: CheckinState | null | undefined): boolean {
  return hasPosition && !!state && state.enabled && state.allowed && !isCheckedIn(state);
}

/** A check-in the server cancelled: its id and when (for step 4's date). */
export interface Cancellation {
  id: number;
  updatedAt: string;
}

/**
 * The cancellations the server reported (`cancelled: true` in a state read), kept until the
 * home shows their notice. A read that cancels also publishes a queue event, and the read that
 * follows says `cancelled: false`: the flag is noted when it arrives, not when it renders.
 */
export function createCancellations() {
  let pending: Cancellation | null = null;
  const shown = new Set<number>();
  const listeners = new Set<() => void>();
  return {
    /** Notes the state of a read; a cancellation already shown is ignored. */
    note(state: CheckinState | null | undefined): void {
      if (!state?.cancelled || !state.checkin || shown.has(state.checkin.id)) return;
      pending = { id: state.checkin.id, updatedAt: state.checkin.updatedAt };
      for (const l of listeners) l();
    },
    current(): Cancellation | null {
      return pending;
    },
    /** The notice is shown: forget it (and never show it again). */
    take(): Cancellation | null {
      const c = pending;
      if (c) shown.add(c.id);
      pending = null;
      if (c) for (const l of listeners) l();
      return c;
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one list of cancellations. */
export const cancellations = createCancellations();

/** The yard's call, when the signal is a call of this driver. */
export function callFor(signal: RealtimeSignal, driverId: number): CallEvent | null {
  return signal.event === 'checkInCallResponse' && signal.driverId === driverId ? signal : null;
}

/**
 * The text of a refused check-in: the server's own message for its refusals (403 not the
 * yard's network, 409 check-in off or no position), 'Erro ao fazer check-in' otherwise.
 */
export function checkinErrorText(error: Pick<ApiError, 'statusCode' | 'message'>): string {
  if ((error.statusCode === 403 || error.statusCode === 409) && error.message) return error.message;
  return dm.checkinError;
}
