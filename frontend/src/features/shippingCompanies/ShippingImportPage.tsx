/** /transportadora/novo: the shipping-company CSV import (spec 1 sections 2 and 3). */
import { ImportPage } from '../../shared/records/components/ImportPage';
import { shippingImport } from '../../shared/records/partyImport';
import { adminMsg } from '../../shared/records/messages';
import { adminPaths } from '../../shared/records/paths';
import '../../shared/records/admin.css';
import { useCheckShippingImportMutation, useImportShippingCompaniesMutation } from './api';

export default function ShippingImportPage() {
  const [importRows] = useImportShippingCompaniesMutation();
  const [checkRows] = useCheckShippingImportMutation();
  return (
    <ImportPage
      spec={shippingImport}
      title={adminMsg.shippingImportTitle}
      listPath={adminPaths.shippingCompanies}
      onImport={(rows, companyId) => importRows({ rows, companyId }).unwrap()}
      onCheck={(rows) => checkRows(rows).unwrap()}
    />
  );
}
