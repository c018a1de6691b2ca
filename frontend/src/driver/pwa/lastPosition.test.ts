import { describe, expect, it } from 'vitest';
import { readLastPosition } from './lastPosition';

const answer = (body: unknown, date: string | null) =>
  new Response(JSON.stringify(body), { headers: date ? { 'content-type': 'application/json', date } : {} });

describe('readLastPosition', () => {
  it('gives the place and the time the server answered, in the yards time zone', async () => {
    // 17:32 UTC is 14:32 in São Paulo.
    const last = await readLastPosition(answer({ id: 9, position: 3, status: 'pending' }, 'Fri, 27 Nov 2026 17:32:05 GMT'));
    expect(last).toEqual({ position: 3, readAt: '14:32' });
  });

  it("gives the time in the company's own zone when the phone knows it", async () => {
    // 17:32 UTC is 13:32 in Cuiabá (UTC-4).
    const last = await readLastPosition(answer({ id: 9, position: 3 }, 'Fri, 27 Nov 2026 17:32:05 GMT'), 'America/Cuiaba');
    expect(last).toEqual({ position: 3, readAt: '13:32' });
  });

  it('gives nothing for an answer without a place or without a date', async () => {
    expect(await readLastPosition(answer({ id: null, position: 0 }, 'Fri, 27 Nov 2026 17:32:05 GMT'))).toBeNull();
    expect(await readLastPosition(answer({ id: 9, position: 3 }, null))).toBeNull();
    expect(await readLastPosition(new Response('not json', { headers: { date: 'Fri, 27 Nov 2026 17:32:05 GMT' } }))).toBeNull();
  });
});
