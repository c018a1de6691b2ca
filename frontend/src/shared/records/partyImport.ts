/** The customer and shipping-company imports (spec 1 section 3) as the import screen takes them. */
import type { ImportSpec } from './components/ImportPage';
import { COLUMN_LABELS, columnsOf, parseCsv, type ImportKind, type ImportRow } from './csv';
import { adminMsg } from './messages';

function spec(kind: ImportKind): ImportSpec<ImportRow> {
  return {
    parse: (text) => parseCsv(kind, text),
    columnNames: columnsOf(kind).map((c) => COLUMN_LABELS[c]),
    columns: [
      { title: adminMsg.code, dataIndex: 'code', key: 'code', width: 90 },
      { title: adminMsg.name, dataIndex: 'name', key: 'name' },
      { title: adminMsg.cnpj, dataIndex: 'cnpj', key: 'cnpj' },
      { title: adminMsg.uf, dataIndex: 'uf', key: 'uf', width: 60 },
      { title: adminMsg.city, dataIndex: 'city', key: 'city' },
      {
        title: adminMsg.contacts,
        key: 'contact',
        render: (_: unknown, r: ImportRow) =>
          r.contact.map((c) => [c.name, c.fone, c.email].filter(Boolean).join(' · ')).join('; '),
      },
    ],
  };
}

export const customerImport = spec('customer');
export const shippingImport = spec('shipping');
