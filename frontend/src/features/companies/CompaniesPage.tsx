/** /empresas: the company list (administrators). 6 rows per page, grid height 500. */
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useStaffGoTo } from '../auth/session';
import { ListPage } from '../../shared/records/components/ListPage';
import { StatusTag } from '../../shared/records/components/StatusTag';
import { useListState } from '../../shared/records/hooks';
import { adminMsg, COMPANY_GRID_HEIGHT, PAGE_SIZE } from '../../shared/records/messages';
import { adminPaths } from '../../shared/records/paths';
import '../../shared/records/admin.css';
import { useCompaniesQuery, useDeleteCompanyMutation, type CompanyListItem } from './api';

export default function CompaniesPage() {
  const goTo = useStaffGoTo();
  const list = useListState();
  const query = useCompaniesQuery({
    page: list.page,
    pageSize: PAGE_SIZE.companies,
    search: list.search,
  });
  const [remove] = useDeleteCompanyMutation();

  return (
    <ListPage<CompanyListItem>
      title={adminMsg.companiesTitle}
      headerExtra={
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => goTo(adminPaths.companyNew)}>
          {adminMsg.newCompany}
        </Button>
      }
      searchLabel={adminMsg.companySearch}
      list={list}
      query={query}
      pageSize={PAGE_SIZE.companies}
      scroll={{ y: COMPANY_GRID_HEIGHT, x: 900 }}
      columns={[
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
      ]}
      actions={{
        editPath: (c) => adminPaths.companyEdit(c.id),
        name: (c) => c.name,
        removeWhat: (c) => adminMsg.companyDelete(c.name),
        remove: (c) => remove(c.id).unwrap(),
      }}
    />
  );
}
