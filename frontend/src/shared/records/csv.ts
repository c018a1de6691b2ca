/**
 * CSV import of customers and shipping companies (spec 1 section 3): the columns come in a
 * fixed order, the first row is a header and is skipped, rows with an empty code are skipped.
 * Parsing runs in the browser with papaparse (the delimiter, `,` or `;`, is detected); the
 * rows are then sent as one array and the server imports them all or none.
 */
import Papa from 'papaparse';
import { maskPhone, onlyDigits } from '../../shared/masks';

export type ImportKind = 'customer' | 'shipping';

/** Customer columns, in order (spec 1 section 3). */
export const CUSTOMER_COLUMNS = [
  'code',
  'name',
  'cnpj',
  'company',
  'street',
  'number',
  'uf',
  'city',
  'zipCode',
  'complement',
  'district',
  'stateRegistration',
  'contactName',
  'areaCode',
  'phone',
  'email',
] as const;

/** Shipping-company columns, in order (spec 1 section 3). */
export const SHIPPING_COLUMNS = [
  'code',
  'name',
  'cnpj',
  'street',
  'number',
  'complement',
  'uf',
  'city',
  'zipCode',
  'stateRegistration',
  'contactName',
  'areaCode',
  'phone',
  'email',
] as const;

/** The column titles shown in the help text (pt-BR, ours). */
export const COLUMN_LABELS: Record<string, string> = {
  code: 'código',
  name: 'nome',
  cnpj: 'CNPJ',
  company: 'razão social',
  street: 'rua',
  number: 'número',
  uf: 'UF',
  city: 'cidade',
  zipCode: 'CEP',
  complement: 'complemento',
  district: 'bairro',
  stateRegistration: 'inscrição estadual',
  contactName: 'nome do contato',
  areaCode: 'DDD',
  phone: 'telefone',
  email: 'e-mail',
};

export function columnsOf(kind: ImportKind): readonly string[] {
  return kind === 'customer' ? CUSTOMER_COLUMNS : SHIPPING_COLUMNS;
}

export interface ImportContact {
  name: string;
  fone: string;
  email: string;
  whatsapp: boolean;
}

/** One row as POSTed to `/customer/import` or `/shipping-company/import`. */
export interface ImportRow {
  /** The row's line in the file (the header is line 1), for the server's 'Linha N: ...'. */
  line: number;
  code: string;
  name: string;
  cnpj: string;
  /** Legal name (customers only). */
  company?: string;
  street: string;
  number: string;
  complement: string;
  uf: string;
  city: string;
  zipCode: string;
  district: string;
  stateRegistration: string;
  contact: ImportContact[];
}

export interface ParsedImport {
  rows: ImportRow[];
  /** Data rows left out because their code is empty (blank lines are not counted). */
  skipped: number;
}

const cell = (cells: readonly string[], i: number): string => (cells[i] ?? '').trim();

/** The phone of a contact from its area code and number columns. */
export function joinPhone(areaCode: string, phone: string): string {
  const digits = onlyDigits(areaCode) + onlyDigits(phone);
  return digits ? maskPhone(digits) : '';
}

/** Maps one row's cells (columns in the spec's order) to an import row. */
export function mapRow(kind: ImportKind, cells: readonly string[], line: number): ImportRow {
  const columns = columnsOf(kind);
  const get = (name: string) => cell(cells, columns.indexOf(name));
  const contactName = get('contactName');
  const fone = joinPhone(get('areaCode'), get('phone'));
  const email = get('email');
  const row: ImportRow = {
    line,
    code: get('code'),
    name: get('name'),
    cnpj: get('cnpj'),
    street: get('street'),
    number: get('number'),
    complement: get('complement'),
    uf: get('uf').toUpperCase(),
    city: get('city'),
    zipCode: get('zipCode'),
    district: get('district'),
    stateRegistration: get('stateRegistration'),
    contact: contactName || fone || email ? [{ name: contactName, fone, email, whatsapp: false }] : [],
  };
  if (kind === 'customer') row.company = get('company');
  return row;
}

/** Rows of cells -> import rows: the header (first row) and rows with an empty code are skipped. */
export function rowsFromCells(kind: ImportKind, table: readonly (readonly string[])[]): ParsedImport {
  const rows: ImportRow[] = [];
  let skipped = 0;
  table.forEach((cells, index) => {
    if (index === 0) return; // the header
    if (cells.every((c) => !(c ?? '').trim())) return; // a blank line
    if (!cell(cells, 0)) {
      skipped += 1;
      return;
    }
    rows.push(mapRow(kind, cells, index + 1));
  });
  return { rows, skipped };
}

/** Parses CSV text (`,` or `;` separated, quotes allowed) into import rows. */
export function parseCsv(kind: ImportKind, text: string): ParsedImport {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    skipEmptyLines: false,
    delimitersToGuess: [';', ',', '\t', '|'],
  });
  return rowsFromCells(kind, result.data);
}

/**
 * The text of an uploaded file: UTF-8, or Windows-1252 (what spreadsheet programs in Brazil
 * often save) when the bytes are not valid UTF-8.
 */
export function decodeCsv(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
