/**
 * /pedidos: the order list (9 per page; search over id, code and customer). Orders at 100 %
 * are hidden until the toggle in the action header shows them. Administrators see the company
 * column; a Transportadora sees the orders open to its shipping company, read-only.
 */
import { useState } from 'react';
import { Switch, Table, Tag } from 'antd';
import { DeleteButton } from '../../shared/records/components/DeleteButton';
import { LoadError } from '../../shared/records/components/LoadError';
import { PageHeader } from '../../shared/records/components/PageHeader';
import { SearchBox } from '../../shared/records/components/SearchBox';
import { useListState, useSession } from '../../shared/records/hooks';
import { adminMsg } from '../../shared/records/messages';
import '../../shared/records/admin.css';
import { useDeleteOrderMutation, useOrdersQuery, type Order } from './api';

const PAGE_SIZE = 9;
const tonnes = (t: number) => `${t.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} t`;

export default function OrdersPage() {
  const session = useSession();
  const list = useListState();
  const [complete, setComplete] = useState(false);
  const { data, isFetching, isError, refetch } = useOrdersQuery({
    page: list.page,
    pageSize: PAGE_SIZE,
    search: list.search,
    complete,
  });
  const [remove] = useDeleteOrderMutation();
  const isAdmin = session?.role === 'Administrador';
  const readOnly = session?.role === 'Transportadora';
  const columns = [
    { title: 'Código', dataIndex: 'code', key: 'code', width: 110 },
    { title: 'Cliente', key: 'customer', render: (_: unknown, o: Order) => o.customer.name },
    ...(isAdmin ? [{ title: adminMsg.company, key: 'company', render: (_: unknown, o: Order) => o.company.name }] : []),
    {
      title: 'Data',
      key: 'date',
      width: 110,
      render: (_: unknown, o: Order) => new Date(o.createAt).toLocaleDateString('pt-BR'),
    },
    { title: 'Pedido', key: 'ordered', render: (_: unknown, o: Order) => tonnes(o.ordered) },
    { title: 'Entregue', key: 'delivered', render: (_: unknown, o: Order) => tonnes(o.delivered) },
    { title: 'Status', key: 'status', width: 90, render: (_: unknown, o: Order) => `${o.status}%` },
    {
      title: 'Ativo',
      key: 'enable',
      width: 90,
      render: (_: unknown, o: Order) => (o.enable ? <Tag color="green">Ativo</Tag> : <Tag>Inativo</Tag>),
    },
    {
      title: (
        <span>
          {adminMsg.actions}{' '}
          <Switch size="small" checked={complete} onChange={setComplete} aria-label="Mostrar pedidos concluídos (100%)" />
        </span>
      ),
      key: 'actions',
      width: 140,
      render: (_: unknown, o: Order) =>
        readOnly ? null : <DeleteButton what={`o pedido ${o.code}`} onDelete={() => remove(o.id).unwrap()} />,
    },
  ];
  return (
    <div className="a-page">
      <PageHeader title="Pedidos" />
      <SearchBox value={list.searchText} onChange={list.setSearchText} label="Buscar por id, código ou cliente" />
      {isError && <LoadError onRetry={() => void refetch()} />}
      <Table<Order>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data?.items ?? []}
        loading={isFetching}
        locale={{ emptyText: adminMsg.noResults }}
        pagination={{
          current: list.page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          onChange: list.setPage,
        }}
      />
    </div>
  );
}
