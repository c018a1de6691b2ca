/**
 * /integracoes, 'Integrações' (issue 26): the API keys of the carrier's or the company's
 * systems (made and shown once, listed by prefix and last use, revoked after a confirmation)
 * and its webhooks (made with a secret shown once, deliveries, deletion). The server decides
 * who may and checks every field; the form checks the same before sending.
 */
import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { Alert, App, Button, Checkbox, Form, Input, Modal, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { readApiError } from '../../shared/apiError';
import { formatDateTime } from '../../shared/formatters';
import { APP_NAME, msg } from '../../shared/messages';
import { PageHeader } from '../../shared/records/components/PageHeader';
import { LoadError } from '../../shared/records/components/LoadError';
import '../../shared/records/admin.css';
import {
  useApiKeysQuery,
  useCreateApiKeyMutation,
  useCreateWebhookMutation,
  useDeleteWebhookMutation,
  useDeliveriesQuery,
  useRevokeApiKeyMutation,
  useWebhooksQuery,
  type ApiKeyRow,
  type DeliveryRow,
  type WebhookRow,
} from './api';
import { DELIVERY_STATUS, EVENTS, im } from './texts';

/** A secret shown once: read-only, with a copy button. */
function ShownOnce({ label, value, warning }: { label: string; value: string; warning: string }) {
  const { message } = App.useApp();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      void message.success(im.copied);
    } catch {
      void message.error(im.copyFailed);
    }
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert type="warning" showIcon title={warning} />
      <label htmlFor="shown-once">{label}</label>
      <Space.Compact style={{ width: '100%' }}>
        <Input id="shown-once" readOnly value={value} onFocus={(e) => e.target.select()} />
        <Button type="primary" onClick={() => void copy()}>
          {im.copy}
        </Button>
      </Space.Compact>
    </Space>
  );
}

/** The dialog around [`ShownOnce`]: closed only by its button, so the value is not lost. */
function ShownOnceModal({ title, onClose, ...shown }: { title: string; label: string; value: string; warning: string; onClose: () => void }) {
  return (
    <Modal
      open
      title={title}
      closable={false}
      maskClosable={false}
      footer={[
        <Button key="close" onClick={onClose}>
          {im.close}
        </Button>,
      ]}
    >
      <ShownOnce {...shown} />
    </Modal>
  );
}

/** A destructive action's confirmation: cancel, or the action's danger button. */
function ConfirmModal(props: { title: string; text: string; action: string; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <Modal
      open
      title={props.title}
      onCancel={props.onCancel}
      footer={[
        <Button key="cancel" onClick={props.onCancel}>
          {im.cancel}
        </Button>,
        <Button key="ok" danger type="primary" loading={props.busy} onClick={props.onConfirm}>
          {props.action}
        </Button>,
      ]}
    >
      <p>{props.text}</p>
    </Modal>
  );
}

interface ListSectionProps<T> {
  /** The heading's id (the section is labelled by it). */
  id: string;
  title: string;
  /** The create button's text and its dialog's title. */
  newLabel: string;
  emptyText: string;
  list: { isError: boolean; isFetching: boolean; data?: T[]; refetch: () => unknown };
  columns: TableColumnsType<T>;
  formOpen: boolean;
  setFormOpen: (open: boolean) => void;
  saving: boolean;
  /** Submits the dialog's form. */
  onOk: () => void;
  /** The create dialog's form. */
  form: ReactNode;
  /** The section's other dialogs. */
  children: ReactNode;
  style?: CSSProperties;
}

/** A section of the page: heading with its create button, the list, and the create dialog. */
function ListSection<T extends { id: number }>(p: ListSectionProps<T>) {
  return (
    <section aria-labelledby={p.id} style={p.style}>
      <PageHeader
        title={<span id={p.id}>{p.title}</span>}
        extra={
          <Button type="primary" onClick={() => p.setFormOpen(true)}>
            {p.newLabel}
          </Button>
        }
      />
      {p.list.isError ? (
        <LoadError onRetry={() => void p.list.refetch()} />
      ) : (
        <Table<T>
          rowKey="id"
          size="small"
          loading={p.list.isFetching}
          columns={p.columns}
          dataSource={p.list.data ?? []}
          locale={{ emptyText: p.emptyText }}
          pagination={false}
        />
      )}
      <Modal
        open={p.formOpen}
        title={p.newLabel}
        onCancel={() => p.setFormOpen(false)}
        okText={im.create}
        cancelText={im.cancel}
        confirmLoading={p.saving}
        onOk={p.onOk}
        destroyOnHidden
      >
        {p.form}
      </Modal>
      {p.children}
    </section>
  );
}

