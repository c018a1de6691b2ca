import { describe, expect, it } from 'vitest';
import { companyChoiceLabel, firstName, formatClock, formatDate, formatDateTime, formatTime, formatDecimal,
  isoDayIn, formatTonnes, initial, weekDaysLabel } from './formatters';

describe('companyChoiceLabel (driver company chooser)', () => {
  it('cuts names to 16 characters and uppercases them', () => {
    expect(companyChoiceLabel('Cooperativa Agroindustrial do Sul')).toBe('COOPERATIVA AGRO');
    expect(companyChoiceLabel('Cooperativa Agroindustrial do Sul')).toHaveLength(16);
    expect(companyChoiceLabel('Grãos São João')).toBe('GRÃOS SÃO JOÃO');
    expect(companyChoiceLabel('')).toBe('');
  });
});

describe('dates in America/Sao_Paulo', () => {
  it('formats a timestamp as dd/MM/yyyy in the yard time zone', () => {
    // 02:00 UTC is still the previous evening in São Paulo (UTC-3).
    expect(formatDate('2025-01-12T02:00:00Z')).toBe('11/01/2025');
    expect(formatDate('2025-01-12T15:00:00Z')).toBe('12/01/2025');
  });
  it('shows a date-only value as is', () => {
    expect(formatDate('2025-01-12')).toBe('12/01/2025');
  });
  it('formats date and time', () => {
    expect(formatDateTime('2025-01-12T13:05:00Z')).toBe('12/01/2025 10:05');
  });
  it("reads a yard's own zone when it has one (Mato Grosso is an hour behind São Paulo)", () => {
    expect(formatDateTime('2025-01-12T13:05:00Z', 'America/Cuiaba')).toBe('12/01/2025 09:05');
    expect(formatDate('2025-01-12T03:30:00Z', 'America/Cuiaba')).toBe('11/01/2025');
    expect(formatDateTime('2025-01-12T13:05:00Z', 'Etc/GMT-6')).toBe('12/01/2025 19:05');
    // No zone known yet (the session still loading): São Paulo's.
    expect(formatDateTime('2025-01-12T13:05:00Z', null)).toBe('12/01/2025 10:05');
  });
  it("reads a time of day in the yard's zone, not the PC's", () => {
    expect(formatTime('2025-01-12T13:05:00Z', 'America/Cuiaba')).toBe('09:05');
    expect(formatTime('2025-01-12T06:03:00Z', 'Etc/GMT-6')).toBe('12:03');
    expect(formatTime('2025-01-12T13:05:00Z')).toBe('10:05');
    expect(formatTime(null, 'America/Cuiaba')).toBe('');
  });
  it("gives the yard's day (the driver's history range) and falls back to São Paulo for an unknown zone", () => {
    expect(isoDayIn(new Date('2025-01-12T03:30:00Z'), 'America/Cuiaba')).toBe('2025-01-11');
    expect(isoDayIn(new Date('2025-01-12T03:30:00Z'), 'America/Sao_Paulo')).toBe('2025-01-12');
    expect(formatTime('2025-01-12T13:05:00Z', 'Not/AZone')).toBe('10:05');
  });
  it("reads the server's clock to the second in the yard's zone", () => {
    expect(formatClock(new Date('2025-01-12T13:05:09Z'), 'America/Cuiaba')).toBe('12/01/2025 09:05:09');
    expect(formatClock(new Date('2025-01-12T13:05:09Z'))).toBe('12/01/2025 10:05:09');
  });
  it('gives an empty string for nothing or garbage', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('names and weekdays', () => {
  it('first name, capitalised', () => {
    expect(firstName('JOÃO DA SILVA')).toBe('João');
    expect(firstName('  maria  ')).toBe('Maria');
    expect(firstName('')).toBe('');
  });
  it('avatar initial', () => {
    expect(initial('ana')).toBe('A');
  });
  it('weekday names of the days that are on', () => {
    expect(weekDaysLabel([false, true, true, true, true, true, false])).toBe('Seg, Ter, Qua, Qui, Sex');
    expect(weekDaysLabel([true, false, false, false, false, false, true])).toBe('Dom, Sáb');
    expect(weekDaysLabel(undefined)).toBe('');
  });
});

describe('numbers as pt-BR reads them (issue 22)', () => {
  it('puts a comma before the decimals and a dot between thousands', () => {
    expect(formatDecimal(14.7)).toBe('14,7');
    expect(formatDecimal(39.8)).toBe('39,8');
    expect(formatDecimal(1234.5)).toBe('1.234,5');
    expect(formatDecimal(1234.5, 3, false)).toBe('1234,500');
    expect(formatDecimal(28.5, 3)).toBe('28,500');
    expect(formatDecimal(null)).toBe('');
    expect(formatDecimal(Number.NaN)).toBe('');
  });

  it('gives tonnes their unit', () => {
    expect(formatTonnes(14.8)).toBe('14,800 t');
    expect(formatTonnes(undefined)).toBe('');
  });
});
