/**
 * The dispatch panel's modals: the cards' lists (Atendidos, Faltosos, Desistentes), the weight
 * of a completed or attended loading, the delay, the driver swap and the vehicle's details.
 */
import { useState, type ReactNode } from 'react';
import { App, Button, Descriptions, InputNumber, Modal, Select, Space, Table } from 'antd';
import { formatDateTime, formatDecimal, formatTime } from '../../../shared/formatters';
import { readApiError } from '../../../shared/apiError';
import { useDebounced } from '../../../shared/records/hooks';
import { formatTonnes, type TonnageLimits } from '../../../shared/tonnage';
import { TonnageField } from '../../../shared/ui/TonnageField';
import { rescueMsg } from '../../rescues/texts';
import {
  useChangeDriverMutation,
  useCompanyDriversQuery,
  useCompleteLoadingMutation,
  useEditWeightMutation,
  useStartDelayMutation,
  useYardListQuery,
  type QueueRow,
  type YardListKind,
  type YardRow,
} from '../api';
import { brDate, parseWeight, whatsappLink } from '../model';
import { yardMsg } from '../texts';

export type WeightTarget = {
  mode: 'complete' | 'edit';
  schedulingId: number;
  plate: string;
  /** The truck's net capacity and the order's balance: the field warns above them. */
  limits: TonnageLimits;
};

export function YardListModal({
  companyId,
  kind,
  canEdit,
  seesPhone,
  onEdit,
  onRecover,
  onClose,
  zone,
}: {
  companyId: number;
  kind: YardListKind;
  canEdit: boolean;
  seesPhone: boolean;
  onEdit: (row: YardRow) => void;
  /** The Faltosos list's 'Recuperar' (dispatch roles only; the server decides). */
  onRecover: (row: YardRow) => void;
  onClose: () => void;
  /** The yard's zone: closing times read as the rest of the panel's. */
  zone: string | null | undefined;
}) {
  const { data } = useYardListQuery({ companyId, kind });
  const title =
    kind === 'attendeds' ? yardMsg.cards.attended : kind === 'missings' ? yardMsg.cards.missing : yardMsg.cards.dropouts;
  const columns = [
    { title: yardMsg.columns.plate, dataIndex: 'licensePlate' },
    {
      title: yardMsg.columns.driver,
      render: (_: unknown, r: YardRow) => <DriverContact name={r.driverName} phone={seesPhone ? r.driverPhone : null} />,
    },
    { title: yardMsg.columns.order, dataIndex: 'orderCode' },
    { title: yardMsg.columns.customer, dataIndex: 'customerName' },
    ...(kind === 'attendeds'
      ? [
          {
            title: yardMsg.columns.weight,
            key: 'weight',
            align: 'right' as const,
            render: (_: unknown, r: YardRow) => formatDecimal(r.qtyTransported, 3),
          },
          ...(canEdit
            ? [
                {
                  title: yardMsg.columns.actions,
                  render: (_: unknown, r: YardRow) => (
                    <Button size="small" aria-label={`${yardMsg.editWeight} ${r.licensePlate}`} onClick={() => onEdit(r)}>
                      {yardMsg.editWeight}
                    </Button>
                  ),
                },
              ]
            : []),
        ]
      : [
          {
            title: yardMsg.columns.closedAt,
            dataIndex: 'closedAt',
            render: (t: string | null) => formatTime(t, zone) || '-',
          },
          ...(kind === 'missings' && canEdit
            ? [
                {
                  title: yardMsg.columns.actions,
                  render: (_: unknown, r: YardRow) => (
                    <Button size="small" aria-label={`${rescueMsg.recover} ${r.licensePlate}`} onClick={() => onRecover(r)}>
                      {rescueMsg.recover}
                    </Button>
                  ),
                },
              ]
            : []),
        ]),
  ];
  return (
    <Modal open title={title} onCancel={onClose} footer={null} width={900}>
      <Table rowKey="id" size="small" columns={columns} dataSource={data ?? []} pagination={{ pageSize: 10 }} />
    </Modal>
  );
}

export function WeightModal({ target, onDone }: { target: WeightTarget; onDone: () => void }) {
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [complete, completing] = useCompleteLoadingMutation();
  const [edit, editing] = useEditWeightMutation();
  const value = parseWeight(text);
  const submit = async () => {
    if (value === null) return;
    try {
      if (target.mode === 'complete') {
        await complete({ schedulingId: target.schedulingId, qtyTransported: value }).unwrap();
        void message.success(yardMsg.completed);
      } else {
        await edit({ schedulingId: target.schedulingId, qtyTransported: value }).unwrap();
        void message.success(yardMsg.weightEdited);
      }
      onDone();
    } catch (e) {
      void message.error(readApiError(e).message);
    }
  };
  return (
    <Modal
      open
      title={target.mode === 'complete' ? yardMsg.completeTitle(target.plate) : `${yardMsg.editWeight} ${target.plate}`}
      onCancel={onDone}
      footer={[
        <Button key="cancel" onClick={onDone}>
          {yardMsg.cancel}
        </Button>,
        value !== null && (
          <Button key="ok" type="primary" loading={completing.isLoading || editing.isLoading} onClick={() => void submit()}>
            {yardMsg.confirm}
          </Button>
        ),
      ]}
    >
      <TonnageField label={yardMsg.tonnage} value={text} onChange={setText} limits={target.limits} />
    </Modal>
  );
}