function KeysSection() {
  const { message } = App.useApp();
  const list = useApiKeysQuery();
  const [create, creating] = useCreateApiKeyMutation();
  const [revoke, revoking] = useRevokeApiKeyMutation();
  const [form] = Form.useForm<{ name: string }>();
  const [formOpen, setFormOpen] = useState(false);
  const [made, setMade] = useState<{ name: string; key: string } | null>(null);
  const [target, setTarget] = useState<ApiKeyRow | null>(null);

  const submit = async ({ name }: { name: string }) => {
    try {
      const out = await create(name.trim()).unwrap();
      setFormOpen(false);
      form.resetFields();
      setMade({ name: out.name, key: out.key });
    } catch (e) {
      const err = readApiError(e);
      if (err.fields.name) form.setFields([{ name: 'name', errors: [err.fields.name] }]);
      else void message.error(err.message || im.saveError);
    }
  };

  const confirmRevoke = async () => {
    if (!target) return;
    try {
      await revoke(target.id).unwrap();
      void message.success(im.revoked);
      setTarget(null);
    } catch (e) {
      void message.error(readApiError(e).message || im.saveError);
    }
  };

  const columns: TableColumnsType<ApiKeyRow> = [
    { title: im.keyName, dataIndex: 'name', render: (n: string) => <strong>{n}</strong> },
    { title: im.prefix, dataIndex: 'prefix', render: (p: string) => <code>{p}…</code> },
    { title: im.createdAt, dataIndex: 'createdAt', render: (d: string) => formatDateTime(d) },
    {
      title: im.lastUsed,
      dataIndex: 'lastUsedAt',
      render: (d: string | null | undefined) => (d ? formatDateTime(d) : im.never),
    },
    {
      title: im.actions,
      render: (_: unknown, r) => (
        <Button danger size="small" aria-label={`${im.revoke} ${r.name}`} onClick={() => setTarget(r)}>
          {im.revoke}
        </Button>
      ),
    },
  ];

  return (
    <ListSection
      id="keys-title"
      title={im.keysTitle}
      newLabel={im.newKey}
      emptyText={im.keysEmpty}
      list={list}
      columns={columns}
      formOpen={formOpen}
      setFormOpen={setFormOpen}
      saving={creating.isLoading}
      onOk={() => form.submit()}
      style={{ marginBottom: 32 }}
      form={
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)}>
          <Form.Item
            name="name"
            label={im.keyName}
            rules={[
              { required: true, whitespace: true, message: im.keyNameRequired },
              { max: 60, message: im.keyNameRequired },
            ]}
          >
            <Input placeholder={im.keyNamePlaceholder} maxLength={60} autoFocus />
          </Form.Item>
        </Form>
      }
    >
      {made && (
        <ShownOnceModal
          title={`${im.keyCreatedTitle}: ${made.name}`}
          label={im.keyLabel}
          value={made.key}
          warning={im.keyCreatedWarning}
          onClose={() => setMade(null)}
        />
      )}
      {target && (
        <ConfirmModal
          title={im.revokeTitle}
          text={im.revokeText(target.name)}
          action={im.revoke}
          busy={revoking.isLoading}
          onCancel={() => setTarget(null)}
          onConfirm={() => void confirmRevoke()}
        />
      )}
    </ListSection>
  );
}

function Deliveries({ hook, onClose }: { hook: WebhookRow; onClose: () => void }) {
  const list = useDeliveriesQuery(hook.id, { refetchOnMountOrArgChange: true });
  const columns: TableColumnsType<DeliveryRow> = [
    { title: im.when, dataIndex: 'createdAt', render: (d: string) => formatDateTime(d) },
    { title: im.event, dataIndex: 'event' },
    {
      title: im.status,
      dataIndex: 'status',
      render: (s: string) => (
        <Tag color={s === 'delivered' ? 'green' : s === 'failed' ? 'red' : 'gold'}>{DELIVERY_STATUS[s] ?? s}</Tag>
      ),
    },
    { title: im.attempts, dataIndex: 'attempts' },
    { title: im.lastError, dataIndex: 'lastError', render: (e: string | null | undefined) => e ?? '—' },
  ];
  return (
    <Modal open width={820} title={im.deliveriesTitle(hook.url)} onCancel={onClose} footer={[<Button key="close" onClick={onClose}>{im.close}</Button>]}>
      {list.isError ? (
        <LoadError onRetry={() => void list.refetch()} />
      ) : (
        <Table
          rowKey="id"
          size="small"
          loading={list.isFetching}
          columns={columns}
          dataSource={list.data ?? []}
          locale={{ emptyText: im.deliveriesEmpty }}
          pagination={{ pageSize: 10, showSizeChanger: false }}
        />
      )}
    </Modal>
  );
}

