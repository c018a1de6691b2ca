import { describe, expect, it } from 'vitest';
import type { QueueRow } from './api';
import { abilities, byPlate, callTimes, dayProgress, elapsedMinutes, groupByDay, parseWeight, positionLabel, tonnesCard, whatsappLink } from './model';

const row = (id: number, date: string | null, position: number, extra: Partial<QueueRow> = {}): QueueRow =>
  ({ id, date, position, licensePlate: `ABC${id}D00`, isActive: false, ...extra }) as QueueRow;

describe('dispatch panel model', () => {
  it('groups waiting rows by day in queue order and leaves loading rows out', () => {
    const days = groupByDay([
      row(3, '2026-03-03', 1),
      row(1, '2026-03-02', 2),
      row(2, '2026-03-02', 1),
      row(4, null, 0),
      row(5, '2026-03-02', 0, { isActive: true }),
    ]);
    expect(days.map((d) => d.label)).toEqual(['02/03/2026', '03/03/2026', 'Sem previsão']);
    expect(days[0].rows.map((r) => r.id)).toEqual([2, 1]);
  });

  it('searches plates by letters and digits', () => {
    expect(byPlate([row(1, null, 1), row(2, null, 2)], 'abc-2').map((r) => r.id)).toEqual([2]);
    expect(byPlate([row(1, null, 1)], ' ')).toHaveLength(1);
  });

  it('reads weights as the spec types them', () => {
    expect(parseWeight('32,5')).toBe(32.5);
    expect(parseWeight('12,345')).toBe(12.345);
    expect(parseWeight('0')).toBeNull();
    expect(parseWeight('')).toBeNull();
    expect(parseWeight('abc')).toBeNull();
    expect(parseWeight('123')).toBeNull();
  });

  it('formats the card, the elapsed minutes and the WhatsApp link', () => {
    expect(tonnesCard(123.456)).toBe('123');
    expect(tonnesCard(14.75)).toBe('14,7');
    expect(tonnesCard(39.8)).toBe('39,8');
    expect(tonnesCard(1234.5)).toBe('1234');
    expect(tonnesCard(null)).toBe('-');
    expect(elapsedMinutes('2026-03-02T12:00:00Z', Date.parse('2026-03-02T12:07:30Z'))).toBe(7);
    expect(whatsappLink('(65) 9 9999-0000')).toBe('https://wa.me/5565999990000');
    expect(whatsappLink('')).toBeNull();
  });

  it('gives each role its actions', () => {
    const portaria = { operate: false, call: true, details: true, seesTonnes: false, seesPhone: false };
    expect(abilities(portaria)).toEqual(portaria);
    // Before the session says, nothing is offered.
    expect(abilities(undefined)).toEqual({ operate: false, call: false, details: false, seesTonnes: false, seesPhone: false });
  });
});

describe("/fila's counters", () => {
  it('leaves what was neither attended nor missed, and shows the attended share', () => {
    expect(dayProgress(10, 3, 2)).toEqual({ left: 5, percent: 30 });
  });
  it('never goes below zero nor above 100 %, and a day without programme is 0 %', () => {
    expect(dayProgress(2, 3, 1)).toEqual({ left: 0, percent: 100 });
    expect(dayProgress(0, 0, 0)).toEqual({ left: 0, percent: 0 });
  });
});

describe('the public panel', () => {
  it('labels positions as ordinals', () => {
    expect(positionLabel(1)).toBe('1º');
    expect(positionLabel(12)).toBe('12º');
  });
});

describe('panelClock (issue 22: the yard screens read the company zone)', () => {
  it('shows the date and time of the company zone, not the device one', async () => {
    const { panelClock } = await import('./PublicPanel');
    const at = new Date('2026-03-01T02:30:00Z');
    expect(panelClock(at, 'America/Sao_Paulo')).toEqual({ date: '28/02/2026', time: '23:30' });
    expect(panelClock(at, 'America/Manaus')).toEqual({ date: '28/02/2026', time: '22:30' });
    expect(panelClock(at, 'Not/AZone').time).toMatch(/^\d{2}:\d{2}$/);
  });
});

describe('callTimes: who the yard called, and when', () => {
  it("keeps each called entry's time of day in the yard's zone", () => {
    const calls = callTimes(
      [
        { queueId: 7, isCalling: true, calledAt: '2026-11-28T06:04:00Z' },
        { queueId: 8, isCalling: false, calledAt: null },
      ],
      'Etc/GMT-6',
    );
    expect(calls.get(7)).toBe('12:04');
    expect(calls.has(8)).toBe(false);
  });
});
