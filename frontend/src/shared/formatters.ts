/** Display formatting (pt-BR). Dates are shown in the yards' time zone, America/Sao_Paulo. */
import { msg } from './messages';

export const TIME_ZONE = 'America/Sao_Paulo';
/** How long a company name may be in the driver's company chooser (spec 1 section 2). */
export const COMPANY_CHOICE_LENGTH = 16;

/** Company names in the driver's chooser: cut to 16 characters and uppercased. */
export function companyChoiceLabel(name: string): string {
  return Array.from(name ?? '')
    .slice(0, COMPANY_CHOICE_LENGTH)
    .join('')
    .toLocaleUpperCase('pt-BR');
}

// Made on first use, not when the module loads: the first Intl formatter with a time zone
// loads the browser's zone data, tens of milliseconds on a slow phone, and most first screens
// (the driver's sign-in and home) show no date (issue 23). One per zone: a yard outside São
// Paulo's zone (Mato Grosso, the Norte) reads its own clock.
const partsFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The day, month, year, hour and minute (and second, when asked) of an instant in the yard's
 * zone (`timeZone`, America/Sao_Paulo by default), two digits each; null for no date.
 */
export function dateParts(
  value: string | Date,
  timeZone?: string | null,
  seconds = false,
): Record<string, string> | null {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const zone = timeZone || TIME_ZONE;
  const key = seconds ? `${zone} s` : zone;
  let formatter = partsFormatters.get(key);
  if (!formatter) {
    const options: Intl.DateTimeFormatOptions = {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      ...(seconds ? { second: '2-digit' } : {}),
      hourCycle: 'h23',
    };
    try {
      formatter = new Intl.DateTimeFormat('pt-BR', { ...options, timeZone: zone });
    } catch {
      // A zone this browser does not know: São Paulo's rather than a broken screen.
      formatter = new Intl.DateTimeFormat('pt-BR', { ...options, timeZone: TIME_ZONE });
    }
    partsFormatters.set(key, formatter);
  }
  const out: Record<string, string> = {};
  for (const p of formatter.formatToParts(date)) out[p.type] = p.value;
  return out;
}

const parts = dateParts;

/** dd/MM/yyyy HH:mm:ss in the yard's zone: the server's clock on the driver's status page. */
export function formatClock(value: Date, timeZone?: string | null): string {
  const p = dateParts(value, timeZone, true);
  return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}` : '';
}

/** dd/MM/yyyy in the yard's zone (`timeZone`, America/Sao_Paulo by default); a date-only value
 * (yyyy-mm-dd) is shown as is. */
export function formatDate(value: string | Date | null | undefined, timeZone?: string | null): string {
  if (!value) return '';
  if (typeof value === 'string') {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
    if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  }
  const p = parts(value, timeZone);
  return p ? `${p.day}/${p.month}/${p.year}` : '';
}

/** dd/MM/yyyy HH:mm in the yard's zone (`timeZone`, America/Sao_Paulo by default). */
export function formatDateTime(value: string | Date | null | undefined, timeZone?: string | null): string {
  if (!value) return '';
  const p = parts(value, timeZone);
  return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}` : '';
}

/** HH:mm in the yard's zone (`timeZone`, America/Sao_Paulo by default): a time of the yard's
 * day reads the same on the panel, the TV and the phone, whatever the PC's zone. */
export function formatTime(value: string | Date | null | undefined, timeZone?: string | null): string {
  if (!value) return '';
  const p = parts(value, timeZone);
  return p ? `${p.hour}:${p.minute}` : '';
}

/** yyyy-mm-dd of an instant in the yard's zone (`timeZone`, America/Sao_Paulo by default). */
export function isoDayIn(value: Date, timeZone?: string | null): string {
  const p = parts(value, timeZone);
  return p ? `${p.year}-${p.month}-${p.day}` : '';
}

/** The first name, capitalised ('JOÃO DA SILVA' -> 'João'). */
export function firstName(name: string | null | undefined): string {
  const first = (name ?? '').trim().split(/\s+/)[0] ?? '';
  if (!first) return '';
  const lower = first.toLocaleLowerCase('pt-BR');
  return lower.charAt(0).toLocaleUpperCase('pt-BR') + lower.slice(1);
}

/** The avatar letter. */
export function initial(name: string | null | undefined): string {
  return (name ?? '').trim().charAt(0).toLocaleUpperCase('pt-BR');
}

/** Weekday names of the days that are on, sunday first ('Seg, Ter, Qua'). */
export function weekDaysLabel(weekDays: readonly boolean[] | null | undefined): string {
  if (!weekDays) return '';
  return msg.weekDays.filter((_, i) => Boolean(weekDays[i])).join(', ');
}

/** Whole minutes since `since` (the loading's start). */
export function elapsedMinutes(since: string | null | undefined, now: number): number {
  if (!since) return 0;
  return Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
}

/**
 * A number as a person in Brazil reads it: decimal comma, thousands dot ('14,8', '1.234,5').
 * `decimals` fixes the decimals shown (tonnes read with 3, as the scale gives them); without it
 * up to 3 are shown, trailing zeros left out. Never a dot as the decimal mark: '14.800' reads as
 * fourteen thousand.
 */
export function formatDecimal(value: number | null | undefined, decimals?: number, grouping = true): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return value.toLocaleString('pt-BR', {
    minimumFractionDigits: decimals ?? 0,
    maximumFractionDigits: decimals ?? 3,
    useGrouping: grouping,
  });
}

/** Tonnes with their unit: '14,800 t'. */
export function formatTonnes(value: number | null | undefined, decimals = 3): string {
  const n = formatDecimal(value, decimals);
  return n ? `${n} t` : '';
}
