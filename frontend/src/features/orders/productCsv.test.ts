import { describe, expect, it } from 'vitest';
import { parseProductCsv, productImportBody } from './productCsv';

describe('product CSV import', () => {
  it('skips the header, blank lines and rows without a code, keeping file lines', () => {
    const text = 'código;nome;grupo;ncm\n101;SOJA;agricola;12019000\n;sem código;x;\n\n102;AÇO;SIDERURGICA;\n';
    const { rows, skipped } = parseProductCsv(text);
    expect(skipped).toBe(1);
    expect(rows.map((r) => [r.line, r.code, r.name, r.group])).toEqual([
      [2, '101', 'SOJA', 'agricola'],
      [5, '102', 'AÇO', 'SIDERURGICA'],
    ]);
  });

  it('sends every line after the header so the server numbers lines as the file does', () => {
    const { rows } = parseProductCsv('h\n101,SOJA,agricola,1\n,x,,\n102,AÇO,,\n');
    const body = productImportBody(rows);
    expect(body).toHaveLength(3);
    expect(body[0].code).toBe('101');
    expect(body[1].code).toBe('');
    expect(body[2]).toEqual({ code: '102', name: 'AÇO', group: '', ncmcode: '' });
  });
});
