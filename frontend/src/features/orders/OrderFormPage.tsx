/**
 * /pedido/novo and /pedido/novo/{id}: the order form (spec 2 sections 2 and 3). Code (read-only
 * on edit), customer, company (administrators), shipping companies, items (product and
 * quantity), the delivered quantity entered at order level, enabled and `sendEmail`. An unsaved
 * item is removed here; a saved one by `DELETE /orderItem/delete/{id}` after a confirmation.
 * The status percent is the server's.
 */
import { useMemo, useState } from 'react';
import { App, Button, Checkbox, Col, Form, Input, InputNumber, Popconfirm, Row, Select, Switch, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useStaffGoTo } from '../auth/session';
import { readApiError } from '../../shared/apiError';
import { TOAST_SECONDS } from '../../shared/messages';
import { useLikeQuery } from '../../shared/records/api';
import { RecordFormPage } from '../../shared/records/components/RecordFormPage';
import { RemoteSelect, type Choice } from '../../shared/records/components/RemoteSelect';
import { useDebounced, useSaveAndReturn, useSaveError, useSession } from '../../shared/records/hooks';
import { adminMsg } from '../../shared/records/messages';
import { deleteErrorText } from '../../shared/records/serverErrors';
import '../../shared/records/admin.css';
import { useDeleteOrderItemMutation, useOrderQuery, useSaveOrderMutation, type Order } from './api';
import { tonnes } from './format';
import { ORDER_CODE_MAX, orderMsg, orderPaths } from './texts';
import { FormActions } from '../../shared/records/components/FormActions';
import { StaffTable } from '../../shared/ui/StaffTable';

interface Values {
  code: string;
  customerId: number | null;
  companyId: number | null;
  shippingIds: number[];
  qtyTransported: number | null;
  enable: boolean;
  sendEmail: boolean;
}

/** An item row: `id` set once saved; `key` tells unsaved rows apart. */
interface ItemRow {
  key: string;
  id?: number;
  product: Choice;
  quantity: number;
}

const FIELDS = ['code', 'customerId', 'companyId', 'shippingIds', 'qtyTransported', 'orderItem'] as const;
const RENAME = { customer: 'customerId', company: 'companyId', _company: 'companyId', shippingCompany: 'shippingIds' };

export default function OrderFormPage() {
  return (
    <RecordFormPage<Order> title={(id) => (id ? orderMsg.orderEditTitle : orderMsg.orderNewTitle)} useRecord={useOrderQuery}>
      {(_id, record) => <OrderForm order={record} />}
    </RecordFormPage>
  );
}

function ShippingPicker({
  value,
  onChange,
  companyId,
  known,
  id,
}: {
  value?: number[];
  onChange?: (v: number[]) => void;
  companyId?: number;
  known: Choice[];
  id?: string;
}) {
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), 250);
  const { data, isFetching } = useLikeQuery({ resource: 'shipping-company', text: search, companyId });
  const [seen, setSeen] = useState<Map<number, string>>(() => new Map(known.map((k) => [k.id, k.name])));
  const options = useMemo(() => {
    const out = new Map(seen);
    for (const item of data ?? []) out.set(item.id, item.code != null ? `${item.code} - ${item.name}` : item.name);
    return [...out].map(([v, label]) => ({ value: v, label }));
  }, [data, seen]);
  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      showSearch={{ filterOption: false, onSearch: setText }}
      loading={isFetching}
      value={value ?? []}
      options={options}
      placeholder={orderMsg.chooseShipping}
      notFoundContent={null}
      onChange={(v, opts) => {
        const list = Array.isArray(opts) ? opts : [];
        setSeen((m) => {
          const next = new Map(m);
          for (const o of list) if (o && typeof o.value === 'number') next.set(o.value, String(o.label));
          return next;
        });
        setText('');
        onChange?.(v);
      }}
      style={{ width: '100%' }}
    />
  );
}

