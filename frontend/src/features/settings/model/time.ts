/**
 * Times, days and addresses of the settings screens, as pure functions. The checks mirror the
 * server's (domain::settings::form), so a form refuses before sending what the server would.
 */

/** `HH:mm` (or `HH:mm:00`, as some time inputs send), 00:00 to 23:59. */
export function isHHmm(text: string | null | undefined): boolean {
  return parseHHmm(text) !== null;
}

/** Minutes since midnight of an `HH:mm` text; null when it is not one. */
export function parseHHmm(text: string | null | undefined): number | null {
  const t = (text ?? '').trim();
  const m = /^(\d{2}):(\d{2})(?::00)?$/.exec(t);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 23 || min > 59) return null;
  return h * 60 + min;
}

/** `HH:mm` of a number of minutes (0 to 1440; 1440 shows as 24:00). */
export function minutesToHHmm(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
}

/**
 * The typing mask of a time field: digits only, a colon after the hours, 5 characters at most
 * ('0730' -> '07:30', '7' -> '7'). What was typed is kept (never cleared): the check says
 * what is wrong.
 */
export function maskHHmm(value: string | null | undefined): string {
  const digits = (value ?? '').replace(/\D/g, '').slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}:${digits.slice(2)}`;
}

/** A delay's duration: `HH:mm` or whole minutes, from 1 minute to a whole day (server rule). */
export function parseDelayMinutes(text: string | null | undefined): number | null {
  const t = (text ?? '').trim();
  const hm = parseHHmm(t);
  const minutes = hm !== null ? hm : /^\d+$/.test(t) ? Number(t) : null;
  return minutes !== null && minutes >= 1 && minutes <= 24 * 60 ? minutes : null;
}

/** IPv4 in dotted form, no leading zeros (as the server's parser reads it). */
export function isIPv4(text: string): boolean {
  const octet = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
  return new RegExp(`^${octet}(\\.${octet}){3}$`).test(text);
}

/** IPv6 (with `::` shortening and an embedded IPv4 tail), no zone id. */
export function isIPv6(text: string): boolean {
  if (!/^[0-9a-fA-F:.]+$/.test(text) || !text.includes(':')) return false;
  let head = text;
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    if (!isIPv4(tail)) return false;
    // The dotted tail stands for two groups.
    head = text.slice(0, lastColon + 1) + '0:0';
  }
  const halves = head.split('::');
  if (halves.length > 2) return false;
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const left = groups(halves[0]);
  const right = halves.length === 2 ? groups(halves[1]) : [];
  const all = [...left, ...right];
  if (!all.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return false;
  return halves.length === 2 ? all.length <= 7 : all.length === 8;
}

export function isIp(text: string): boolean {
  const t = text.trim();
  return isIPv4(t) || isIPv6(t);
}

/** `YYYY-MM-DD` of a calendar day given as year, month (1-12), day. */
function isoDay(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Whether `text` is a real calendar day written `YYYY-MM-DD`. */
export function isIsoDay(text: string | null | undefined): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text ?? '');
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return isoDay(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()) === text;
}

/** Every day from `first` to `last` (both `YYYY-MM-DD`, inclusive); empty when reversed. */
export function daysBetween(first: string, last: string): string[] {
  if (!isIsoDay(first) || !isIsoDay(last)) return [];
  const out: string[] = [];
  const day = new Date(`${first}T00:00:00Z`);
  const end = new Date(`${last}T00:00:00Z`).getTime();
  // A hard stop keeps a typo (year 9999) from freezing the page.
  for (let i = 0; day.getTime() <= end && i < 5000; i++) {
    out.push(isoDay(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()));
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return out;
}

export const SAO_PAULO = 'America/Sao_Paulo';

/** The calendar day (`YYYY-MM-DD`) of an instant in a time zone (default São Paulo). */
export function dayInZone(instant: string | Date | null | undefined, timeZone: string = SAO_PAULO): string | null {
  if (!instant) return null;
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) return null;
  const parts: Record<string, string> = {};
  for (const p of new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(date)) {
    parts[p.type] = p.value;
  }
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** `dd/MM/yyyy` of an instant in a time zone (default São Paulo); '' when missing. */
export function formatDayInZone(instant: string | Date | null | undefined, timeZone: string = SAO_PAULO): string {
  const day = dayInZone(instant, timeZone);
  return day ? isoDayToBr(day) : '';
}

/** `YYYY-MM-DD` -> `dd/MM/yyyy`. */
export function isoDayToBr(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}
