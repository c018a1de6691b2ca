/**
 * /transportadoras: the shipping-company list (8 per page; search over name, CNPJ and code).
 * The action column shows when the server offers the rows' actions (`canChange`: a root
 * administrator only, spec 1 section 2); a warning icon marks a shipping company with no user
 * or password.
 */
import { Button, Tooltip } from 'antd';
import { PlusOutlined, UploadOutlined, WarningFilled } from '@ant-design/icons';
import { routeAllowed } from '../../app/session';
import { paths } from '../../app/paths';
import { useStaffGoTo } from '../auth/session';
import { ListPage } from '../../shared/records/components/ListPage';
import { StatusTag } from '../../shared/records/components/StatusTag';
import { useListState, useSession } from '../../shared/records/hooks';
import { adminMsg, PAGE_SIZE } from '../../shared/records/messages';
import { adminPaths } from '../../shared/records/paths';
import '../../shared/records/admin.css';
import { useDeleteShippingCompanyMutation, useShippingCompaniesQuery, type ShippingCompany } from './api';

export default function ShippingCompaniesPage() {
  const goTo = useStaffGoTo();
  const session = useSession();
  const list = useListState();
  const query = useShippingCompaniesQuery({
    page: list.page,
    pageSize: PAGE_SIZE.shippingCompanies,
    search: list.search,
  });
  const [remove] = useDeleteShippingCompanyMutation();
  // The server's routes say who may open the forms, and each row whether it may be changed.
  const mayCreate = routeAllowed(session?.routes, paths.shippingEdit);
  const rowActions = !!query.data?.items.some((s) => s.canChange);

  return (
    <ListPage<ShippingCompany>
      title={adminMsg.shippingTitle}
      headerExtra={
        mayCreate && (
          <>
            <Button icon={<UploadOutlined aria-hidden />} onClick={() => goTo(adminPaths.shippingImport)}>
              {adminMsg.importButton}
            </Button>
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => goTo(adminPaths.shippingNew)}>
              {adminMsg.newShippingCompany}
            </Button>
          </>
        )
      }
      searchLabel={adminMsg.shippingSearch}
      list={list}
      query={query}
      pageSize={PAGE_SIZE.shippingCompanies}
      columns={[
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
      ]}
      actions={
        rowActions
          ? {
              canEdit: (s) => s.canChange,
              canRemove: (s) => s.canChange,
              editPath: (s) => adminPaths.shippingEdit(s.id),
              name: (s) => s.name,
              removeWhat: (s) => adminMsg.shippingDelete(s.name),
              remove: (s) => remove(s.id).unwrap(),
            }
          : undefined
      }
    />
  );
}
