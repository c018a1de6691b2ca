/**
 * /logs: the staff log search (spec 1 sections 2, 5 and 9). Filters: operation type, object
 * type, company, user, start and end date, and the entry's text (issue 28) (default yesterday to today; the end not before the
 * start). The grid shows 10 entries per page; the server answers pages of 30, and more are
 * loaded while the number loaded is a multiple of 30. Titles are HTML built by the server
 * from escaped values.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { App, Button, Col, DatePicker, Descriptions, Empty, Form, Input, Row, Select, Space, Typography, type FormInstance } from 'antd';
import { StaffTable } from '../../shared/ui/StaffTable';
import { SearchOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { formatDateTime } from '../../shared/formatters';
import { TOAST_SECONDS } from '../../shared/messages';
import { RemoteSelect } from '../../shared/records/components/RemoteSelect';
import { PageHeader } from '../../shared/records/components/PageHeader';
import { checkLogRange, defaultLogRange, yardToday } from '../../shared/records/dates';
import { adminMsg } from '../../shared/records/messages';
import '../../shared/records/admin.css';
import { useLazyLogsQuery, useLogObjectsQuery, useLogOperationsQuery, type LabelItem, type LogEntry, type LogQuery } from './api';
import { canLoadMore, LOG_GRID_SIZE, LOG_REQUEST_SIZE, nextServerPage, shouldLoadMore } from './logPaging';

interface Filters {
  search?: string;
  operation_type?: string;
  object_type?: string;
  companyId?: number | null;
  userId?: number | null;
  startDate: Dayjs;
  endDate: Dayjs;
}

const DAY = 'YYYY-MM-DD';
const SHOWN = 'DD/MM/YYYY';

function toQuery(f: Filters, page: number): LogQuery {
  return {
    search: f.search?.trim() || undefined,
    operation_type: f.operation_type || undefined,
    object_type: f.object_type || undefined,
    companyId: f.companyId ?? undefined,
    userId: f.userId ?? undefined,
    startDate: f.startDate.format(DAY),
    endDate: f.endDate.format(DAY),
    page,
    pageSize: LOG_REQUEST_SIZE,
  };
}

export default function LogsPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<Filters>();
  const operations = useLogOperationsQuery();
  const objects = useLogObjectsQuery();
  const [fetchLogs] = useLazyLogsQuery();
  const [rows, setRows] = useState<LogEntry[]>([]);
  const [filters, setFilters] = useState<Filters | null>(null);
  const [loading, setLoading] = useState(false);
  const [gridPage, setGridPage] = useState(1);
  const [selected, setSelected] = useState<LogEntry | null>(null);
  const detailsRef = useRef<HTMLDivElement>(null);

  const initial = useMemo(() => {
    const r = defaultLogRange(yardToday());
    return { startDate: dayjs(r.start), endDate: dayjs(r.end) } as Filters;
  }, []);

  const opLabel = useMemo(() => new Map((operations.data ?? []).map((o) => [o.id, o.label])), [operations.data]);
  const objLabel = useMemo(() => new Map((objects.data ?? []).map((o) => [o.id, o.label])), [objects.data]);

  const search = useCallback(
    async (f: Filters, { byUser }: { byUser: boolean }) => {
      setLoading(true);
      try {
        const found = await fetchLogs(toQuery(f, 1)).unwrap();
        setFilters(f);
        setRows(found);
        setGridPage(1);
        setSelected(null);
        // Only a search the user started says so; the automatic first one is silent.
        if (byUser) void message.success(adminMsg.searchDone, TOAST_SECONDS);
      } catch {
        void message.error(adminMsg.searchError, TOAST_SECONDS);
      } finally {
        setLoading(false);
      }
    },
    [fetchLogs, message],
  );

  const loadMore = useCallback(async () => {
    if (!filters || loading || !canLoadMore(rows.length)) return;
    setLoading(true);
    try {
      const more = await fetchLogs(toQuery(filters, nextServerPage(rows.length))).unwrap();
      setRows((r) => [...r, ...more.filter((m) => !r.some((x) => x.id === m.id))]);
    } catch {
      void message.error(adminMsg.searchError, TOAST_SECONDS);
    } finally {
      setLoading(false);
    }
  }, [filters, loading, rows.length, fetchLogs, message]);

  // The first search, with the default range (once).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void search(initial, { byUser: false });
  }, [search, initial]);

  function onPage(p: number) {
    setGridPage(p);
    if (shouldLoadMore(p, rows.length)) void loadMore();
  }

  function show(entry: LogEntry) {
    setSelected(entry);
    requestAnimationFrame(() => detailsRef.current?.focus());
  }

  const columns = [
    {
      title: adminMsg.logDate,
      dataIndex: 'created_at',
      key: 'date',
      width: 150,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: adminMsg.logTitle,
      dataIndex: 'title',
      key: 'title',
      // HTML built by the server from escaped values (DESIGN section 3).
      render: (html: string) => <span className="a-log-title" dangerouslySetInnerHTML={{ __html: html }} />,
    },
    {
      title: adminMsg.logOperation,
      dataIndex: 'operation_type',
      key: 'op',
      width: 130,
      render: (v: string) => opLabel.get(v) ?? v,
    },
    { title: adminMsg.company, key: 'company', render: (_: unknown, l: LogEntry) => l.company?.name ?? '' },
    { title: adminMsg.logUser, key: 'user', render: (_: unknown, l: LogEntry) => l.user?.name ?? '' },
    {
      title: adminMsg.logDetails,
      key: 'details',
      width: 110,
      render: (_: unknown, l: LogEntry) => (
        <Button size="small" onClick={() => show(l)} aria-label={`${adminMsg.logShowDetails} ${l.id}`}>
          {adminMsg.logShowDetails}
        </Button>
      ),
    },
  ];

  return (
    <div className="a-page">
      <PageHeader title={adminMsg.logsTitle} />
      <div className="a-card a-notice">
        <LogFilters
          form={form}
          initial={initial}
          loading={loading}
          operations={operations}
          objects={objects}
          onSearch={(f) => void search(f, { byUser: true })}
        />
      </div>
      <StaffTable<LogEntry>
        label={adminMsg.logsTitle}
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={loading}
        scroll={{ x: 900 }}
        locale={{ emptyText: adminMsg.noResults }}
        rowClassName={(l) => (l.id === selected?.id ? 'ant-table-row-selected' : '')}
        pagination={{ current: gridPage, pageSize: LOG_GRID_SIZE, showSizeChanger: false, onChange: onPage }}
      />
      {canLoadMore(rows.length) && (
        <Space className="a-form-actions">
          <Button onClick={() => void loadMore()} loading={loading}>
            {adminMsg.logLoadMore}
          </Button>
        </Space>
      )}
      <LogDetails entry={selected} opLabel={opLabel} objLabel={objLabel} boxRef={detailsRef} />
    </div>
  );
}

/** A label list as the filters read it (operations, objects). */
interface Lookup {
  data?: LabelItem[];
  isLoading: boolean;
}

