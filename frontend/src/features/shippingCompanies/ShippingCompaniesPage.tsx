/**
 * /transportadoras: the shipping-company list (8 per page; search over name, CNPJ and code).
 * The action column is shown only to a root administrator; a warning icon marks a shipping
 * company with no user or password.
 */
import { Button, Space, Table, Tooltip } from 'antd';
import { PlusOutlined, UploadOutlined, WarningFilled } from '@ant-design/icons';
import { routeAllowed } from '../../app/session';
import { paths } from '../../app/paths';
import { useStaffGoTo } from '../auth/session';
import { DeleteButton } from '../admin/components/DeleteButton';
import { EditButton } from '../admin/components/EditButton';
import { LoadError } from '../admin/components/LoadError';
import { PageHeader } from '../admin/components/PageHeader';
import { SearchBox } from '../admin/components/SearchBox';
import { StatusTag } from '../admin/components/StatusTag';
import { useListState, useSession } from '../admin/hooks';
import { adminMsg, PAGE_SIZE } from '../admin/messages';
import { adminPaths } from '../admin/paths';
import '../admin/admin.css';
import { useDeleteShippingCompanyMutation, useShippingCompaniesQuery, type ShippingCompany } from './api';

export default function ShippingCompaniesPage() {
  const goTo = useStaffGoTo();
  const session = useSession();
  const list = useListState();
  const { data, isFetching, isError, refetch } = useShippingCompaniesQuery({
    page: list.page,
    pageSize: PAGE_SIZE.shippingCompanies,
    search: list.search,
  });
  const [remove] = useDeleteShippingCompanyMutation();
  // The server's routes say who may open the forms; the row actions are a root administrator's
  // (spec 1 section 2).
  const mayCreate = routeAllowed(session?.routes, paths.shippingEdit);
  const rowActions = !!session?.isRoot && mayCreate;

  const columns = [
    { title: adminMsg.code, dataIndex: 'code', key: 'code', width: 90 },
    {
      title: adminMsg.name,
      key: 'name',
      render: (_: unknown, s: ShippingCompany) => (
        <span>
          {s.name}
          {s.warning && (
            <Tooltip title={adminMsg.shippingWarning}>
              <WarningFilled className="a-warning-icon" aria-label={adminMsg.shippingWarning} role="img" />
            </Tooltip>
          )}
        </span>
      ),
    },
    { title: adminMsg.cnpj, dataIndex: 'cnpj', key: 'cnpj', width: 180 },
    { title: adminMsg.uf, dataIndex: 'uf', key: 'uf', width: 60 },
    { title: adminMsg.city, dataIndex: 'city', key: 'city' },
    {
      title: adminMsg.status,
      dataIndex: 'isEnabled',
      key: 'status',
      width: 100,
      render: (on: boolean) => <StatusTag active={on} />,
    },
    ...(rowActions
      ? [
          {
            title: adminMsg.actions,
            key: 'actions',
            width: 110,
            render: (_: unknown, s: ShippingCompany) => (
              <Space size={0}>
                <EditButton to={adminPaths.shippingEdit(s.id)} name={s.name} />
                <DeleteButton what={adminMsg.shippingDelete(s.name)} onDelete={() => remove(s.id).unwrap()} />
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="a-page">
      <PageHeader
        title={adminMsg.shippingTitle}
        extra={
          mayCreate && (
            <>
              <Button icon={<UploadOutlined />} onClick={() => goTo(adminPaths.shippingImport)}>
                {adminMsg.importButton}
              </Button>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => goTo(adminPaths.shippingNew)}>
                {adminMsg.newShippingCompany}
              </Button>
            </>
          )
        }
      />
      <SearchBox value={list.searchText} onChange={list.setSearchText} label={adminMsg.shippingSearch} />
      {isError && <LoadError onRetry={() => void refetch()} />}
      <Table<ShippingCompany>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data?.items ?? []}
        loading={isFetching}
        scroll={{ x: 800 }}
        locale={{ emptyText: adminMsg.noResults }}
        pagination={{
          current: list.page,
          pageSize: PAGE_SIZE.shippingCompanies,
          total: data?.total ?? 0,
          showSizeChanger: false,
          onChange: list.setPage,
        }}
      />
    </div>
  );
}
