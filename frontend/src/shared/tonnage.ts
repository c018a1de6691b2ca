/**
 * The tonnage field's reading (spec 3 section 5): the masked text as a number, and the
 * warnings a person sees before confirming. A weight above the truck's net capacity or the
 * order's balance is warned about, never refused: the scale is the truth.
 */
import { maskTonnes } from './masks';

export { maskTonnes };

/** The number sent (comma as dot), or null when empty, zero or not a weight. */
export function parseTonnes(text: string): number | null {
  const t = (text ?? '').trim().slice(0, 6);
  if (!/^\d{1,2}(,\d{0,3})?$/.test(t)) return null;
  const n = Number(t.replace(',', '.'));
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** `14,750 t`. */
export function formatTonnes(t: number): string {
  return `${t.toLocaleString('pt-BR', { minimumFractionDigits: 3, maximumFractionDigits: 3 })} t`;
}

export const tonnageMsg = {
  overCapacity: (capacity: number) => `Acima da capacidade líquida do caminhão (${formatTonnes(capacity)}).`,
  overBalance: (balance: number) => `Acima do saldo do pedido (${formatTonnes(balance)}).`,
} as const;

export interface TonnageLimits {
  /** The truck's net capacity, when known. */
  capacity?: number | null;
  /** What the order still has to deliver besides this loading, when known. */
  balance?: number | null;
}

/** The warnings of a weight against the truck and the order (none for an empty weight). */
export function tonnageWarnings(weight: number | null, limits: TonnageLimits): string[] {
  if (weight === null) return [];
  const out: string[] = [];
  const { capacity, balance } = limits;
  // Compare in grams: 14,750 against 14.75 must not warn through a float's last digit.
  const grams = (t: number) => Math.round(t * 1000);
  if (capacity != null && capacity > 0 && grams(weight) > grams(capacity)) out.push(tonnageMsg.overCapacity(capacity));
  if (balance != null && grams(weight) > grams(balance)) out.push(tonnageMsg.overBalance(balance));
  return out;
}
