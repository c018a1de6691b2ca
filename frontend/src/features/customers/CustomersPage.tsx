/** /clientes: the customer list (9 per page; search over name, CNPJ and code). */
import { Button } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useStaffGoTo } from '../auth/session';
import { ListPage } from '../../shared/records/components/ListPage';
import { useListState, useSession } from '../../shared/records/hooks';
import { adminMsg, PAGE_SIZE } from '../../shared/records/messages';
import { adminPaths } from '../../shared/records/paths';
import '../../shared/records/admin.css';
import { useCustomersQuery, useDeleteCustomerMutation, type Customer } from './api';

export default function CustomersPage() {
  const goTo = useStaffGoTo();
  const session = useSession();
  const list = useListState();
  // Administrators list every customer; a Usuario its company's (spec 1 section 6).
  const ownCompanyId = session?.screens.customersOfOwnCompany ? session.company?.id : undefined;
  const query = useCustomersQuery({
    page: list.page,
    pageSize: PAGE_SIZE.customers,
    search: list.search,
    ownCompanyId,
  });
  const [remove] = useDeleteCustomerMutation();
  const everyCompany = !!session?.screens.seesEveryCompany;

  return (
    <ListPage<Customer>
      title={adminMsg.customersTitle}
      headerExtra={
        <>
          <Button icon={<UploadOutlined aria-hidden />} onClick={() => goTo(adminPaths.customerImport)}>
            {adminMsg.importButton}
          </Button>
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => goTo(adminPaths.customerNew)}>
            {adminMsg.newCustomer}
          </Button>
        </>
      }
      searchLabel={adminMsg.customerSearch}
      list={list}
      query={query}
      pageSize={PAGE_SIZE.customers}
      columns={[
        { title: adminMsg.code, dataIndex: 'code', key: 'code', width: 100 },
        { title: adminMsg.name, dataIndex: 'name', key: 'name' },
        { title: adminMsg.cnpj, dataIndex: 'cnpj', key: 'cnpj', width: 180 },
        { title: adminMsg.uf, dataIndex: 'uf', key: 'uf', width: 60 },
        { title: adminMsg.city, dataIndex: 'city', key: 'city' },
        ...(everyCompany
          ? [{ title: adminMsg.company, key: 'owner', render: (_: unknown, c: Customer) => c._company?.name }]
          : []),
      ]}
      actions={{
        editPath: (c) => adminPaths.customerEdit(c.id),
        name: (c) => c.name,
        removeWhat: (c) => adminMsg.customerDelete(c.name),
        remove: (c) => remove(c.id).unwrap(),
      }}
    />
  );
}
