/**
 * Date ranges of the log search and the dashboard (spec 1 sections 5 and 9), on calendar days
 * written yyyy-mm-dd (pure, unit-tested; `today` is passed in).
 */
import { adminMsg } from './messages';

/** yyyy-mm-dd of a local date. */
export function isoDay(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return isoDay(new Date(y, m - 1, d + n));
}

/** The log search's default range: yesterday to today. */
export function defaultLogRange(today: string): { start: string; end: string } {
  return { start: addDays(today, -1), end: today };
}

/** The dashboard's default range: the last 7 days to today. */
export function defaultDashboardRange(today: string): { start: string; end: string } {
  return { start: addDays(today, -7), end: today };
}

/** The log search: the end must not be earlier than the start. */
export function checkLogRange(start: string, end: string): string | null {
  return start && end && end < start ? adminMsg.endBeforeStart : null;
}

/** The dashboard: 'to' may not exceed today nor precede 'from'. */
export function checkDashboardRange(start: string, end: string, today: string): string | null {
  if (end && end > today) return adminMsg.endAfterToday;
  return checkLogRange(start, end);
}

/** Today in the yards' time zone (America/Sao_Paulo), as the server counts days. */
export function yardToday(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}
