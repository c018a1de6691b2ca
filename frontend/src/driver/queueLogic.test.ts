import { describe, expect, it } from 'vitest';
import { authorisedLoadings, driverStage, exitCode, exitCodeError, insideLeaveWindow, pageOfMine, positionLabel, rowsAround, showsPrediction, timeOf } from './queueLogic';
import type { CheckinState } from './checkinApi';
import type { Loading, PanelRow } from './queueApi';
import { mapEmbed } from './pages/DriverMapPage';

const loading = (id: number, over: Partial<Loading> = {}): Loading => ({
  id,
  order: { id: 1, code: `P${id}` },
  truck: { id: 10, licensePlate: 'ABC1D23' },
  driver: { id: 5, name: 'X' },
  company: { id: 1 },
  qtyOrdered: 10,
  qtyTransported: 0,
  status: false,
  urgent: false,
  canEdit: false,
  canDelete: false,
  daysLeft: 3,
  ...over,
});

const row = (id: number, isMine = false): PanelRow => ({
  id,
  position: id,
  licensePlate: `AAA${id}A00`,
  joinedAt: '2026-01-01T10:00:00Z',
  isInTolerance: false,
  isActive: true,
  isFreelancer: false,
  isMine,
  isNearMine: false,
});

describe('driver queue rules', () => {
  it('lists only open, unstarted orders with days left for the chosen truck', () => {
    const list = [
      loading(1),
      loading(2, { daysLeft: 0 }),
      loading(3, { daysLeft: -2 }),
      loading(4, { status: true }),
      loading(5, { expedInitialDate: '2026-01-01T10:00:00Z' }),
      loading(6, { truck: { id: 11, licensePlate: 'XYZ9Z99' } }),
      loading(7, { daysLeft: null }),
    ];
    expect(authorisedLoadings(list, 10).map((l) => l.id)).toEqual([1, 7]);
    expect(authorisedLoadings(list, null).map((l) => l.id)).toEqual([1, 6, 7]);
  });

  it('draws exit codes from 1000 to 10999', () => {
    expect(exitCode(() => 0)).toBe('1000');
    expect(exitCode(() => 0.99999)).toBe('10999');
  });

  it('checks the typed exit code with the spec messages', () => {
    expect(exitCodeError('', '1234')).toBe('Dígite o código');
    expect(exitCodeError('1235', '1234')).toBe('Código incorreto');
    expect(exitCodeError(' 1234 ', '1234')).toBeNull();
  });

  it('blocks leaving within the window before the forecast', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(insideLeaveWindow('2026-01-01T18:00:00Z', now, 6)).toBe(true);
    expect(insideLeaveWindow('2026-01-01T18:01:00Z', now, 6)).toBe(false);
    expect(insideLeaveWindow('2026-01-01T11:00:00Z', now, 6)).toBe(true);
    expect(insideLeaveWindow(null, now, 6)).toBe(false);
  });

  it('finds the rows around the driver and the page of its row', () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({ ...row(i + 1, i === 12), isNearMine: i >= 10 && i <= 14 }));
    expect(rowsAround(rows).map((r) => r.id)).toEqual([11, 12, 13, 14, 15]);
    // In loading the server marks nothing near: his own row (position 0) is not listed.
    expect(rowsAround([{ ...row(1, true), position: 0, isActive: true }, row(2)])).toEqual([]);
    expect(rowsAround([row(1)])).toEqual([]);
    expect(pageOfMine(rows, 10)).toBe(2);
    expect(pageOfMine([row(1)], 10)).toBe(1);
  });
});

describe('the company map', () => {
  it('frames only Google Maps embeds', () => {
    expect(mapEmbed('https://www.google.com/maps/embed?pb=1')).toBe('https://www.google.com/maps/embed?pb=1');
    expect(mapEmbed('https://evil.example/maps/')).toBeNull();
    expect(mapEmbed(null)).toBeNull();
  });
});

describe('driverStage: one state at a time (issue 22)', () => {
  const checkinState = (isPresent: boolean, isCalling: boolean): CheckinState => ({
    queueId: 7,
    count: isPresent ? 1 : 0,
    enabled: true,
    allowed: true,
    cancelled: false,
    checkin: {
      id: 1,
      companyId: 1,
      queueId: 7,
      driverId: 5,
      driverName: 'X',
      truckId: 10,
      licensePlate: 'ABC1D23',
      isPresent,
      status: isPresent,
      isCalling,
      calledAt: isCalling ? '2026-01-01T10:00:00Z' : null,
      createdAt: '2026-01-01T09:00:00Z',
      updatedAt: '2026-01-01T09:00:00Z',
    },
  });
  it('walks waiting, checked in, called, loading and done', () => {
    expect(driverStage({ stage: 'waiting' }, undefined)).toBe('waiting');
    expect(driverStage({ stage: 'waiting' }, checkinState(true, false))).toBe('checkedIn');
    expect(driverStage({ stage: 'waiting' }, checkinState(true, true))).toBe('called');
    expect(driverStage({ stage: 'loading' }, checkinState(true, true))).toBe('loading');
    expect(driverStage({ stage: 'done' }, checkinState(true, true))).toBe('done');
  });
  it('is out of the queue without a stage, and a cancelled check-in is waiting again', () => {
    expect(driverStage(undefined, checkinState(true, true))).toBe('none');
    expect(driverStage({ stage: null }, undefined)).toBe('none');
    expect(driverStage({ stage: 'waiting' }, checkinState(false, false))).toBe('waiting');
  });
});

describe("timeOf: the yard's clock, not the phone's", () => {
  it("reads HH:mm in the company's zone", () => {
    expect(timeOf('2025-01-12T13:05:00Z', 'America/Cuiaba')).toBe('09:05');
    expect(timeOf('2025-01-12T13:05:00Z', 'Etc/GMT-6')).toBe('19:05');
  });
  it("falls back to São Paulo's while the zone is not known", () => {
    expect(timeOf('2025-01-12T13:05:00Z')).toBe('10:05');
    expect(timeOf('2025-01-12T13:05:00Z', '')).toBe('10:05');
    expect(timeOf(null, 'America/Cuiaba')).toBe('');
  });
});

describe('positionLabel: the queue grid of the phone', () => {
  it('reads "Em atendimento" for a vehicle in loading, never position 0', () => {
    expect(positionLabel({ isActive: true, isInTolerance: false, position: 0 })).toBe('Em atendimento');
  });
  it('reads "Em tolerância" under tolerance, else the place', () => {
    expect(positionLabel({ isActive: false, isInTolerance: true, position: 3 })).toBe('Em tolerância');
    expect(positionLabel({ isActive: false, isInTolerance: false, position: 2 })).toBe('2');
  });
});

describe("showsPrediction: 'Previsão de chamada' only while the call is awaited", () => {
  it('shows it waiting and checked in, not once called, loading or done', () => {
    expect(showsPrediction('waiting')).toBe(true);
    expect(showsPrediction('checkedIn')).toBe(true);
    expect(showsPrediction('called')).toBe(false);
    expect(showsPrediction('loading')).toBe(false);
    expect(showsPrediction('done')).toBe(false);
    expect(showsPrediction('none')).toBe(false);
  });
});
