/**
 * /fila (Usuario; spec 3 section 2 "Virtual queue admin screen", issue 13): 'Adicionar
 * agendamento à fila' — a truck (model and net tonnes), one of the company's open orders and a
 * driver; '+ Adicionar' asks the server to create the order's loading and queue the vehicle
 * (`POST /api/queue/add`; every rule and message is the server's). On the right: today's
 * counters, the progress bar, 'Restam' and the queue (10 per page). Re-reads on the company's
 * `/api/ws` events; 3-minute polling only as the fallback.
 */
import { useCallback, useMemo, useState } from 'react';
import { App, Button, Card, Input, Progress, Select, Statistic, Tag, Typography, type TableColumnsType } from 'antd';
import { StaffTable } from '../../shared/ui/StaffTable';
import { PlusOutlined } from '@ant-design/icons';
import { readApiError } from '../../shared/apiError';
import { formatDate } from '../../shared/formatters';
import { maskCpf } from '../../shared/masks';
import { TOAST_SECONDS } from '../../shared/messages';
import { useCompanyEvents } from '../../shared/realtime';
import { useDebounced, useSession } from '../../shared/records/hooks';
import { useAppDispatch } from '../../app/store';
import { useDriversQuery } from '../fleet/driversApi';
import { useOrdersQuery, type Order } from '../orders/api';
import {
  invalidateYard,
  useActiveQueueQuery,
  useAddToQueueMutation,
  useDeskTrucksQuery,
  useQueueTotalsQuery,
  type QueueRow,
} from './api';
import { dayProgress } from './model';
import { yardMsg } from './texts';

export const deskMsg = {
  title: 'Fila',
  addTitle: 'Adicionar agendamento à fila',
  truck: 'Caminhão',
  truckPlaceholder: 'Buscar placa',
  orders: 'Pedidos em aberto',
  orderSearch: 'Buscar pedido',
  noOrders: 'Nenhum pedido em aberto.',
  code: 'Código',
  customer: 'Cliente',
  driver: 'Motorista',
  driverPlaceholder: 'Buscar nome ou CPF',
  add: 'Adicionar',
  today: (d: string) => `Hoje, ${d}`,
  left: 'Restam',
  queue: 'Fila',
  plate: 'Placa',
  model: 'Modelo',
  emptyQueue: 'Nenhum veículo na fila.',
  loadError: 'Não foi possível carregar a fila. Tente novamente.',
};

const FALLBACK_POLL_MS = 180_000;
const ORDERS_PAGE = 5;
const QUEUE_PAGE = 10;

const tonnes = (t?: number | null) => (t == null ? '' : `${t.toLocaleString('pt-BR')} t`);