interface HookForm {
  url: string;
  events: string[];
}

function WebhooksSection() {
  const { message } = App.useApp();
  const list = useWebhooksQuery();
  const [create, creating] = useCreateWebhookMutation();
  const [remove, removing] = useDeleteWebhookMutation();
  const [form] = Form.useForm<HookForm>();
  const [formOpen, setFormOpen] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [target, setTarget] = useState<WebhookRow | null>(null);
  const [showing, setShowing] = useState<WebhookRow | null>(null);

  const submit = async (v: HookForm) => {
    try {
      const out = await create({ url: v.url.trim(), events: v.events }).unwrap();
      setFormOpen(false);
      form.resetFields();
      setSecret(out.secret);
    } catch (e) {
      const err = readApiError(e);
      const fields = Object.entries(err.fields).map(([name, m]) => ({ name: name as keyof HookForm, errors: [m] }));
      if (fields.length) form.setFields(fields);
      else void message.error(err.message || im.saveError);
    }
  };

  const confirmRemove = async () => {
    if (!target) return;
    try {
      await remove(target.id).unwrap();
      void message.success(im.removed);
      setTarget(null);
    } catch (e) {
      void message.error(readApiError(e).message || im.saveError);
    }
  };

  const columns: TableColumnsType<WebhookRow> = [
    { title: im.url, dataIndex: 'url', render: (u: string) => <code>{u}</code> },
    { title: im.events, dataIndex: 'events', render: (ev: string[]) => ev.map((e) => <Tag key={e}>{e}</Tag>) },
    { title: im.createdAt, dataIndex: 'createdAt', render: (d: string) => formatDateTime(d) },
    {
      title: im.actions,
      render: (_: unknown, r) => (
        <Space>
          <Button size="small" aria-label={`${im.deliveries} ${r.url}`} onClick={() => setShowing(r)}>
            {im.deliveries}
          </Button>
          <Button danger size="small" aria-label={`${im.remove} ${r.url}`} onClick={() => setTarget(r)}>
            {im.remove}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <ListSection
      id="hooks-title"
      title={im.hooksTitle}
      newLabel={im.newHook}
      emptyText={im.hooksEmpty}
      list={list}
      columns={columns}
      formOpen={formOpen}
      setFormOpen={setFormOpen}
      saving={creating.isLoading}
      onOk={() => form.submit()}
      form={
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ events: [] }}>
          <Form.Item
            name="url"
            label={im.url}
            rules={[
              { required: true, message: im.urlRequired },
              { pattern: /^https?:\/\/[^\s@/]+/i, message: im.urlRequired },
            ]}
          >
            <Input placeholder={im.urlPlaceholder} maxLength={2000} />
          </Form.Item>
          <Form.Item name="events" label={im.events} rules={[{ required: true, type: 'array', min: 1, message: im.eventsRequired }]}>
            <Checkbox.Group options={EVENTS} style={{ display: 'flex', flexDirection: 'column', gap: 4 }} />
          </Form.Item>
        </Form>
      }
    >
      {secret && (
        <ShownOnceModal
          title={im.hookCreatedTitle}
          label={im.secretLabel}
          value={secret}
          warning={im.hookCreatedWarning}
          onClose={() => setSecret(null)}
        />
      )}
      {target && (
        <ConfirmModal
          title={im.removeTitle}
          text={im.removeText(target.url)}
          action={im.remove}
          busy={removing.isLoading}
          onCancel={() => setTarget(null)}
          onConfirm={() => void confirmRemove()}
        />
      )}
      {showing && <Deliveries hook={showing} onClose={() => setShowing(null)} />}
    </ListSection>
  );
}

export default function IntegrationPage() {
  useEffect(() => {
    document.title = `${msg.titleAdmin}${im.title} - ${APP_NAME}`;
  }, []);
  return (
    <div>
      <Typography.Title level={2}>{im.title}</Typography.Title>
      <Typography.Paragraph>
        {im.intro} {im.guide}
      </Typography.Paragraph>
      <KeysSection />
      <WebhooksSection />
    </div>
  );
}
