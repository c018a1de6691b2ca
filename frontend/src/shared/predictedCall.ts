/**
 * The predicted call time in words a driver understands (issue 25): "hoje às 14:20", "entre
 * 14:00 e 14:40" when the spread is wide, "amanhã às 07:30" or "em 03/12 às 08:10" for
 * another day, "a qualquer momento" when it is due. Times in the yard's zone (the company's, from
 * the session; São Paulo until the session is read), never the phone's own.
 */
import { dateParts, TIME_ZONE } from './formatters';

/** A spread wider than this (minutes, early to late) is shown as a range. */
export const WIDE_SPREAD_MINUTES = 20;
/** A call due within this many minutes reads 'a qualquer momento'. */
export const DUE_MINUTES = 2;

export interface PredictedCall {
  predictedCallAt?: string | null;
  predictedCallFrom?: string | null;
  predictedCallTo?: string | null;
}

const MINUTE = 60_000;

function local(ms: number, timeZone: string): { day: string; dm: string; hm: string } {
  const p = dateParts(new Date(ms), timeZone) ?? {};
  return { day: `${p.year}-${p.month}-${p.day}`, dm: `${p.day}/${p.month}`, hm: `${p.hour}:${p.minute}` };
}

function dayWord(ms: number, now: number, zone: string): string {
  const day = local(ms, zone).day;
  if (day === local(now, zone).day) return 'hoje';
  if (day === local(now + 24 * 60 * MINUTE, zone).day) return 'amanhã';
  return `em ${local(ms, zone).dm}`;
}

const round = (ms: number, step: number, how: 'floor' | 'ceil' | 'round') =>
  Math[how](ms / (step * MINUTE)) * step * MINUTE;

function parse(value: string | null | undefined): number | null {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : ms;
}

/** "hoje às 14:20", "hoje entre 14:00 e 14:40", "amanhã às 07:30", or null without a prediction. */
export function predictedCallWhen(
  p: PredictedCall | null | undefined,
  now: number,
  timeZone?: string | null,
): string | null {
  const zone = timeZone || TIME_ZONE;
  const at = parse(p?.predictedCallAt);
  if (at === null) return null;
  if (at - now <= DUE_MINUTES * MINUTE) return 'a qualquer momento';
  const from = parse(p?.predictedCallFrom) ?? at;
  const to = parse(p?.predictedCallTo) ?? at;
  const word = dayWord(at, now, zone);
  if (to - from > WIDE_SPREAD_MINUTES * MINUTE) {
    const a = local(Math.max(round(from, 10, 'floor'), round(now, 5, 'ceil')), zone);
    const b = local(round(to, 10, 'ceil'), zone);
    return `${word} entre ${a.hm} e ${b.hm}`;
  }
  return `${word} às ${local(round(at, 5, 'round'), zone).hm}`;
}

/** "Previsão de chamada: hoje às 14:20". */
export function predictedCallText(
  p: PredictedCall | null | undefined,
  now: number,
  timeZone?: string | null,
): string | null {
  const when = predictedCallWhen(p, now, timeZone);
  return when && `Previsão de chamada: ${when}`;
}

/** "fila termina por volta das 18:40" (rounded to 10 minutes), or null. */
export function queueEndText(endsAt: string | null | undefined, now: number, timeZone?: string | null): string | null {
  const end = parse(endsAt);
  if (end === null) return null;
  const zone = timeZone || TIME_ZONE;
  const word = dayWord(end, now, zone);
  const hm = local(round(end, 10, 'round'), zone).hm;
  return word === 'hoje' ? `fila termina por volta das ${hm}` : `fila termina ${word} por volta das ${hm}`;
}
