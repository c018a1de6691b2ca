/** /transportadora/novo: the shipping-company CSV import (spec 1 sections 2 and 3). */
import { ImportPage } from '../admin/components/ImportPage';
import { adminMsg } from '../admin/messages';
import { adminPaths } from '../admin/paths';
import '../admin/admin.css';
import { useImportShippingCompaniesMutation } from './api';

export default function ShippingImportPage() {
  const [importRows] = useImportShippingCompaniesMutation();
  return (
    <ImportPage
      kind="shipping"
      title={adminMsg.shippingImportTitle}
      listPath={adminPaths.shippingCompanies}
      onImport={(rows, companyId) => importRows({ rows, companyId }).unwrap()}
    />
  );
}
