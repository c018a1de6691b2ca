/**
 * The 'Adicionar Veiculo' dialog of /agendamento/novo/{id} (spec 2 sections 2 and 5): the plate
 * (letters and digits, 7 characters) finds the truck and shows its model and net capacity; then
 * the driver, the quantity and the expiry date. The form checks what it can; the server runs
 * the nine checks in the spec's order and its message is shown as it comes.
 */
import { useEffect, useState } from 'react';
import { Alert, App, DatePicker, Form, Input, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { readApiError } from '../../shared/apiError';
import { TOAST_SECONDS } from '../../shared/messages';
import { RemoteSelect } from '../../shared/records/components/RemoteSelect';
import { useSaveLoadingsMutation, useLoadingTruckQuery, type LoadingTruck, type Order } from './api';
import { tonnes } from './format';
import { orderMsg } from './texts';

const PLATE_LENGTH = 7;

/** The plate's own form (spec 2 section 5): a message, or null when it is a full plate. */
export function plateProblem(plate: string): string | null {
  if (!/^[A-Za-z0-9]*$/.test(plate)) return orderMsg.plateOnlyAlnum;
  if (plate.length !== PLATE_LENGTH) return orderMsg.plateLength;
  return null;
}

/**
 * The quantity as typed (check 5 of spec 2 section 5): a message, or null when it is a number
 * above zero. Letters read 'A quantidade deve ser um numero!', not a range error.
 */
export function quantityProblem(text: string | null | undefined): string | null {
  const t = (text ?? '').trim();
  if (!/^\d+([.,]\d+)?$/.test(t)) return orderMsg.quantityNumber;
  return Number(t.replace(',', '.')) > 0 ? null : orderMsg.quantityPositive;
}

/** A plate input that looks the truck up in the order's company once the plate is whole. */
export function PlateField({
  orderId,
  value,
  onChange,
  id,
  showProblem = true,
}: {
  orderId: number;
  value: string;
  onChange: (plate: string, truck: LoadingTruck | null) => void;
  id?: string;
  /** Off inside a Form.Item that shows the plate's problem itself. */
  showProblem?: boolean;
}) {
  const plate = value.toUpperCase();
  const problem = plate ? plateProblem(plate) : null;
  const found = useLoadingTruckQuery({ orderId, plate }, { skip: !plate || problem !== null });
  const truck = !problem && found.data?.licensePlate === plate ? found.data : null;
  const truckId = truck?.id ?? null;
  // Tell the form which truck the plate names once the lookup answers.
  useEffect(() => {
    if (truckId !== null) onChange(plate, truck);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [truckId]);
  return (
    <div>
      <Input
        id={id}
        value={plate}
        maxLength={PLATE_LENGTH + 1}
        aria-label={orderMsg.plate}
        aria-invalid={!!problem}
        status={problem || (found.isError && !found.isFetching) ? 'error' : undefined}
        onChange={(e) => onChange(e.target.value.toUpperCase(), null)}
      />
      {problem && showProblem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
      {!problem && found.isFetching && <Typography.Text type="secondary">{orderMsg.searchingTruck}</Typography.Text>}
      {!problem && !found.isFetching && found.isError && (
        <Typography.Text type="danger" role="alert">
          {orderMsg.truckNotFound}
        </Typography.Text>
      )}
      {truck && (
        <Typography.Text type="secondary">
          {[truck.model, truck.netCapacity != null ? `${orderMsg.netCapacity}: ${tonnes(truck.netCapacity)}` : null]
            .filter(Boolean)
            .join(' · ')}
        </Typography.Text>
      )}
    </div>
  );
}

interface Values {
  plate: string;
  driverId: number | null;
  quantity: string;
  expiration: Dayjs | null;
}

export function NewLoadingDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [truck, setTruck] = useState<LoadingTruck | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [save, saving] = useSaveLoadingsMutation();
  const plate = Form.useWatch('plate', form) ?? '';

  async function onFinish(v: Values) {
    setServerError(null);
    try {
      await save([
        {
          order: { id: order.id },
          truck: truck ? { id: truck.id } : { licensePlate: v.plate },
          driver: { id: v.driverId },
          qtyOrdered: v.quantity.trim().replace(',', '.'),
          expirationDate: v.expiration ? v.expiration.format('YYYY-MM-DD') : null,
        },
      ]).unwrap();
      void message.success(orderMsg.loadingSaved, TOAST_SECONDS);
      onClose();
    } catch (e) {
      const err = readApiError(e);
      setServerError(Object.values(err.fields)[0] ?? err.message);
    }
  }

  return (
    <Modal
      open
      title={orderMsg.newLoading}
      okText={orderMsg.addVehicle}
      cancelText={orderMsg.back}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={saving.isLoading}
      destroyOnHidden
    >
      {serverError && <Alert type="error" showIcon title={serverError} role="alert" className="a-notice" />}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ plate: '', driverId: null, quantity: '', expiration: dayjs().add(7, 'day') }}
        onFinish={(v) => void onFinish(v)}
        // The server's refusal answered the values sent: once they change it no longer applies.
        onValuesChange={() => setServerError(null)}
      >
        <Form.Item
          label={orderMsg.plate}
          name="plate"
          required
          rules={[
            {
              validator: (_, v: string) => {
                if (!v) return Promise.reject(new Error(orderMsg.plateRequired));
                const p = plateProblem(v.toUpperCase());
                return p ? Promise.reject(new Error(p)) : Promise.resolve();
              },
            },
          ]}
          getValueProps={() => ({})}
        >
          <PlateField
            id="plate"
            showProblem={false}
            orderId={order.id}
            value={plate}
            onChange={(p, t) => {
              form.setFieldValue('plate', p);
              setTruck(t);
            }}
          />
        </Form.Item>
        <Form.Item label={orderMsg.driver} name="driverId" rules={[{ required: true, message: orderMsg.driverRequired }]}>
          <RemoteSelect resource="driver" id="driverId" companyId={order.company.id} placeholder={orderMsg.chooseDriver} />
        </Form.Item>
        <Form.Item
          label={orderMsg.quantity}
          name="quantity"
          rules={[
            {
              validator: (_, value: string) => {
                const problem = quantityProblem(value);
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input id="quantity" inputMode="decimal" autoComplete="off" maxLength={12} />
        </Form.Item>
        <Form.Item label={orderMsg.expiration} name="expiration" rules={[{ required: true, message: orderMsg.expirationRequired }]}>
          <DatePicker id="expiration" format="DD/MM/YYYY" style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
