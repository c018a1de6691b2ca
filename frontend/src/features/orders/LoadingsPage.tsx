/**
 * /agendamento/novo/{id}: the loadings of an order (spec 2). The header shows the order and its
 * numbers (the server's), the tabs Aguardando, Concluidos and Desistentes list the loadings,
 * 'Adicionar Veiculo' opens the new-loading dialog. The nine checks of spec 2 section 5 are the
 * server's; the dialog checks the plate's form and the required fields before sending and shows
 * the server's refusal as it comes.
 */
import { useState } from 'react';
import { Alert, App, Button, Col, Descriptions, Row, Space, Statistic, Tabs, Tag, Tooltip, Typography } from 'antd';
import { ArrowLeftOutlined, CheckOutlined, CloseOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { useStaffGoTo } from '../auth/session';
import { readApiError } from '../../shared/apiError';
import { formatDecimal } from '../../shared/formatters';
import { TOAST_SECONDS } from '../../shared/messages';
import { DeleteButton } from '../../shared/records/components/DeleteButton';
import { FormShell } from '../../shared/records/components/FormShell';
import { LoadError } from '../../shared/records/components/LoadError';
import { RemoteSelect } from '../../shared/records/components/RemoteSelect';
import { adminMsg } from '../../shared/records/messages';
import '../../shared/records/admin.css';
import {
  useDeleteLoadingMutation,
  useDeletedLoadingsQuery,
  useLoadingsQuery,
  useOrderQuery,
  useSaveLoadingsMutation,
  type DeletedLoading,
  type Loading,
  type Order,
} from './api';
import { tonnes } from './format';
import { NewLoadingDialog, PlateField } from './NewLoadingDialog';
import { orderMsg, orderPaths } from './texts';
import { StaffTable } from '../../shared/ui/StaffTable';

const dateBr = (d?: string | null) => (d ? new Date(`${d.slice(0, 10)}T12:00:00`).toLocaleDateString('pt-BR') : '—');

export default function LoadingsPage() {
  const id = Number(useParams().id ?? 0) || 0;
  const order = useOrderQuery(id, { skip: !id });
  const goTo = useStaffGoTo();
  return (
    <FormShell
      title={order.data ? orderMsg.loadingsTitle(order.data.code) : orderMsg.loadings}
      loading={order.isLoading}
      error={order.isError ? order.error : undefined}
      onRetry={() => void order.refetch()}
      extra={
        <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => goTo(orderPaths.orders)}>
          {orderMsg.back}
        </Button>
      }
    >
      {order.data && <OrderLoadings order={order.data} />}
    </FormShell>
  );
}

