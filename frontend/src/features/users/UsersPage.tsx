/**
 * /usuarios: 'Gerenciar Usuarios' (spec 1 section 2). Search by name; filters by company and
 * by role, each with a clear button; 'Cadastrar' opens /usuario/novo; 8 rows per page.
 */
import { useState } from 'react';
import { Button, Select } from 'antd';
import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { useStaffGoTo } from '../auth/session';
import { msg } from '../../shared/messages';
import { useRolesQuery } from '../../shared/records/api';
import { ListPage } from '../../shared/records/components/ListPage';
import { StatusTag } from '../../shared/records/components/StatusTag';
import { useListState, useSession } from '../../shared/records/hooks';
import { adminMsg, PAGE_SIZE } from '../../shared/records/messages';
import { adminPaths } from '../../shared/records/paths';
import '../../shared/records/admin.css';
import { useDeleteUserMutation, useUsersQuery, type UserView } from './api';
import { orderRoles } from './userForm';

export default function UsersPage() {
  const goTo = useStaffGoTo();
  const session = useSession();
  const list = useListState();
  const [role, setRole] = useState<string | null>(null);
  const roles = useRolesQuery();
  const query = useUsersQuery({
    page: list.page,
    pageSize: PAGE_SIZE.users,
    search: list.search,
    companyId: list.companyId ?? undefined,
    role: role ?? undefined,
  });
  const [remove] = useDeleteUserMutation();

  const pickRole = (v: string | null) => {
    setRole(v);
    list.setPage(1);
  };

  return (
    <ListPage<UserView>
      title={adminMsg.usersTitle}
      headerExtra={
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => goTo(adminPaths.userNew)}>
          {adminMsg.register}
        </Button>
      }
      searchLabel={adminMsg.userSearch}
      list={list}
      query={query}
      pageSize={PAGE_SIZE.users}
      companyFilter
      toolbarExtra={
        <div className="a-filter">
          <Select<string>
            style={{ width: '100%' }}
            value={role ?? undefined}
            placeholder={adminMsg.filterRole}
            aria-label={adminMsg.filterRole}
            loading={roles.isLoading}
            options={orderRoles(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
            onChange={(v) => pickRole(v ?? null)}
          />
          <Button icon={<CloseOutlined aria-hidden />} aria-label={adminMsg.clearRole} title={adminMsg.clearRole} onClick={() => pickRole(null)} disabled={!role} />
        </div>
      }
      columns={[
        { title: adminMsg.name, dataIndex: 'name', key: 'name' },
        { title: adminMsg.email, dataIndex: 'email', key: 'email' },
        {
          title: adminMsg.role,
          dataIndex: 'role',
          key: 'role',
          render: (r: string) => msg.roleLabels[r] ?? r,
        },
        {
          title: adminMsg.company,
          key: 'company',
          render: (_: unknown, u: UserView) =>
            u.shippingCompany ? `${u.company?.name ?? ''} · ${u.shippingCompany.name}` : (u.company?.name ?? ''),
        },
        {
          title: adminMsg.status,
          dataIndex: 'isEnabled',
          key: 'status',
          width: 100,
          render: (on: boolean) => <StatusTag active={on} />,
        },
      ]}
      actions={{
        editPath: (u) => adminPaths.userEdit(u.id),
        name: (u) => u.name,
        removeWhat: (u) => adminMsg.userDelete(u.name),
        remove: (u) => remove(u.id).unwrap(),
        canRemove: (u) => u.id !== session?.id,
      }}
    />
  );
}
