/** Pure helpers of the rescues (unit-tested in model.test.ts). */

/** A driver's name shortened to its first two words, or three when the second is a particle. */
export function shortName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const particles = new Set(['DA', 'DE', 'DO', 'DAS', 'DOS', 'E']);
  const take = words.length > 2 && particles.has(words[1].toUpperCase()) ? 3 : 2;
  return words.slice(0, take).join(' ');
}

/** Tonnes as the grid reads them: `28,500 t`. */
export function tonnes(t: number): string {
  return `${t.toLocaleString('pt-BR', { minimumFractionDigits: 3, maximumFractionDigits: 3 })} t`;
}