function OrderLoadings({ order }: { order: Order }) {
  const [adding, setAdding] = useState(false);
  const loadings = useLoadingsQuery(order.id);
  const deleted = useDeletedLoadingsQuery(order.id);
  const products = [...new Set((order.orderItem ?? []).map((i) => i.product.name))].join(', ');
  const all = loadings.data ?? [];
  const waiting = all.filter((l) => !l.expedInitialDate);
  const done = all.filter((l) => l.status);

  return (
    <>
      <Space wrap className="a-notice">
        <Typography.Text strong>{order.code}</Typography.Text>
        {order.enable ? <Tag color="green">{orderMsg.orderEnabled}</Tag> : <Tag color="red">{orderMsg.orderDisabled}</Tag>}
        {(order.shippingCompany ?? []).map((s) => (
          <Tag key={s.id}>{s.name}</Tag>
        ))}
      </Space>
      <Descriptions size="small" column={{ xs: 1, md: 2 }} className="a-notice">
        <Descriptions.Item label={orderMsg.recipient}>{order.customer.name}</Descriptions.Item>
        <Descriptions.Item label={orderMsg.company}>{order.company.name}</Descriptions.Item>
        <Descriptions.Item label={orderMsg.city}>{order.customer.city ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={orderMsg.product}>{products || '—'}</Descriptions.Item>
      </Descriptions>
      <Row gutter={16} className="a-notice">
        <Col xs={12} md={6}>
          <Statistic title={orderMsg.percentDone} value={`${order.status}%`} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={orderMsg.ordered} value={tonnes(order.ordered)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={orderMsg.dispatched} value={tonnes(order.delivered)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={orderMsg.balance} value={tonnes(order.balance)} />
        </Col>
      </Row>
      {!order.enable && <Alert type="warning" showIcon title={orderMsg.orderDisabled} className="a-notice" />}
      <Space className="a-notice">
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)} disabled={!order.enable}>
          {orderMsg.addVehicle}
        </Button>
      </Space>
      {(loadings.isError || deleted.isError) && (
        <LoadError
          onRetry={() => {
            void loadings.refetch();
            void deleted.refetch();
          }}
        />
      )}
      <Tabs
        items={[
          {
            key: 'waiting',
            label: `${orderMsg.waiting} (${waiting.length})`,
            children: <LoadingTable label={orderMsg.waiting} rows={waiting} loading={loadings.isFetching} companyId={order.company.id} />,
          },
          {
            key: 'done',
            label: `${orderMsg.done} (${done.length})`,
            children: <LoadingTable label={orderMsg.done} rows={done} loading={loadings.isFetching} companyId={order.company.id} />,
          },
          {
            key: 'dropouts',
            label: `${orderMsg.dropouts} (${deleted.data?.length ?? 0})`,
            children: <DeletedTable rows={deleted.data ?? []} loading={deleted.isFetching} />,
          },
        ]}
      />
      {adding && <NewLoadingDialog order={order} onClose={() => setAdding(false)} />}
    </>
  );
}

interface Draft {
  truckId: number;
  plate: string;
  driverId: number | null;
  driverName: string;
  quantity: string;
}

function LoadingTable({ label, rows, loading, companyId }: { label: string; rows: Loading[]; loading: boolean; companyId: number }) {
  const { message } = App.useApp();
  const [editing, setEditing] = useState<number | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [save, saving] = useSaveLoadingsMutation();
  const [remove] = useDeleteLoadingMutation();

  function startEdit(l: Loading) {
    setEditing(l.id);
    setError(null);
    setDraft({
      truckId: l.truck.id,
      plate: l.truck.licensePlate,
      driverId: l.driver.id,
      driverName: l.driver.name,
      // Edited as typed in pt-BR ('30,5'); the comma goes back to a dot when sent.
      quantity: formatDecimal(l.qtyOrdered, undefined, false),
    });
  }

  async function saveEdit(l: Loading) {
    if (!draft) return;
    try {
      await save([
        {
          id: l.id,
          truck: draft.truckId ? { id: draft.truckId } : { licensePlate: draft.plate },
          driver: { id: draft.driverId },
          qtyOrdered: draft.quantity.replace(',', '.'),
        },
      ]).unwrap();
      void message.success(orderMsg.loadingEdited, TOAST_SECONDS);
      setEditing(null);
    } catch (e) {
      const err = readApiError(e);
      setError(Object.values(err.fields)[0] ?? err.message);
    }
  }

  const editingRow = (l: Loading) => editing === l.id && draft;
  return (
    <>
      {error && <Alert type="error" showIcon title={error} role="alert" className="a-notice" />}
      <StaffTable<Loading>
        label={label}
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={rows}
        scroll={{ x: 900 }}
        locale={{ emptyText: orderMsg.noLoadings }}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        columns={[
          {
            title: orderMsg.plate,
            key: 'plate',
            width: 150,
            render: (_: unknown, l: Loading) =>
              editingRow(l) ? (
                <PlateField
                  orderId={l.order.id}
                  value={draft?.plate ?? ''}
                  onChange={(plate, truck) => setDraft((d) => d && { ...d, plate, truckId: truck?.id ?? 0 })}
                />
              ) : (
                l.truck.licensePlate
              ),
          },
          {
            title: orderMsg.driver,
            key: 'driver',
            render: (_: unknown, l: Loading) =>
              editingRow(l) ? (
                <RemoteSelect
                  resource="driver"
                  companyId={companyId}
                  ariaLabel={orderMsg.driver}
                  value={draft?.driverId ?? null}
                  selected={draft?.driverId ? { id: draft.driverId, name: draft.driverName } : null}
                  onChange={(v, c) => setDraft((d) => d && { ...d, driverId: v, driverName: c?.name ?? '' })}
                />
              ) : (
                l.driver.name
              ),
          },
          { title: orderMsg.shippingCompany, key: 'carrier', render: (_: unknown, l: Loading) => l.shippingCompany?.name ?? 'Nenhuma' },
          {
            title: orderMsg.qtyOrdered,
            key: 'qty',
            width: 130,
            render: (_: unknown, l: Loading) =>
              editingRow(l) ? (
                <input
                  className="ant-input"
                  aria-label={orderMsg.qtyOrdered}
                  inputMode="decimal"
                  value={draft?.quantity ?? ''}
                  onChange={(e) => {
                    const v = e.target.value;
                    setDraft((d) => d && { ...d, quantity: v });
                  }}
                />
              ) : (
                tonnes(l.qtyOrdered)
              ),
          },
          { title: orderMsg.loadingTransported, key: 'transported', width: 120, render: (_: unknown, l: Loading) => tonnes(l.qtyTransported) },
          { title: orderMsg.expiration, key: 'exp', width: 110, render: (_: unknown, l: Loading) => dateBr(l.expirationDate) },
          {
            title: orderMsg.daysLeft,
            key: 'days',
            width: 110,
            render: (_: unknown, l: Loading) =>
              l.daysLeftLabel ? <Typography.Text type={l.urgent ? 'danger' : undefined}>{l.daysLeftLabel}</Typography.Text> : '—',
          },
          {
            title: adminMsg.actions,
            key: 'actions',
            width: 110,
            render: (_: unknown, l: Loading) =>
              editingRow(l) ? (
                <Space size={0}>
                  <Tooltip title={orderMsg.saveRow}>
                    <Button type="text" icon={<CheckOutlined aria-hidden />} aria-label={orderMsg.saveRow} loading={saving.isLoading} onClick={() => void saveEdit(l)} />
                  </Tooltip>
                  <Tooltip title={orderMsg.cancelEdit}>
                    <Button type="text" icon={<CloseOutlined aria-hidden />} aria-label={orderMsg.cancelEdit} onClick={() => setEditing(null)} />
                  </Tooltip>
                </Space>
              ) : (
                <Space size={0}>
                  {l.canEdit && (
                    <Tooltip title={orderMsg.editRow}>
                      <Button
                        type="text"
                        icon={<EditOutlined aria-hidden />}
                        aria-label={`${orderMsg.editRow} ${l.truck.licensePlate}`}
                        onClick={() => startEdit(l)}
                      />
                    </Tooltip>
                  )}
                  {l.canDelete && <DeleteButton what={`o carregamento ${l.truck.licensePlate}`} onDelete={() => remove(l.id).unwrap()} />}
                </Space>
              ),
          },
        ]}
      />
    </>
  );
}

function DeletedTable({ rows, loading }: { rows: DeletedLoading[]; loading: boolean }) {
  return (
    <StaffTable<DeletedLoading>
      label={orderMsg.dropouts}
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={rows}
      scroll={{ x: 700 }}
      locale={{ emptyText: orderMsg.noLoadings }}
      pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
      columns={[
        { title: orderMsg.plate, key: 'plate', render: (_: unknown, l: DeletedLoading) => l.truck.licensePlate },
        { title: orderMsg.driver, key: 'driver', render: (_: unknown, l: DeletedLoading) => l.driver.name },
        { title: orderMsg.qtyOrdered, key: 'qty', render: (_: unknown, l: DeletedLoading) => tonnes(l.qtyOrdered) },
        { title: orderMsg.expiration, key: 'exp', render: (_: unknown, l: DeletedLoading) => dateBr(l.expirationDate) },
        { title: orderMsg.reason, dataIndex: 'reason', key: 'reason' },
      ]}
    />
  );
}
