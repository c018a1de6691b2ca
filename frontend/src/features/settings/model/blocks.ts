/**
 * Blocked dates (Bloqueios, spec 3 sections 3, 5 and 7): a title and a range of days; the API
 * stores every day of the range and the list shows the first and the last.
 */
import { sm } from '../messages';
import { daysBetween, isIsoDay } from './time';
import type { Schema } from '../../../shared/api/types';

/** GET /api/holidays/company/{companyId} (docs/api.md). */
export type HolidayView = Schema<'HolidayView'>;

export interface HolidayPayload {
  company: { id: number };
  title: string;
  dates: string[];
}

/** The server keeps at most a year of days in one entry. */
export const MAX_BLOCK_DAYS = 366;

/** The checks of the server (domain::settings::holidays), with its messages. */
export function validateBlock(title: string, range: readonly [string, string] | null | undefined): {
  title?: string;
  dates?: string;
} {
  const out: { title?: string; dates?: string } = {};
  if (Array.from((title ?? '').trim()).length > 100) out.title = sm.titleTooLong;
  if (!range || !range[0] || !range[1] || !isIsoDay(range[0]) || !isIsoDay(range[1])) {
    out.dates = sm.blockDatesRequired;
  } else if (daysBetween(range[0], range[1]).length > MAX_BLOCK_DAYS) {
    out.dates = sm.blockTooMany;
  }
  return out;
}

/** The save body: every day of the range. */
export function blockPayload(companyId: number, title: string, range: readonly [string, string]): HolidayPayload {
  return { company: { id: companyId }, title: (title ?? '').trim(), dates: daysBetween(range[0], range[1]) };
}

/** The first and last blocked day of an entry (the list's columns). */
export function blockSpan(dates: readonly string[] | null | undefined): { first: string; last: string } | null {
  const days = [...(dates ?? [])].filter(isIsoDay).sort();
  return days.length ? { first: days[0], last: days[days.length - 1] } : null;
}
