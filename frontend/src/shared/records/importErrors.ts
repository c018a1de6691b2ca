/** The line a server import error names ('Linha 7: CNPJ inválido' -> 7), or null. */
export function errorLine(message: string): number | null {
  const m = /^Linha (\d+):/.exec((message ?? '').trim());
  return m ? Number(m[1]) : null;
}
