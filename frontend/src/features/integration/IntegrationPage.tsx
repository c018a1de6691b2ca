/**
 * /integracoes, 'Integrações' (issue 26): the API keys of the carrier's or the company's
 * systems (made and shown once, listed by prefix and last use, revoked after a confirmation)
 * and its webhooks (made with a secret shown once, deliveries, deletion). The server decides
 * who may and checks every field; the form checks the same before sending.
 */
import { useEffect, useState } from 'react';
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
    <section aria-labelledby="keys-title" style={{ marginBottom: 32 }}>
      <PageHeader
        title={<span id="keys-title">{im.keysTitle}</span>}
        extra={
          <Button type="primary" onClick={() => setFormOpen(true)}>
            {im.newKey}
          </Button>
        }
      />
      {list.isError ? (
        <LoadError onRetry={() => void list.refetch()} />
      ) : (
        <Table
          rowKey="id"
          size="small"
          loading={list.isFetching}
          columns={columns}
          dataSource={list.data ?? []}
          locale={{ emptyText: im.keysEmpty }}
          pagination={false}
        />
      )}
      <Modal
        open={formOpen}
        title={im.newKey}
        onCancel={() => setFormOpen(false)}
        okText={im.create}
        cancelText={im.cancel}
        confirmLoading={creating.isLoading}
        onOk={() => form.submit()}
        destroyOnHidden
      >
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
      </Modal>
      {made && (
        <Modal
          open
          title={`${im.keyCreatedTitle}: ${made.name}`}
          closable={false}
          maskClosable={false}
          footer={[
            <Button key="close" onClick={() => setMade(null)}>
              {im.close}
            </Button>,
          ]}
        >
          <ShownOnce label={im.keyLabel} value={made.key} warning={im.keyCreatedWarning} />
        </Modal>
      )}
      {target && (
        <Modal
          open
          title={im.revokeTitle}
          onCancel={() => setTarget(null)}
          footer={[
            <Button key="cancel" onClick={() => setTarget(null)}>
              {im.cancel}
            </Button>,
            <Button key="ok" danger type="primary" loading={revoking.isLoading} onClick={() => void confirmRevoke()}>
              {im.revoke}
            </Button>,
          ]}
        >
          <p>{im.revokeText(target.name)}</p>
        </Modal>
      )}
    </section>
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
    <section aria-labelledby="hooks-title">
      <PageHeader
        title={<span id="hooks-title">{im.hooksTitle}</span>}
        extra={
          <Button type="primary" onClick={() => setFormOpen(true)}>
            {im.newHook}
          </Button>
        }
      />
      {list.isError ? (
        <LoadError onRetry={() => void list.refetch()} />
      ) : (
        <Table
          rowKey="id"
          size="small"
          loading={list.isFetching}
          columns={columns}
          dataSource={list.data ?? []}
          locale={{ emptyText: im.hooksEmpty }}
          pagination={false}
        />
      )}
      <Modal
        open={formOpen}
        title={im.newHook}
        onCancel={() => setFormOpen(false)}
        okText={im.create}
        cancelText={im.cancel}
        confirmLoading={creating.isLoading}
        onOk={() => form.submit()}
        destroyOnHidden
      >
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
      </Modal>
      {secret && (
        <Modal
          open
          title={im.hookCreatedTitle}
          closable={false}
          maskClosable={false}
          footer={[
            <Button key="close" onClick={() => setSecret(null)}>
              {im.close}
            </Button>,
          ]}
        >
          <ShownOnce label={im.secretLabel} value={secret} warning={im.hookCreatedWarning} />
        </Modal>
      )}
      {target && (
        <Modal
          open
          title={im.removeTitle}
          onCancel={() => setTarget(null)}
          footer={[
            <Button key="cancel" onClick={() => setTarget(null)}>
              {im.cancel}
            </Button>,
            <Button key="ok" danger type="primary" loading={removing.isLoading} onClick={() => void confirmRemove()}>
              {im.remove}
            </Button>,
          ]}
        >
          <p>{im.removeText(target.url)}</p>
        </Modal>
      )}
      {showing && <Deliveries hook={showing} onClose={() => setShowing(null)} />}
    </section>
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
