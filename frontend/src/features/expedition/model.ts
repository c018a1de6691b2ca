/** Pure helpers of the dispatch panel (unit-tested in model.test.ts). */
import { formatDecimal, formatTime } from '../../shared/formatters';
import type { QueueRow } from './api';
import type { Schema } from '../../shared/api/types';

export interface QueueDay<T = QueueRow> {
  date: string | null;
  label: string;
  rows: T[];
}

/** What `groupByDay` needs of a row: the dispatch rows and the public panel's rows both have it. */
interface DayRow {
  id: number;
  position: number;
  date?: string | null;
  isActive: boolean;
}

/** `yyyy-mm-dd` as `dd/MM/yyyy`. */
export function brDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

/** The waiting rows by planned day, in queue order, days in date order (no date last). */
export function groupByDay<T extends DayRow>(rows: readonly T[]): QueueDay<T>[] {
  const days = new Map<string, T[]>();
  for (const row of rows) {
    if (row.isActive) continue;
    const key = row.date ?? '';
    const list = days.get(key) ?? [];
    list.push(row);
    days.set(key, list);
  }
  return [...days.entries()]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)))
    .map(([key, list]) => ({
      date: key || null,
      label: key ? brDate(key) : 'Sem previsão',
      rows: [...list].sort((x, y) => x.position - y.position || x.id - y.id),
    }));
}

/** Rows whose plate contains the search (letters and digits only, any case). */
export function byPlate(rows: readonly QueueRow[], search: string): QueueRow[] {
  const wanted = search.replace(/[^0-9a-z]/gi, '').toUpperCase();
  if (!wanted) return [...rows];
  return rows.filter((r) => r.licensePlate.toUpperCase().includes(wanted));
}

/** A weight as typed (spec 3 section 5): the shared tonnage reading. */
export { parseTonnes as parseWeight } from '../../shared/tonnage';

/**
 * Tonnes for the card: the first 4 characters (spec 3 section 9) of the number with its pt-BR
 * decimal comma ('14,7', never '14.7'); a separator left at the end is dropped.
 */
export function tonnesCard(value: number | null | undefined): string {
  if (value === null || value === undefined) return '-';
  return formatDecimal(value, undefined, false).slice(0, 4).replace(/,$/, '');
}

export { elapsedMinutes } from '../../shared/formatters';

/** A WhatsApp link to a Brazilian phone, or null without digits. */
export function whatsappLink(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length < 10) return null;
  return `https://wa.me/${digits.startsWith('55') ? digits : `55${digits}`}`;
}

export type PanelAbilities = Schema<'PanelAbilities'>;

/** Nothing offered: the panel before the session (or an older server) says what the role may do. */
const NOTHING: PanelAbilities = { operate: false, call: false, details: false, seesTonnes: false, seesPhone: false };

/** What the signed-in role may do on the panel: the session's `panel` (domain::roles::panel_abilities). */
export function abilities(panel: PanelAbilities | null | undefined): PanelAbilities {
  return panel ?? NOTHING;
}

/** /fila's counters: what is left of today's programme and how much of it was attended (%). */
/**
 * The yard's calls by queue entry: `HH:mm` of each checked-in vehicle's last call, in the
 * yard's `zone` (the TV's clock), so the Fila and Pátio tabs tell who was called and when.
 */
export function callTimes(
  checkins: readonly { queueId: number; isCalling: boolean; calledAt?: string | null }[],
  zone: string | null | undefined,
): Map<number, string> {
  const out = new Map<number, string>();
  for (const c of checkins) {
    if (c.isCalling && c.calledAt) out.set(c.queueId, formatTime(c.calledAt, zone));
  }
  return out;
}

export function dayProgress(programmed: number, attended: number, missing: number): { left: number; percent: number } {
  const left = Math.max(0, programmed - attended - missing);
  const percent = programmed > 0 ? Math.min(100, Math.round((attended / programmed) * 100)) : 0;
  return { left, percent };
}

/** The public panel's label of a position: 1º, 2º… */
export function positionLabel(position: number): string {
  return `${position}º`;
}
