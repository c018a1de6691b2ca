import { describe, expect, it, vi } from 'vitest';
import type { Checkin, CheckinState } from './checkinApi';
import {
  callFor,
  canCheckIn,
  createCancellations,
  checkinErrorText,
  isCheckedIn,
  readCheckinNavState,
} from './checkinLogic';

const checkin = (over: Partial<Checkin> = {}): Checkin => ({
  id: 7,
  companyId: 1,
  queueId: 3,
  driverId: 5,
  driverName: 'MOTORISTA',
  truckId: 9,
  licensePlate: 'ABC1D23',
  isPresent: true,
  status: true,
  isCalling: false,
  calledAt: null,
  createdAt: '2026-11-25T12:00:00Z',
  updatedAt: '2026-11-25T12:00:00Z',
  ...over,
});

const state = (over: Partial<CheckinState> = {}): CheckinState => ({
  queueId: 3,
  count: 0,
  enabled: true,
  allowed: true,
  cancelled: false,
  checkin: null,
  ...over,
});

describe('canCheckIn (the server decides; the screen reads)', () => {
  it('shows with check-in on, an allowed address, a position and no active check-in', () => {
    expect(canCheckIn(true, state())).toBe(true);
    // an earlier check-in that was cancelled does not count
    expect(canCheckIn(true, state({ checkin: checkin({ isPresent: false }) }))).toBe(true);
  });

  it('hides when any condition fails', () => {
    expect(canCheckIn(false, state())).toBe(false);
    expect(canCheckIn(true, undefined)).toBe(false);
    expect(canCheckIn(true, state({ enabled: false }))).toBe(false);
    expect(canCheckIn(true, state({ allowed: false }))).toBe(false);
    expect(canCheckIn(true, state({ count: 1, checkin: checkin() }))).toBe(false);
  });
});

describe('isCheckedIn', () => {
  it('is the present latest check-in', () => {
    expect(isCheckedIn(state({ count: 1, checkin: checkin() }))).toBe(true);
    expect(isCheckedIn(state({ count: 0, checkin: checkin({ isPresent: false }) }))).toBe(false);
    expect(isCheckedIn(null)).toBe(false);
  });
});

describe('createCancellations', () => {
  it('keeps a reported cancellation until taken, then never again', () => {
    const c = createCancellations();
    const heard = vi.fn();
    const stop = c.subscribe(heard);
    const s = state({ cancelled: true, checkin: checkin({ id: 11, isPresent: false, updatedAt: '2026-11-25T13:00:00Z' }) });
    c.note(s);
    // the read after it (cancelled false) does not erase it
    c.note(state({ checkin: checkin({ id: 11, isPresent: false }) }));
    expect(c.current()).toEqual({ id: 11, updatedAt: '2026-11-25T13:00:00Z' });
    expect(heard).toHaveBeenCalledTimes(1);
    expect(c.take()).toEqual({ id: 11, updatedAt: '2026-11-25T13:00:00Z' });
    expect(c.current()).toBeNull();
    expect(c.take()).toBeNull();
    c.note(s);
    expect(c.current()).toBeNull();
    c.note(undefined);
    expect(c.current()).toBeNull();
    stop();
    c.note(state({ cancelled: true, checkin: checkin({ id: 12, isPresent: false }) }));
    expect(c.current()?.id).toBe(12);
    expect(heard).toHaveBeenCalledTimes(2);
  });
});

describe('readCheckinNavState', () => {
  it('presets the step and updatedAt; anything else starts at the warning', () => {
    expect(readCheckinNavState({ step: 4, updatedAt: '2026-11-25T13:00:00Z' })).toEqual({
      step: 4,
      updatedAt: '2026-11-25T13:00:00Z',
    });
    expect(readCheckinNavState(null)).toEqual({ step: 1, updatedAt: null });
    expect(readCheckinNavState({ step: 9, updatedAt: 3 })).toEqual({ step: 1, updatedAt: null });
    expect(readCheckinNavState('x')).toEqual({ step: 1, updatedAt: null });
  });
});

describe('callFor', () => {
  const call = {
    event: 'checkInCallResponse' as const,
    companyId: 1,
    checkinId: 7,
    queueId: 3,
    driverId: 5,
    driverName: 'MOTORISTA',
    licensePlate: 'ABC1D23',
    calledAt: '2026-11-25T13:00:00Z',
  };
  it("is the yard's call of this driver only", () => {
    expect(callFor(call, 5)).toBe(call);
    expect(callFor(call, 6)).toBeNull();
    expect(callFor({ event: 'queueChanged', companyId: 1 }, 5)).toBeNull();
    expect(callFor({ event: 'reconnected' }, 5)).toBeNull();
  });
});

describe('checkinErrorText', () => {
  it("shows the server's refusals verbatim and 'Erro ao fazer check-in' otherwise", () => {
    expect(checkinErrorText({ statusCode: 403, message: 'Check-in permitido apenas na rede do pátio da empresa.' })).toBe(
      'Check-in permitido apenas na rede do pátio da empresa.',
    );
    expect(checkinErrorText({ statusCode: 409, message: 'Você não tem posição na fila' })).toBe('Você não tem posição na fila');
    expect(checkinErrorText({ statusCode: 500, message: 'x' })).toBe('Erro ao fazer check-in');
    expect(checkinErrorText({ statusCode: 0, message: '' })).toBe('Erro ao fazer check-in');
  });
});