function OrderForm({ order }: { order?: Order }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const session = useSession();
  const goTo = useStaffGoTo();
  const pickCompany = !!session?.screens.seesEveryCompany;
  const { done, leaving } = useSaveAndReturn(orderPaths.orders);
  const showError = useSaveError(form, FIELDS, RENAME);
  const [save, saving] = useSaveOrderMutation();
  const [deleteItem] = useDeleteOrderItemMutation();
  const [items, setItems] = useState<ItemRow[]>(() =>
    (order?.orderItem ?? []).map((i) => ({
      key: `saved-${i.id}`,
      id: i.id,
      product: { id: i.product.id, name: `${i.product.code} - ${i.product.name}` },
      quantity: i.quantity,
    })),
  );
  const [draftProduct, setDraftProduct] = useState<Choice | null>(null);
  const [draftQty, setDraftQty] = useState<number | null>(null);
  const [itemError, setItemError] = useState<string | null>(null);
  const companyId = Form.useWatch('companyId', form) ?? order?.company.id ?? session?.company?.id ?? undefined;

  const initial: Values = {
    code: order?.code ?? '',
    customerId: order?.customer.id ?? null,
    companyId: order?.company.id ?? null,
    shippingIds: (order?.shippingCompany ?? []).map((s) => s.id),
    qtyTransported: order ? order.qtyTransported : null,
    enable: order?.enable ?? true,
    sendEmail: false,
  };

  function addItem() {
    if (!draftProduct || !draftQty || draftQty <= 0) {
      setItemError(orderMsg.itemIncomplete);
      return;
    }
    setItemError(null);
    setItems((rows) => [...rows, { key: `new-${Date.now()}-${rows.length}`, product: draftProduct, quantity: draftQty }]);
    setDraftProduct(null);
    setDraftQty(null);
  }

  async function removeItem(row: ItemRow) {
    if (row.id) {
      try {
        await deleteItem(row.id).unwrap();
      } catch (e) {
        void message.error(deleteErrorText(readApiError(e)), TOAST_SECONDS);
        return;
      }
      void message.success(orderMsg.itemRemoved, TOAST_SECONDS);
    }
    setItems((rows) => rows.filter((r) => r.key !== row.key));
  }

  async function onFinish(v: Values) {
    try {
      const saved = await save({
        id: order?.id ?? 0,
        code: v.code.trim(),
        customer: { id: v.customerId },
        company: pickCompany ? { id: v.companyId } : undefined,
        shippingCompany: v.shippingIds.map((id) => ({ id })),
        orderItem: items.map((i) => ({ id: i.id ?? null, product: { id: i.product.id }, quantity: String(i.quantity) })),
        qtyTransported: v.qtyTransported == null ? '' : String(v.qtyTransported),
        enable: v.enable,
        sendEmail: v.sendEmail,
      }).unwrap();
      // The server says how many e-mails went out: none means no carrier user receives them.
      if (v.sendEmail && saved.emailsQueued === 0) void message.warning(orderMsg.noEmailRecipients, TOAST_SECONDS);
      done(order ? orderMsg.edited : undefined);
    } catch (e) {
      const err = readApiError(e);
      if (err.fields.orderItem) setItemError(err.fields.orderItem);
      showError(e);
    }
  }

  return (
    <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={(v) => void onFinish(v)} disabled={leaving}>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            label={orderMsg.code}
            name="code"
            rules={[
              { required: true, whitespace: true, message: orderMsg.codeRequired },
              { max: ORDER_CODE_MAX, message: `Tamanho máximo de ${ORDER_CODE_MAX} caracteres` },
            ]}
          >
            <Input maxLength={ORDER_CODE_MAX} readOnly={!!order} aria-readonly={!!order} autoFocus={!order} />
          </Form.Item>
        </Col>
        {pickCompany && (
          <Col xs={24} md={16}>
            <Form.Item label={orderMsg.company} name="companyId" rules={[{ required: true, message: adminMsg.chooseCompany }]}>
              <RemoteSelect
                resource="company"
                id="companyId"
                disabled={!!order}
                selected={order ? { id: order.company.id, name: order.company.name } : null}
                placeholder={orderMsg.chooseCompany}
                onChange={() => form.setFieldsValue({ customerId: null, shippingIds: [] })}
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={pickCompany ? 24 : 16}>
          <Form.Item label={orderMsg.customer} name="customerId" rules={[{ required: true, message: orderMsg.customerRequired }]}>
            <RemoteSelect
              resource="customer"
              id="customerId"
              companyId={companyId}
              disabled={pickCompany && !companyId}
              selected={order ? { id: order.customer.id, name: `${order.customer.code} - ${order.customer.name}` } : null}
              placeholder={orderMsg.chooseCustomer}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={orderMsg.shippingCompanies} name="shippingIds">
        <ShippingPicker
          id="shippingIds"
          companyId={companyId}
          known={(order?.shippingCompany ?? []).map((s) => ({ id: s.id, name: `${s.code} - ${s.name}` }))}
        />
      </Form.Item>

      <Typography.Title level={5}>{orderMsg.items}</Typography.Title>
      <Row gutter={8} align="bottom">
        <Col xs={24} md={14}>
          <Form.Item label={orderMsg.product} htmlFor="item-product" validateStatus={itemError ? 'error' : undefined}>
            <RemoteSelect
              resource="product"
              id="item-product"
              companyId={companyId}
              disabled={pickCompany && !companyId}
              value={draftProduct?.id ?? null}
              selected={draftProduct}
              onChange={(_, choice) => setDraftProduct(choice)}
              placeholder={orderMsg.chooseProduct}
            />
          </Form.Item>
        </Col>
        <Col xs={16} md={6}>
          <Form.Item label={orderMsg.quantity} htmlFor="item-quantity" validateStatus={itemError ? 'error' : undefined}>
            <InputNumber<number>
              id="item-quantity"
              min={0}
              step={0.01}
              precision={2}
              decimalSeparator=","
              value={draftQty}
              onChange={(v) => setDraftQty(v)}
              onPressEnter={(e) => {
                e.preventDefault();
                addItem();
              }}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={8} md={4}>
          <Form.Item label=" " colon={false}>
            <Button icon={<PlusOutlined aria-hidden />} onClick={addItem} disabled={!draftProduct || !draftQty} block>
              {orderMsg.addItem}
            </Button>
          </Form.Item>
        </Col>
      </Row>
      {itemError && (
        <Typography.Text type="danger" role="alert">
          {itemError}
        </Typography.Text>
      )}
      <ItemsTable items={items} onRemove={removeItem} />

      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item label={orderMsg.qtyTransported} name="qtyTransported">
            <InputNumber<number> min={0} step={0.01} precision={2} decimalSeparator="," style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item label={orderMsg.enable} name="enable" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item label=" " colon={false} name="sendEmail" valuePropName="checked" extra={orderMsg.sendEmailHint}>
            <Checkbox>{orderMsg.sendEmail}</Checkbox>
          </Form.Item>
        </Col>
      </Row>
      <FormActions onBack={() => goTo(orderPaths.orders)} saving={saving.isLoading} />
    </Form>
  );
}

/** The order's items; a saved one is removed after a confirmation (the server deletes it). */
function ItemsTable({ items, onRemove }: { items: ItemRow[]; onRemove: (r: ItemRow) => Promise<void> }) {
  return (
    <StaffTable<ItemRow>
      label={orderMsg.items}
      rowKey="key"
      size="small"
      pagination={false}
      dataSource={items}
      locale={{ emptyText: orderMsg.noItems }}
      className="a-notice"
      columns={[
        { title: orderMsg.product, key: 'product', render: (_: unknown, r: ItemRow) => r.product.name },
        { title: orderMsg.quantity, key: 'quantity', width: 160, render: (_: unknown, r: ItemRow) => tonnes(r.quantity) },
        {
          title: adminMsg.actions,
          key: 'actions',
          width: 90,
          render: (_: unknown, r: ItemRow) =>
            r.id ? (
              <Popconfirm
                title={`${orderMsg.removeItem}?`}
                okText={adminMsg.yes}
                cancelText={adminMsg.no}
                onConfirm={() => onRemove(r)}
              >
                <Button type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={`${orderMsg.removeItem} ${r.product.name}`} />
              </Popconfirm>
            ) : (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={`${orderMsg.removeItem} ${r.product.name}`}
                onClick={() => void onRemove(r)}
              />
            ),
        },
      ]}
    />
  );
}
