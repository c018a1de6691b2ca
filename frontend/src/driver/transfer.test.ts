import { describe, expect, it } from 'vitest';
import { generateTransferCode, readTransferConflict, transferCodeMatches } from './transfer';

describe('transfer code', () => {
  it('ranges from 1000 to 10999', () => {
    expect(generateTransferCode(() => 0)).toBe(1000);
    expect(generateTransferCode(() => 0.99999999)).toBe(10999);
    for (let i = 0; i < 1000; i++) {
      const c = generateTransferCode();
      expect(c).toBeGreaterThanOrEqual(1000);
      expect(c).toBeLessThanOrEqual(10999);
      expect(Number.isInteger(c)).toBe(true);
    }
  });
  it('matches only the same 4 or 5 digits', () => {
    expect(transferCodeMatches(1234, '1234')).toBe(true);
    expect(transferCodeMatches(1234, ' 1234 ')).toBe(true);
    expect(transferCodeMatches(10999, '10999')).toBe(true);
    expect(transferCodeMatches(1234, '1235')).toBe(false);
    expect(transferCodeMatches(1234, '01234')).toBe(false);
    expect(transferCodeMatches(1234, '123')).toBe(false);
    expect(transferCodeMatches(1234, '')).toBe(false);
  });
});

describe('readTransferConflict', () => {
  it('reads the 406 body', () => {
    const c = readTransferConflict({
      statusCode: 406,
      code: 'transfer_conflict',
      company_a: { company: 'Cooperativa A', logo: '/uploads/a.png', queue: { date: '2025-01-12T13:00:00Z' } },
      driver: { id: 7, name: 'João' },
      transferToken: 'tok',
    });
    expect(c).toEqual({
      companyA: { company: 'Cooperativa A', logo: '/uploads/a.png', queueDate: '2025-01-12T13:00:00Z' },
      driver: { id: 7, name: 'João' },
      transferToken: 'tok',
    });
  });
  it('accepts a conflict without queue or logo and refuses other bodies', () => {
    expect(
      readTransferConflict({ company_a: { company: 'A', logo: null, queue: null }, driver: { id: 1 }, transferToken: 't' })
        ?.companyA,
    ).toEqual({ company: 'A', logo: null, queueDate: null });
    expect(readTransferConflict({ message: 'x' })).toBeNull();
    expect(readTransferConflict(null)).toBeNull();
  });
});
