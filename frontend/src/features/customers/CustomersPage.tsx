/** /clientes: the customer list (9 per page; search over name, CNPJ and code). */
import { Button, Space, Table } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useStaffGoTo } from '../auth/session';
import { DeleteButton } from '../admin/components/DeleteButton';
import { EditButton } from '../admin/components/EditButton';
import { LoadError } from '../admin/components/LoadError';
import { PageHeader } from '../admin/components/PageHeader';
import { SearchBox } from '../admin/components/SearchBox';
import { useListState, useSession } from '../admin/hooks';
import { adminMsg, PAGE_SIZE } from '../admin/messages';
import { adminPaths } from '../admin/paths';
import '../admin/admin.css';
import { useCustomersQuery, useDeleteCustomerMutation, type Customer } from './api';

export default function CustomersPage() {
  const goTo = useStaffGoTo();
  const session = useSession();
  const list = useListState();
  // Administrators list every customer; a Usuario its company's (spec 1 section 6).
  const ownCompanyId = session?.role === 'Usuario' ? session.company?.id : undefined;
  const { data, isFetching, isError, refetch } = useCustomersQuery({
    page: list.page,
    pageSize: PAGE_SIZE.customers,
    search: list.search,
    ownCompanyId,
  });
  const [remove] = useDeleteCustomerMutation();
  const showCompany = !session?.company;

  const columns = [
    { title: adminMsg.code, dataIndex: 'code', key: 'code', width: 100 },
    { title: adminMsg.name, dataIndex: 'name', key: 'name' },
    { title: adminMsg.cnpj, dataIndex: 'cnpj', key: 'cnpj', width: 180 },
    { title: adminMsg.uf, dataIndex: 'uf', key: 'uf', width: 60 },
    { title: adminMsg.city, dataIndex: 'city', key: 'city' },
    ...(showCompany
      ? [{ title: adminMsg.company, key: 'owner', render: (_: unknown, c: Customer) => c._company?.name }]
      : []),
    {
      title: adminMsg.actions,
      key: 'actions',
      width: 110,
      render: (_: unknown, c: Customer) => (
        <Space size={0}>
          <EditButton to={adminPaths.customerEdit(c.id)} name={c.name} />
          <DeleteButton what={adminMsg.customerDelete(c.name)} onDelete={() => remove(c.id).unwrap()} />
        </Space>
      ),
    },
  ];

  return (
    <div className="a-page">
      <PageHeader
        title={adminMsg.customersTitle}
        extra={
          <>
            <Button icon={<UploadOutlined />} onClick={() => goTo(adminPaths.customerImport)}>
              {adminMsg.importButton}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => goTo(adminPaths.customerNew)}>
              {adminMsg.newCustomer}
            </Button>
          </>
        }
      />
      <SearchBox value={list.searchText} onChange={list.setSearchText} label={adminMsg.customerSearch} />
      {isError && <LoadError onRetry={() => void refetch()} />}
      <Table<Customer>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data?.items ?? []}
        loading={isFetching}
        scroll={{ x: 800 }}
        locale={{ emptyText: adminMsg.noResults }}
        pagination={{
          current: list.page,
          pageSize: PAGE_SIZE.customers,
          total: data?.total ?? 0,
          showSizeChanger: false,
          onChange: list.setPage,
        }}
      />
    </div>
  );
}
