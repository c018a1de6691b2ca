/** /cliente/novo: the customer CSV import (spec 1 sections 2 and 3). */
import { ImportPage } from '../../shared/records/components/ImportPage';
import { customerImport } from '../../shared/records/partyImport';
import { adminMsg } from '../../shared/records/messages';
import { adminPaths } from '../../shared/records/paths';
import '../../shared/records/admin.css';
import { useCheckCustomerImportMutation, useImportCustomersMutation } from './api';

export default function CustomerImportPage() {
  const [importRows] = useImportCustomersMutation();
  const [checkRows] = useCheckCustomerImportMutation();
  return (
    <ImportPage
      spec={customerImport}
      title={adminMsg.customerImportTitle}
      listPath={adminPaths.customers}
      onImport={(rows, companyId) => importRows({ rows, companyId }).unwrap()}
      onCheck={(rows) => checkRows(rows).unwrap()}
    />
  );
}
