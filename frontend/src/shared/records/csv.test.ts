import { describe, expect, it } from 'vitest';
import { CUSTOMER_COLUMNS, SHIPPING_COLUMNS, decodeCsv, joinPhone, mapRow, parseCsv, rowsFromCells } from './csv';

const CUSTOMER_HEADER =
  'codigo;nome;cnpj;razao;rua;numero;uf;cidade;cep;complemento;bairro;ie;contato;ddd;telefone;email';

describe('customer CSV (spec 1 section 3 column order)', () => {
  it('has the sixteen customer columns and the fourteen shipping-company columns in order', () => {
    expect(CUSTOMER_COLUMNS).toHaveLength(16);
    expect(CUSTOMER_COLUMNS.slice(0, 4)).toEqual(['code', 'name', 'cnpj', 'company']);
    expect(CUSTOMER_COLUMNS.slice(12)).toEqual(['contactName', 'areaCode', 'phone', 'email']);
    expect(SHIPPING_COLUMNS).toHaveLength(14);
    expect(SHIPPING_COLUMNS.slice(3, 10)).toEqual(['street', 'number', 'complement', 'uf', 'city', 'zipCode', 'stateRegistration']);
  });

  it('maps a row to the import body, with the contact phone from area code and number', () => {
    const row = mapRow(
      'customer',
      ['101', ' Fazenda Boa Vista ', '11.222.333/0001-81', 'Boa Vista Agro Ltda', 'Rua A', '12', 'mt', 'Sorriso', '78890-000', 'Sala 2', 'Centro', '123456', 'Ana', '66', '99999-1234', 'ana@bv.com'],
      2,
    );
    expect(row).toEqual({
      line: 2,
      code: '101',
      name: 'Fazenda Boa Vista',
      cnpj: '11.222.333/0001-81',
      company: 'Boa Vista Agro Ltda',
      street: 'Rua A',
      number: '12',
      uf: 'MT',
      city: 'Sorriso',
      zipCode: '78890-000',
      complement: 'Sala 2',
      district: 'Centro',
      stateRegistration: '123456',
      contact: [{ name: 'Ana', fone: '(66) 9 9999-1234', email: 'ana@bv.com', whatsapp: false }],
    });
  });

  it('skips the header and rows with an empty code, and keeps file line numbers', () => {
    const text = [
      CUSTOMER_HEADER,
      '1;Um;;;;;;;;;;;;;;',
      ';Sem código;;;;;;;;;;;;;;',
      '',
      '  ;Outro sem código',
      '3;Três;;;;;;;;;;;;;;',
    ].join('\n');
    const parsed = parseCsv('customer', text);
    expect(parsed.rows.map((r) => [r.line, r.code, r.name])).toEqual([
      [2, '1', 'Um'],
      [6, '3', 'Três'],
    ]);
    expect(parsed.skipped).toBe(2);
    expect(parsed.rows[0].contact).toEqual([]);
  });

  it('reads comma-separated files with quotes, and a header-only file gives no rows', () => {
    const text = 'code,name,cnpj\r\n7,"Silva, João",529.982.247-25\r\n';
    const parsed = parseCsv('customer', text);
    expect(parsed.rows).toHaveLength(1);
    expect(parsed.rows[0]).toMatchObject({ line: 2, code: '7', name: 'Silva, João', cnpj: '529.982.247-25', contact: [] });
    expect(parseCsv('customer', CUSTOMER_HEADER + '\n')).toEqual({ rows: [], skipped: 0 });
    expect(parseCsv('customer', '')).toEqual({ rows: [], skipped: 0 });
  });

  it('strips a byte-order mark', () => {
    const parsed = parseCsv('customer', '\uFEFFcodigo;nome\n5;Cinco');
    expect(parsed.rows.map((r) => r.code)).toEqual(['5']);
  });
});

describe('shipping-company CSV', () => {
  it('uses its own column order and has no legal name', () => {
    const { rows } = rowsFromCells('shipping', [
      ['codigo', 'nome'],
      ['12', 'Rápido', '11.444.777/0001-61', 'Rua B', '5', 'Fundos', 'sp', 'Santos', '11000-000', '999', 'Beto', '13', '3333-4444', ''],
    ]);
    expect(rows[0]).toEqual({
      line: 2,
      code: '12',
      name: 'Rápido',
      cnpj: '11.444.777/0001-61',
      street: 'Rua B',
      number: '5',
      complement: 'Fundos',
      uf: 'SP',
      city: 'Santos',
      zipCode: '11000-000',
      district: '',
      stateRegistration: '999',
      contact: [{ name: 'Beto', fone: '(13) 3 3334-444', email: '', whatsapp: false }],
    });
    expect('company' in rows[0]).toBe(false);
  });
});

describe('helpers', () => {
  it('joins area code and phone', () => {
    expect(joinPhone('(66)', '9 9999-1234')).toBe('(66) 9 9999-1234');
    expect(joinPhone('', '')).toBe('');
  });
  it('decodes UTF-8, and Windows-1252 when the bytes are not UTF-8', () => {
    expect(decodeCsv(new TextEncoder().encode('São Paulo').buffer)).toBe('São Paulo');
    const latin1 = new Uint8Array([0x53, 0xe3, 0x6f]); // "São" in Windows-1252
    expect(decodeCsv(latin1.buffer)).toBe('São');
  });
});
