/**
 * The dispatch panel's 'Recuperar' on a vehicle of the Faltosos list (spec 3 sections 4 and
 * 5): net weight (the weight field's rules), the order, and the queue id, sent to
 * `POST /queue-restore/save`; 'Solicitação enviada'. The button is disabled while sending,
 * when the weight is zero or when no order is chosen. The orders offered are the server's
 * (`GET /queue-restore/orders/{queueId}`): the loading's own order, or for a freelancer the
 * company's open orders, searched by code or customer (issue 22); the server runs the loading
 * checks on the order chosen and its refusal is shown as it says it.
 */
import { useMemo, useState } from 'react';
import { App, Button, Modal, Select } from 'antd';
import { readApiError } from '../../shared/apiError';
import type { YardRow } from '../expedition/api';
import { parseWeight } from '../expedition/model';
import { TonnageField } from '../../shared/ui/TonnageField';
import { useDebounced } from '../../shared/records/hooks';
import { useRequestRescueMutation, useRescueOrdersQuery, type RescueOrder } from './api';
import { rescueMsg } from './texts';

export function RescueRequestModal({ row, onDone }: { row: YardRow; onDone: () => void }) {
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [orderId, setOrderId] = useState<number | null>(row.orderId ?? null);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<RescueOrder | null>(null);
  const [send, sending] = useRequestRescueMutation();
  const weight = parseWeight(text);
  const term = useDebounced(search);
  const found = useRescueOrdersQuery({ queueId: row.id, search: term });
  // The chosen order stays listed while another search runs.
  const list = useMemo(() => {
    const items = found.data ?? [];
    return chosen && !items.some((o) => o.id === chosen.id) ? [chosen, ...items] : items;
  }, [found.data, chosen]);
  const current = list.find((o) => o.id === orderId) ?? null;
  const orders = list.map((o) => ({ value: o.id, label: `${o.code}${o.customerName ? ` - ${o.customerName}` : ''}` }));
  const submit = async () => {
    if (weight === null || orderId === null) return;
    try {
      await send({ queueId: row.id, orderId, netWeight: weight }).unwrap();
      void message.success(rescueMsg.sent);
      onDone();
    } catch (e) {
      void message.error(readApiError(e).message);
    }
  };
  return (
    <Modal
      open
      title={rescueMsg.recoverTitle(row.licensePlate)}
      onCancel={onDone}
      footer={[
        <Button key="cancel" onClick={onDone}>
          {rescueMsg.cancel}
        </Button>,
        <Button
          key="ok"
          type="primary"
          disabled={weight === null || orderId === null || sending.isLoading}
          loading={sending.isLoading}
          onClick={() => void submit()}
        >
          {rescueMsg.send}
        </Button>,
      ]}
    >
      <div style={{ display: 'grid', gap: 12 }}>
        <TonnageField
          label={rescueMsg.netWeight}
          value={text}
          onChange={setText}
          limits={{ capacity: row.netCapacity, balance: current?.balance ?? null }}
        />
        <label>
          {rescueMsg.order}
          <Select
            style={{ width: '100%' }}
            aria-label={rescueMsg.order}
            placeholder={rescueMsg.chooseOrder}
            value={orderId ?? undefined}
            onChange={(v: number) => {
              setOrderId(v);
              setChosen(list.find((o) => o.id === v) ?? null);
            }}
            showSearch
            filterOption={false}
            onSearch={setSearch}
            loading={found.isFetching}
            notFoundContent={found.isFetching ? null : rescueMsg.noOrders}
            options={orders}
          />
        </label>
      </div>
    </Modal>
  );
}
