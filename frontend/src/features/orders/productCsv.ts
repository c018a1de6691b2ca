/**
 * The product CSV import (spec 2 section 5): columns code, name, group, NCM code; the first row
 * is a header; rows with an empty code are skipped. The group's text is sent as written: the
 * server decides (agricola in any case or accent is 0, anything else 1).
 */
import Papa from 'papaparse';
import type { ProductBody } from './api';

export interface ProductCsvRow {
  /** The row's line in the file (the header is line 1). */
  line: number;
  code: string;
  name: string;
  group: string;
  ncmcode: string;
}

export const PRODUCT_CSV_COLUMNS = ['código', 'nome', 'grupo', 'código NCM'] as const;

export const PRODUCT_CSV_TEMPLATE = {
  fileName: 'modelo-produtos.csv',
  rows: [
    [...PRODUCT_CSV_COLUMNS],
    ['101', 'SOJA EM GRÃOS', 'agricola', '12019000'],
    ['102', 'BOBINA DE AÇO', 'siderurgica', '72083900'],
  ],
} as const;

export function parseProductCsv(text: string): { rows: ProductCsvRow[]; skipped: number } {
  const table = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    skipEmptyLines: false,
    delimitersToGuess: [';', ',', '\t', '|'],
  }).data;
  const rows: ProductCsvRow[] = [];
  let skipped = 0;
  table.forEach((cells, index) => {
    if (index === 0) return; // the header
    const cell = (i: number) => (cells[i] ?? '').trim();
    if (cells.every((c) => !(c ?? '').trim())) return; // a blank line
    if (!cell(0)) {
      skipped += 1;
      return;
    }
    rows.push({ line: index + 1, code: cell(0), name: cell(1), group: cell(2), ncmcode: cell(3) });
  });
  return { rows, skipped };
}

/**
 * The body of the import calls: every line after the header in file order, the skipped ones as
 * empty rows, so the server's 'Linha N' is the file's line N.
 */
export function productImportBody(rows: readonly ProductCsvRow[]): ProductBody[] {
  const last = rows.reduce((m, r) => Math.max(m, r.line), 1);
  const body: ProductBody[] = Array.from({ length: last - 1 }, () => ({ code: '' }));
  for (const r of rows) body[r.line - 2] = { code: r.code, name: r.name, group: r.group, ncmcode: r.ncmcode };
  return body;
}