export default function QueueDeskPage() {
  const { message } = App.useApp();
  const session = useSession();
  const companyId = session?.company?.id ?? null;
  const dispatch = useAppDispatch();
  const skip = companyId == null;

  const [truckText, setTruckText] = useState('');
  const [driverText, setDriverText] = useState('');
  const [orderText, setOrderText] = useState('');
  const [orderPage, setOrderPage] = useState(1);
  const truckSearch = useDebounced(truckText.trim(), 250);
  const driverSearch = useDebounced(driverText.trim(), 250);
  const orderSearch = useDebounced(orderText.trim(), 300);
  const [truckId, setTruckId] = useState<number | null>(null);
  const [orderId, setOrderId] = useState<number | null>(null);
  const [driverId, setDriverId] = useState<number | null>(null);

  const trucks = useDeskTrucksQuery({ companyId: companyId ?? 0, text: truckSearch }, { skip });
  const drivers = useDriversQuery({ page: 1, pageSize: 20, search: driverSearch }, { skip });
  const orders = useOrdersQuery({ page: orderPage, pageSize: ORDERS_PAGE, search: orderSearch, complete: false }, { skip });
  const queue = useActiveQueueQuery(companyId ?? 0, { skip, pollingInterval: FALLBACK_POLL_MS });
  const totals = useQueueTotalsQuery(companyId ?? 0, { skip, pollingInterval: FALLBACK_POLL_MS });
  const [addToQueue, adding] = useAddToQueueMutation();
  const reread = useCallback(() => dispatch(invalidateYard()), [dispatch]);
  useCompanyEvents(reread, { enabled: !skip });

  const truckOptions = useMemo(
    () =>
      (trucks.data ?? []).map((t) => ({
        value: t.id,
        label: [t.licensePlate, t.vehicleModel, tonnes(t.netCapacity)].filter(Boolean).join(' - '),
      })),
    [trucks.data],
  );
  const driverOptions = useMemo(
    () => (drivers.data?.items ?? []).map((d) => ({ value: d.id, label: `${d.name} - ${maskCpf(d.cpf)}` })),
    [drivers.data],
  );

  const ready = truckId != null && orderId != null && driverId != null;
  const add = async () => {
    if (!ready) return;
    try {
      const out = await addToQueue({ order: { id: orderId }, truck: { id: truckId }, driver: { id: driverId } }).unwrap();
      void message.success(out.message, TOAST_SECONDS);
      setTruckId(null);
      setDriverId(null);
      setOrderId(null);
    } catch (e) {
      void message.error(readApiError(e).message, TOAST_SECONDS);
    }
  };

  const t = totals.data;
  const programmed = t?.totalsToday ?? 0;
  const attended = t?.attended ?? 0;
  const missing = t?.missing ?? 0;
  const { left, percent } = dayProgress(programmed, attended, missing);
  // The yard's day, not the PC's: near midnight the two differ.
  const today = formatDate(new Date(), session?.company?.timeZone);

  const orderColumns: TableColumnsType<Order> = [
    { title: deskMsg.code, dataIndex: 'code' },
    { title: deskMsg.customer, key: 'customer', render: (_, o) => o.customer?.name ?? '-' },
  ];
  const queueColumns: TableColumnsType<QueueRow> = [
    { title: deskMsg.queue, dataIndex: 'position', width: 80 },
    {
      title: deskMsg.plate,
      key: 'plate',
      render: (_, r) => (
        <>
          <strong>{r.licensePlate}</strong> {r.isFreelancer && <Tag>{yardMsg.freelancer}</Tag>}
        </>
      ),
    },
    { title: deskMsg.model, key: 'model', render: (_, r) => r.vehicleModelName ?? '-' },
  ];

  if (!session) return null;
  return (
    <div className="patio-panel q-desk">
      <Typography.Title level={3}>{deskMsg.title}</Typography.Title>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start' }}>
        <Card title={deskMsg.addTitle} style={{ flex: '1 1 420px' }}>
          <label htmlFor="desk-truck">{deskMsg.truck}</label>
          <Select<number>
            id="desk-truck"
            showSearch
            allowClear
            filterOption={false}
            style={{ width: '100%', marginBottom: 16 }}
            placeholder={deskMsg.truckPlaceholder}
            value={truckId ?? undefined}
            onSearch={setTruckText}
            onChange={(v) => setTruckId(v ?? null)}
            options={truckOptions}
            loading={trucks.isFetching}
          />
          <label htmlFor="desk-order-search">{deskMsg.orders}</label>
          <Input.Search
            id="desk-order-search"
            allowClear
            placeholder={deskMsg.orderSearch}
            value={orderText}
            onChange={(e) => {
              setOrderText(e.target.value);
              setOrderPage(1);
            }}
            style={{ marginBottom: 8 }}
          />
          <StaffTable<Order>
            label={deskMsg.orders}
            rowKey="id"
            size="small"
            columns={orderColumns}
            dataSource={orders.data?.items ?? []}
            loading={orders.isFetching}
            locale={{ emptyText: deskMsg.noOrders }}
            rowSelection={{
              type: 'radio',
              selectedRowKeys: orderId == null ? [] : [orderId],
              onChange: (keys) => setOrderId(keys.length ? Number(keys[0]) : null),
              getCheckboxProps: (o) => ({ 'aria-label': `${deskMsg.code} ${o.code}` }),
            }}
            pagination={{
              current: orderPage,
              pageSize: ORDERS_PAGE,
              total: orders.data?.total ?? 0,
              onChange: setOrderPage,
              showSizeChanger: false,
            }}
            style={{ marginBottom: 16 }}
          />
          <label htmlFor="desk-driver">{deskMsg.driver}</label>
          <Select<number>
            id="desk-driver"
            showSearch
            allowClear
            filterOption={false}
            style={{ width: '100%', marginBottom: 16 }}
            placeholder={deskMsg.driverPlaceholder}
            value={driverId ?? undefined}
            onSearch={setDriverText}
            onChange={(v) => setDriverId(v ?? null)}
            options={driverOptions}
            loading={drivers.isFetching}
          />
          <Button type="primary" icon={<PlusOutlined aria-hidden />} disabled={!ready} loading={adding.isLoading} onClick={() => void add()}>
            {deskMsg.add}
          </Button>
        </Card>
        <Card title={deskMsg.today(today)} style={{ flex: '1 1 420px' }}>
          <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap' }}>
            <Statistic title={yardMsg.cards.programmed} value={programmed} />
            <Statistic title={yardMsg.cards.attended} value={attended} />
            <Statistic title={yardMsg.cards.missing} value={missing} />
            <Statistic title={deskMsg.left} value={left} />
          </div>
          <Progress percent={percent} aria-label={`${yardMsg.cards.attended}: ${percent}%`} style={{ margin: '12px 0' }} />
          {queue.isError && <Typography.Text type="danger">{deskMsg.loadError}</Typography.Text>}
          <StaffTable<QueueRow>
            label={deskMsg.queue}
            rowKey="id"
            size="small"
            columns={queueColumns}
            dataSource={queue.data ?? []}
            loading={queue.isLoading}
            locale={{ emptyText: deskMsg.emptyQueue }}
            pagination={{ pageSize: QUEUE_PAGE, showSizeChanger: false }}
          />
        </Card>
      </div>
    </div>
  );
}
