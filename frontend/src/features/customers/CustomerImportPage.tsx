/** /cliente/novo: the customer CSV import (spec 1 sections 2 and 3). */
import { ImportPage } from '../admin/components/ImportPage';
import { adminMsg } from '../admin/messages';
import { adminPaths } from '../admin/paths';
import '../admin/admin.css';
import { useImportCustomersMutation } from './api';

export default function CustomerImportPage() {
  const [importRows] = useImportCustomersMutation();
  return (
    <ImportPage
      kind="customer"
      title={adminMsg.customerImportTitle}
      listPath={adminPaths.customers}
      onImport={(rows, companyId) => importRows({ rows, companyId }).unwrap()}
    />
  );
}
