/** Tonnes as the order screens show them: two decimals and ' t' (spec 2 section 9). */
export function tonnes(t: number): string {
  return `${t.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} t`;
}