/** The filters: operation, object, company, user (of the chosen company), period and text. */
function LogFilters({
  form,
  initial,
  loading,
  operations,
  objects,
  onSearch,
}: {
  form: FormInstance<Filters>;
  initial: Filters;
  loading: boolean;
  operations: Lookup;
  objects: Lookup;
  onSearch: (f: Filters) => void;
}) {
  const companyId = Form.useWatch('companyId', form) as number | null | undefined;
  return (
    <Form<Filters> form={form} layout="vertical" initialValues={initial} onFinish={onSearch}>
      <Row gutter={16}>
        <Col xs={24} sm={12} md={6}>
          <Form.Item label={adminMsg.logOperation} name="operation_type">
            <Select
              allowClear
              placeholder={adminMsg.all}
              loading={operations.isLoading}
              options={(operations.data ?? []).map((o) => ({ value: o.id, label: o.label }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} md={6}>
          <Form.Item label={adminMsg.logObject} name="object_type">
            <Select
              allowClear
              placeholder={adminMsg.all}
              loading={objects.isLoading}
              options={(objects.data ?? []).map((o) => ({ value: o.id, label: o.label }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} md={6}>
          <Form.Item label={adminMsg.company} name="companyId">
            <RemoteSelect resource="company" placeholder={adminMsg.all} onChange={() => form.setFieldValue('userId', null)} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} md={6}>
          <Form.Item label={adminMsg.logUser} name="userId">
            <RemoteSelect resource="user" companyId={companyId ?? undefined} placeholder={adminMsg.all} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16} align="bottom">
        <Col xs={12} md={6}>
          <Form.Item label={adminMsg.logStart} name="startDate" rules={[{ required: true, message: adminMsg.logStart }]}>
            <DatePicker format={SHOWN} allowClear={false} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            label={adminMsg.logEnd}
            name="endDate"
            dependencies={['startDate']}
            rules={[
              { required: true, message: adminMsg.logEnd },
              ({ getFieldValue }) => ({
                validator: (_, v?: Dayjs) => {
                  const start = getFieldValue('startDate') as Dayjs | undefined;
                  const problem = v && start ? checkLogRange(start.format(DAY), v.format(DAY)) : null;
                  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                },
              }),
            ]}
          >
            <DatePicker format={SHOWN} allowClear={false} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item label={adminMsg.logText} name="search">
            <Input allowClear maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />} loading={loading}>
              {adminMsg.search}
            </Button>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}

/** The chosen entry in full, or the hint to pick one; focused when an entry is shown. */
function LogDetails({
  entry,
  opLabel,
  objLabel,
  boxRef,
}: {
  entry: LogEntry | null;
  opLabel: Map<string, string>;
  objLabel: Map<string, string>;
  boxRef: RefObject<HTMLDivElement | null>;
}) {
  return (
    <div className="a-card a-details" ref={boxRef} tabIndex={-1} aria-live="polite">
      <Typography.Title level={5}>{adminMsg.logDetails}</Typography.Title>
      {entry ? (
        <Descriptions
          size="small"
          column={1}
          bordered
          items={[
            { key: 'date', label: adminMsg.logDate, children: formatDateTime(entry.created_at) },
            {
              key: 'title',
              label: adminMsg.logTitle,
              children: <span className="a-log-title" dangerouslySetInnerHTML={{ __html: entry.title }} />,
            },
            { key: 'op', label: adminMsg.logOperation, children: opLabel.get(entry.operation_type) ?? entry.operation_type },
            { key: 'obj', label: adminMsg.logObject, children: objLabel.get(entry.object_type) ?? entry.object_type },
            { key: 'company', label: adminMsg.company, children: entry.company?.name ?? '' },
            { key: 'user', label: adminMsg.logUser, children: entry.user?.name ?? '' },
            { key: 'ip', label: adminMsg.logIp, children: entry.ip ?? '' },
            ...(entry.details ?? []).map((d, i) => ({ key: `d${i}`, label: d.key, children: d.value })),
          ]}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={adminMsg.logPick} />
      )}
    </div>
  );
}
