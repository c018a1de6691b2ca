/** The arithmetic of the dashboard's small SVG charts (pure, unit-tested). */

/** A round axis maximum (1, 2 or 5 times a power of ten) at or above `max`, and its step. */
export function niceScale(max: number, ticks = 4): { max: number; step: number } {
  if (!Number.isFinite(max) || max <= 0) return { max: ticks, step: 1 };
  const raw = max / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  const candidate = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  // Counts are whole numbers: never a step under 1.
  const step = Math.max(1, Math.ceil(candidate));
  return { max: Math.ceil(max / step) * step, step };
}

/** Numbers from 0 to max by step. */
export function tickValues(max: number, step: number): number[] {
  const out: number[] = [];
  for (let v = 0; v <= max + 1e-9; v += step) out.push(Math.round(v));
  return out;
}

/** Sums of each measure over the rows; no rows: zeros. */
export function sumTotals<K extends string>(
  rows: readonly Partial<Record<K, unknown>>[] | undefined,
  keys: readonly K[],
): Record<K, number> {
  const out = {} as Record<K, number>;
  for (const k of keys) {
    let sum = 0;
    for (const r of rows ?? []) sum += Number(r[k]) || 0;
    out[k] = sum;
  }
  return out;
}

export interface Slice {
  label: string;
  value: number;
  color: string;
}

/** The SVG path of one pie slice from `start` to `end` (fractions of the turn), centre (c, c). */
export function arcPath(c: number, r: number, start: number, end: number): string {
  const point = (f: number) => {
    const a = 2 * Math.PI * f - Math.PI / 2;
    return `${(c + r * Math.cos(a)).toFixed(2)} ${(c + r * Math.sin(a)).toFixed(2)}`;
  };
  const large = end - start > 0.5 ? 1 : 0;
  return `M ${c} ${c} L ${point(start)} A ${r} ${r} 0 ${large} 1 ${point(end)} Z`;
}

/** Each slice's fraction of the whole and its start; a whole of 0 gives no arcs. */
export function pieArcs(slices: readonly Slice[]): { slice: Slice; start: number; end: number; share: number }[] {
  const total = slices.reduce((a, s) => a + Math.max(0, s.value), 0);
  if (total <= 0) return [];
  let at = 0;
  return slices.map((slice) => {
    const share = Math.max(0, slice.value) / total;
    const out = { slice, start: at, end: at + share, share };
    at += share;
    return out;
  });
}

/** 12 -> '12', 0.256 -> '25,6%' style percentages in pt-BR. */
export function percent(share: number): string {
  return `${(share * 100).toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%`;
}
