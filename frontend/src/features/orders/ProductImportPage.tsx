/** /produto/novo: the product CSV import with its template and checked preview (spec 2). */
import { ImportPage, type ImportSpec } from '../../shared/records/components/ImportPage';
import '../../shared/records/admin.css';
import { useCheckProductImportMutation, useImportProductsMutation } from './api';
import { PRODUCT_CSV_COLUMNS, PRODUCT_CSV_TEMPLATE, parseProductCsv, productImportBody, type ProductCsvRow } from './productCsv';
import { orderMsg, orderPaths } from './texts';

const productImport: ImportSpec<ProductCsvRow> = {
  parse: parseProductCsv,
  columnNames: PRODUCT_CSV_COLUMNS,
  template: PRODUCT_CSV_TEMPLATE,
  columns: [
    { title: orderMsg.code, dataIndex: 'code', key: 'code', width: 90 },
    { title: orderMsg.name, dataIndex: 'name', key: 'name' },
    { title: orderMsg.group, dataIndex: 'group', key: 'group', width: 140 },
    { title: orderMsg.ncm, dataIndex: 'ncmcode', key: 'ncm', width: 140 },
  ],
};

export default function ProductImportPage() {
  const [importRows] = useImportProductsMutation();
  const [checkRows] = useCheckProductImportMutation();
  return (
    <ImportPage
      spec={productImport}
      title={orderMsg.productImportTitle}
      listPath={orderPaths.products}
      onImport={(rows, companyId) => importRows({ rows: productImportBody(rows), companyId }).unwrap()}
      onCheck={(rows) => checkRows(productImportBody(rows)).unwrap()}
    />
  );
}