export function DelayModal({
  companyId,
  reasons,
  onDone,
}: {
  companyId: number;
  reasons: { id: number; reason: string; time: number }[];
  onDone: () => void;
}) {
  const { message } = App.useApp();
  const [reason, setReason] = useState<number | null>(null);
  const [minutes, setMinutes] = useState<number | null>(null);
  const [startDelay, starting] = useStartDelayMutation();
  const submit = async () => {
    if (reason === null || !minutes) {
      void message.error(yardMsg.delayFields);
      return;
    }
    try {
      await startDelay({ companyId, delayId: reason, time: minutes }).unwrap();
      onDone();
    } catch (e) {
      void message.error(readApiError(e).message || yardMsg.delayError);
    }
  };
  return (
    <Modal
      open
      title={yardMsg.delayTitle}
      onCancel={onDone}
      okText={yardMsg.confirm}
      cancelText={yardMsg.cancel}
      confirmLoading={starting.isLoading}
      onOk={() => void submit()}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <label>
          {yardMsg.delayReason}
          <Select
            aria-label={yardMsg.delayReason}
            style={{ width: '100%' }}
            value={reason ?? undefined}
            options={reasons.map((r) => ({ value: r.id, label: r.reason }))}
            onChange={(id: number) => {
              setReason(id);
              setMinutes(reasons.find((r) => r.id === id)?.time ?? null);
            }}
          />
        </label>
        <label>
          {yardMsg.delayMinutes}
          <InputNumber
            aria-label={yardMsg.delayMinutes}
            style={{ width: '100%' }}
            min={1}
            disabled={reason === null}
            value={minutes}
            onChange={(v) => setMinutes(typeof v === 'number' ? v : null)}
          />
        </label>
      </Space>
    </Modal>
  );
}

export function SwapModal({ companyId, row, onDone }: { companyId: number; row: QueueRow; onDone: () => void }) {
  const { message } = App.useApp();
  const [search, setSearch] = useState('');
  const text = useDebounced(search.trim());
  const drivers = useCompanyDriversQuery({ companyId, text });
  const [driverId, setDriverId] = useState<number | null>(null);
  const [change, changing] = useChangeDriverMutation();
  const submit = async () => {
    if (driverId === null) return;
    try {
      await change({ id: row.id, driverId, companyId }).unwrap();
      void message.success(yardMsg.swapped);
      onDone();
    } catch (e) {
      void message.error(readApiError(e).message);
    }
  };
  return (
    <Modal
      open
      title={yardMsg.swapTitle(row.licensePlate)}
      onCancel={onDone}
      okText={yardMsg.confirm}
      cancelText={yardMsg.cancel}
      okButtonProps={{ disabled: driverId === null }}
      confirmLoading={changing.isLoading}
      onOk={() => void submit()}
    >
      <label>
        {yardMsg.swapDriver}
        <Select
          showSearch={{ filterOption: false, onSearch: setSearch }}
          aria-label={yardMsg.swapDriver}
          style={{ width: '100%' }}
          loading={drivers.isFetching}
          value={driverId ?? undefined}
          options={(drivers.data ?? [])
            .filter((d) => d.id !== row.driver.id)
            .map((d) => ({ value: d.id, label: d.name }))}
          onChange={(id: number) => setDriverId(id)}
        />
      </label>
    </Modal>
  );
}

/** A driver's name with the phone's WhatsApp link (spec 3 section 2), when the role sees it. */
export function DriverContact({ name, phone }: { name: string; phone: string | null | undefined }) {
  const link = whatsappLink(phone);
  return (
    <Space wrap size={4}>
      {name}
      {link && (
        <a href={link} target="_blank" rel="noreferrer" aria-label={yardMsg.whatsappOf(name)}>
          {yardMsg.whatsapp}
        </a>
      )}
    </Space>
  );
}

/** The vehicle-details modal (spec 3 section 2; not for the Espectador). */
export function VehicleDetails({
  row,
  seesPhone,
  onClose,
  zone,
}: {
  row: QueueRow;
  seesPhone: boolean;
  onClose: () => void;
  zone: string | null | undefined;
}) {
  const d = yardMsg.details;
  const when = (t: string | null | undefined) => (t ? formatDateTime(t, zone) : '-');
  const items: { label: string; value: ReactNode }[] = [
    { label: d.plate, value: row.licensePlate },
    { label: d.model, value: row.vehicleModelName ?? '-' },
    { label: d.capacity, value: row.netCapacity != null ? formatTonnes(row.netCapacity) : '-' },
    { label: d.driver, value: row.driverName },
    ...(seesPhone ? [{ label: d.phone, value: <DriverContact name={row.driverPhone ?? '-'} phone={row.driverPhone} /> }] : []),
    { label: d.order, value: row.scheduling?.order?.code ?? yardMsg.freelancer },
    { label: d.customer, value: row.scheduling?.order?.customer?.name ?? '-' },
    { label: d.position, value: row.position > 0 ? `${row.position}º` : '-' },
    { label: d.forecast, value: row.date ? `${brDate(row.date)} ${row.time ?? ''}`.trim() : '-' },
    ...(row.isInTolerance ? [{ label: d.tolerance, value: row.toleranceTime ?? '-' }] : []),
    { label: d.joinedAt, value: when(row.joinedAt) },
    { label: d.checkIn, value: row.checkInActive ? yardMsg.yes : yardMsg.no },
  ];
  return (
    <Modal open title={d.title(row.licensePlate)} onCancel={onClose} footer={null}>
      <Descriptions column={1} size="small" bordered items={items.map((i) => ({ key: i.label, label: i.label, children: i.value }))} />
    </Modal>
  );
}
