/**
 * /pedidos: the order list (9 per page; search over id, code and customer). Orders at 100 %
 * are hidden until the toggle in the action header shows them. Administrators see the company
 * column; a Transportadora sees the orders open to its shipping company, read-only.
 */
import { useState } from 'react';
import { Button, Switch, Tooltip } from 'antd';
import { PlusOutlined, CarOutlined } from '@ant-design/icons';
import { useStaffGoTo } from '../auth/session';
import { ListPage } from '../../shared/records/components/ListPage';
import { StatusTag } from '../../shared/records/components/StatusTag';
import { useListState, useSession } from '../../shared/records/hooks';
import { adminMsg } from '../../shared/records/messages';
import '../../shared/records/admin.css';
import { useDeleteOrderMutation, useOrdersQuery, type Order } from './api';
import { ORDER_PAGE_SIZE, orderMsg, orderPaths } from './texts';
import { tonnes } from './format';
import { formatDate } from '../../shared/formatters';

export default function OrdersPage() {
  const session = useSession();
  const goTo = useStaffGoTo();
  const list = useListState();
  const [complete, setComplete] = useState(false);
  const query = useOrdersQuery({
    page: list.page,
    pageSize: ORDER_PAGE_SIZE,
    search: list.search,
    companyId: list.companyId ?? undefined,
    complete,
  });
  const [remove] = useDeleteOrderMutation();
  const everyCompany = !!session?.screens.seesEveryCompany;
  const readOnly = session?.screens.editsOrders === false;
  return (
    <ListPage<Order>
      title={orderMsg.ordersTitle}
      headerExtra={
        readOnly ? undefined : (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => goTo(orderPaths.orderNew)}>
            {orderMsg.create}
          </Button>
        )
      }
      searchLabel={orderMsg.orderSearch}
      list={list}
      query={query}
      pageSize={ORDER_PAGE_SIZE}
      companyFilter={everyCompany}
      // No horizontal scroll: its measure row would copy the header's switch into an
      // aria-hidden row (a focusable element screen readers cannot reach).
      scroll={{}}
      columns={[
        { title: orderMsg.code, dataIndex: 'code', key: 'code', width: 110 },
        { title: orderMsg.customer, key: 'customer', render: (_: unknown, o: Order) => o.customer.name },
        ...(everyCompany ? [{ title: adminMsg.company, key: 'company', render: (_: unknown, o: Order) => o.company.name }] : []),
        {
          title: orderMsg.date,
          key: 'date',
          width: 110,
          render: (_: unknown, o: Order) => formatDate(o.createAt, session?.company?.timeZone),
        },
        { title: orderMsg.ordered, key: 'ordered', render: (_: unknown, o: Order) => tonnes(o.ordered) },
        { title: orderMsg.delivered, key: 'delivered', render: (_: unknown, o: Order) => tonnes(o.delivered) },
        { title: orderMsg.status, key: 'status', width: 90, render: (_: unknown, o: Order) => `${o.status}%` },
        {
          title: orderMsg.active,
          key: 'enable',
          width: 90,
          render: (_: unknown, o: Order) => <StatusTag active={o.enable} />,
        },
      ]}
      actions={{
        title: (
          <span>
            {adminMsg.actions} <Switch size="small" checked={complete} onChange={setComplete} aria-label={orderMsg.showComplete} />
          </span>
        ),
        width: 150,
        extra: (o) =>
          o.finished ? null : (
            <Tooltip title={orderMsg.loadings}>
              <Button
                type="text"
                icon={<CarOutlined aria-hidden />}
                aria-label={`${orderMsg.loadings} do pedido ${o.code}`}
                onClick={() => goTo(orderPaths.loadings(o.id))}
              />
            </Tooltip>
          ),
        canEdit: (o) => !readOnly && !o.finished,
        editPath: (o) => orderPaths.orderEdit(o.id),
        name: (o) => `o pedido ${o.code}`,
        removeWhat: (o) => `o pedido ${o.code}`,
        remove: readOnly ? undefined : (o) => remove(o.id).unwrap(),
        canRemove: (o) => o.deletable,
      }}
    />
  );
}
