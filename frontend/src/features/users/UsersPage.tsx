/**
 * /usuarios: 'Gerenciar Usuarios' (spec 1 section 2). Search by name; filters by company and
 * by role, each with a clear button; 'Cadastrar' opens /usuario/novo; 8 rows per page.
 */
import { useState } from 'react';
import { Button, Select, Space, Table } from 'antd';
import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { useStaffGoTo } from '../auth/session';
import { msg } from '../../shared/messages';
import { useRolesQuery } from '../admin/api';
import { DeleteButton } from '../admin/components/DeleteButton';
import { EditButton } from '../admin/components/EditButton';
import { LoadError } from '../admin/components/LoadError';
import { PageHeader } from '../admin/components/PageHeader';
import { RemoteSelect } from '../admin/components/RemoteSelect';
import { SearchBox } from '../admin/components/SearchBox';
import { StatusTag } from '../admin/components/StatusTag';
import { useListState, useSession } from '../admin/hooks';
import { adminMsg, PAGE_SIZE } from '../admin/messages';
import { adminPaths } from '../admin/paths';
import '../admin/admin.css';
import { useDeleteUserMutation, useUsersQuery, type UserView } from './api';
import { orderRoles } from './userForm';

export default function UsersPage() {
  const goTo = useStaffGoTo();
  const session = useSession();
  const list = useListState();
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [role, setRole] = useState<string | null>(null);
  const roles = useRolesQuery();
  const { data, isFetching, isError, refetch } = useUsersQuery({
    page: list.page,
    pageSize: PAGE_SIZE.users,
    search: list.search,
    companyId: companyId ?? undefined,
    role: role ?? undefined,
  });
  const [remove] = useDeleteUserMutation();

  const pickCompany = (v: number | null) => {
    setCompanyId(v);
    list.setPage(1);
  };
  const pickRole = (v: string | null) => {
    setRole(v);
    list.setPage(1);
  };

  const columns = [
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
    {
      title: adminMsg.actions,
      key: 'actions',
      width: 110,
      render: (_: unknown, u: UserView) => (
        <Space size={0}>
          <EditButton to={adminPaths.userEdit(u.id)} name={u.name} />
          {u.id !== session?.id && (
            <DeleteButton what={adminMsg.userDelete(u.name)} onDelete={() => remove(u.id).unwrap()} />
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="a-page">
      <PageHeader
        title={adminMsg.usersTitle}
        extra={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => goTo(adminPaths.userNew)}>
            {adminMsg.register}
          </Button>
        }
      />
      <div className="a-toolbar">
        <SearchBox value={list.searchText} onChange={list.setSearchText} label={adminMsg.userSearch} />
        <div className="a-filter">
          <RemoteSelect
            resource="company"
            value={companyId}
            onChange={pickCompany}
            allowClear={false}
            placeholder={adminMsg.filterCompany}
            ariaLabel={adminMsg.filterCompany}
          />
          <Button icon={<CloseOutlined aria-hidden />} aria-label={adminMsg.clearCompany} title={adminMsg.clearCompany} onClick={() => pickCompany(null)} disabled={!companyId} />
        </div>
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
      </div>
      {isError && <LoadError onRetry={() => void refetch()} />}
      <Table<UserView>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data?.items ?? []}
        loading={isFetching}
        scroll={{ x: 800 }}
        locale={{ emptyText: adminMsg.noResults }}
        pagination={{
          current: list.page,
          pageSize: PAGE_SIZE.users,
          total: data?.total ?? 0,
          showSizeChanger: false,
          onChange: list.setPage,
        }}
      />
    </div>
  );
}
