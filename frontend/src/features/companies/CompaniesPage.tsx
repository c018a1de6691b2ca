/** /empresas: the company list (administrators). 6 rows per page, grid height 500. */
import { Button, Space, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useStaffGoTo } from '../auth/session';
import { DeleteButton } from '../admin/components/DeleteButton';
import { EditButton } from '../admin/components/EditButton';
import { LoadError } from '../admin/components/LoadError';
import { PageHeader } from '../admin/components/PageHeader';
import { SearchBox } from '../admin/components/SearchBox';
import { StatusTag } from '../admin/components/StatusTag';
import { useListState } from '../admin/hooks';
import { adminMsg, COMPANY_GRID_HEIGHT, PAGE_SIZE } from '../admin/messages';
import { adminPaths } from '../admin/paths';
import '../admin/admin.css';
import { useCompaniesQuery, useDeleteCompanyMutation, type CompanyListItem } from './api';

export default function CompaniesPage() {
  const goTo = useStaffGoTo();
  const list = useListState();
  const { data, isFetching, isError, refetch } = useCompaniesQuery({
    page: list.page,
    pageSize: PAGE_SIZE.companies,
    search: list.search,
  });
  const [remove] = useDeleteCompanyMutation();

  const columns = [
    { title: adminMsg.code, dataIndex: 'code', key: 'code', width: 90 },
    { title: adminMsg.name, dataIndex: 'name', key: 'name' },
    { title: adminMsg.legalName, dataIndex: 'company', key: 'company' },
    { title: adminMsg.cnpj, dataIndex: 'cnpj', key: 'cnpj', width: 170 },
    { title: adminMsg.uf, dataIndex: 'uf', key: 'uf', width: 60 },
    { title: adminMsg.city, dataIndex: 'city', key: 'city' },
    {
      title: adminMsg.status,
      dataIndex: 'status',
      key: 'status',
      width: 100,
      render: (s: boolean) => <StatusTag active={s} />,
    },
    {
      title: adminMsg.actions,
      key: 'actions',
      width: 110,
      render: (_: unknown, c: CompanyListItem) => (
        <Space size={0}>
          <EditButton to={adminPaths.companyEdit(c.id)} name={c.name} />
          <DeleteButton what={adminMsg.companyDelete(c.name)} onDelete={() => remove(c.id).unwrap()} />
        </Space>
      ),
    },
  ];

  return (
    <div className="a-page">
      <PageHeader
        title={adminMsg.companiesTitle}
        extra={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => goTo(adminPaths.companyNew)}>
            {adminMsg.newCompany}
          </Button>
        }
      />
      <SearchBox value={list.searchText} onChange={list.setSearchText} label={adminMsg.companySearch} />
      {isError && <LoadError onRetry={() => void refetch()} />}
      <Table<CompanyListItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data?.items ?? []}
        loading={isFetching}
        scroll={{ y: COMPANY_GRID_HEIGHT, x: 900 }}
        locale={{ emptyText: adminMsg.noResults }}
        pagination={{
          current: list.page,
          pageSize: PAGE_SIZE.companies,
          total: data?.total ?? 0,
          showSizeChanger: false,
          onChange: list.setPage,
        }}
      />
    </div>
  );
}
