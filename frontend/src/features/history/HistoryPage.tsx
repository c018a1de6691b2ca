/**
 * /historico, 'Histórico de Carregamento' (spec 3 "Loading history"): filters Cliente,
 * Pedidos, Período (30/60/90/120 dias, 30 by default), Caminhão, Motorista, Agrupar por
 * (Cliente, Pedido, Caminhão, Motorista) and Empresa (administrators), applied by 'Filtrar';
 * a grid of 9 rows whose columns follow the grouping; exports PDF, XLSX and CSV of the same
 * query, offered only when the server says the user may export.
 */
import { useCallback, useState } from 'react';
import { formatDecimal, formatTonnes } from '../../shared/formatters';
import { useCompanyEvents } from '../../shared/realtime';
import { Button, Col, Form, Row, Select, Space, Typography, type TableColumnsType } from 'antd';
import { StaffTable } from '../../shared/ui/StaffTable';
import { DownloadOutlined, FilterOutlined } from '@ant-design/icons';
import { useOrdersQuery } from '../orders/api';
import { useDebounced, useSession } from '../../shared/records/hooks';
import { LoadError } from '../../shared/records/components/LoadError';
import { PageHeader } from '../../shared/records/components/PageHeader';
import { RemoteSelect } from '../../shared/records/components/RemoteSelect';
import '../../shared/records/admin.css';
import { historyExportUrl, useHistoryQuery, type Grouping, type HistoryArgs, type HistoryRow } from './api';

const text = {
  title: 'Histórico de Carregamento',
  customer: 'Cliente',
  orders: 'Pedidos',
  period: 'Período',
  days: (n: number) => `${n} Dias`,
  truck: 'Caminhão',
  driver: 'Motorista',
  groupBy: 'Agrupar por',
  noGrouping: 'Sem agrupamento',
  company: 'Empresa',
  filter: 'Filtrar',
  date: 'Data',
  loadings: 'Carregamentos',
  ordered: 'Pedido (t)',
  loaded: 'Carregado (t)',
  order: 'Pedido',
  plate: 'Placa',
  pdf: 'Exportar PDF',
  xlsx: 'Exportar XLSX',
  csv: 'Exportar CSV',
  empty: 'Nenhum carregamento no período.',
  total: (n: number) => `${n} registro(s)`,
  tonnes: (t: number) => `Total carregado: ${formatTonnes(t)}`,
} as const;

const PERIODS = [30, 60, 90, 120];
const GROUPINGS: { value: Grouping; label: string }[] = [
  { value: '', label: text.noGrouping },
  { value: 'cliente', label: 'Cliente' },
  { value: 'pedido', label: 'Pedido' },
  { value: 'caminhao', label: 'Caminhão' },
  { value: 'motorista', label: 'Motorista' },
];

type Filters = Omit<HistoryArgs, 'page'>;

const tonnes = (t: number | null | undefined) => formatDecimal(t, 3);

/** Orders by code or customer, searched on the server. */
function OrderPicker({ value, onChange, companyId }: { value?: number | null; onChange?: (v: number | null) => void; companyId?: number }) {
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), 400);
  const orders = useOrdersQuery({ page: 1, pageSize: 10, search: term || undefined, companyId, complete: true });
  return (
    <Select
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      loading={orders.isFetching}
      aria-label={text.orders}
      placeholder={text.orders}
      options={(orders.data?.items ?? []).map((o) => ({ value: o.id, label: `${o.code} - ${o.customer?.name ?? ''}` }))}
    />
  );
}

export default function HistoryPage() {
  const session = useSession();
  const everyCompany = !!session?.screens.seesEveryCompany;
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({ period: 30, groupBy: '' });
  const [page, setPage] = useState(1);
  // Read again on every visit: events that arrived while another screen was open were not
  // heard here, so a cached page may be stale.
  const query = useHistoryQuery({ ...filters, page }, { refetchOnMountOrArgChange: true });
  // A loading that closes elsewhere shows here at once (the company's events; an administrator
  // without a company hears every company).
  const { refetch } = query;
  const reread = useCallback(() => void refetch(), [refetch]);
  useCompanyEvents(reread);
  const data = query.data;
  const chosenCompany = Form.useWatch('companyId', form) as number | null | undefined;
  const companyId = (everyCompany ? chosenCompany : session?.company?.id) ?? undefined;

  const grouped = !!data?.groupedBy;
  const columns: TableColumnsType<HistoryRow> = grouped
    ? [
        { title: data?.groupedBy ?? '', dataIndex: 'key', key: 'key' },
        { title: text.period, dataIndex: 'date', key: 'date' },
        { title: text.loadings, dataIndex: 'loadings', key: 'loadings', align: 'right' },
        { title: text.loaded, key: 'loaded', align: 'right', render: (_, r) => tonnes(r.qtyTransported) },
      ]
    : [
        { title: text.date, dataIndex: 'date', key: 'date', width: 110 },
        ...(everyCompany ? [{ title: text.company, dataIndex: 'company', key: 'company' }] : []),
        { title: text.order, dataIndex: 'orderCode', key: 'order' },
        { title: text.customer, dataIndex: 'customer', key: 'customer' },
        { title: text.plate, dataIndex: 'licensePlate', key: 'plate', width: 100 },
        { title: text.driver, dataIndex: 'driver', key: 'driver' },
        { title: text.ordered, key: 'ordered', align: 'right', render: (_, r) => tonnes(r.qtyOrdered) },
        { title: text.loaded, key: 'loaded', align: 'right', render: (_, r) => tonnes(r.qtyTransported) },
      ];

  const apply = (v: Filters) => {
    const next: Filters = {
      period: v.period ?? 30,
      groupBy: v.groupBy ?? '',
      companyId: everyCompany ? (v.companyId ?? null) : null,
      customerId: v.customerId ?? null,
      orderId: v.orderId ?? null,
      truckId: v.truckId ?? null,
      driverId: v.driverId ?? null,
    };
    // The same filters again read the history again.
    if (JSON.stringify(next) === JSON.stringify(filters) && page === 1) void query.refetch();
    setFilters(next);
    setPage(1);
  };

  return (
    <div className="a-page">
      <PageHeader
        title={text.title}
        extra={
          data?.canExport ? (
            <Space wrap>
              <Button icon={<DownloadOutlined aria-hidden />} href={historyExportUrl('pdf', filters)} download>
                {text.pdf}
              </Button>
              <Button icon={<DownloadOutlined aria-hidden />} href={historyExportUrl('xlsx', filters)} download>
                {text.xlsx}
              </Button>
              <Button icon={<DownloadOutlined aria-hidden />} href={historyExportUrl('csv', filters)} download>
                {text.csv}
              </Button>
            </Space>
          ) : null
        }
      />
      <Form<Filters> form={form} layout="vertical" className="a-card a-notice" initialValues={{ period: 30, groupBy: '' }} onFinish={apply}>
        <Row gutter={12}>
          {everyCompany && (
            <Col xs={24} md={8}>
              <Form.Item label={text.company} name="companyId">
                <RemoteSelect resource="company" ariaLabel={text.company} placeholder={text.company} />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={8}>
            <Form.Item label={text.customer} name="customerId">
              <RemoteSelect resource="customer" companyId={companyId} ariaLabel={text.customer} placeholder={text.customer} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={text.orders} name="orderId">
              <OrderPicker companyId={companyId} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={4}>
            <Form.Item label={text.period} name="period">
              <Select aria-label={text.period} options={PERIODS.map((n) => ({ value: n, label: text.days(n) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={6}>
            <Form.Item label={text.truck} name="truckId">
              <RemoteSelect resource="truck" companyId={companyId} ariaLabel={text.truck} placeholder={text.truck} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={6}>
            <Form.Item label={text.driver} name="driverId">
              <RemoteSelect resource="driver" companyId={companyId} ariaLabel={text.driver} placeholder={text.driver} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={4}>
            <Form.Item label={text.groupBy} name="groupBy">
              <Select aria-label={text.groupBy} options={GROUPINGS} />
            </Form.Item>
          </Col>
          <Col xs={24} md={4} style={{ display: 'flex', alignItems: 'flex-end' }}>
            <Form.Item style={{ width: '100%' }}>
              <Button type="primary" htmlType="submit" icon={<FilterOutlined aria-hidden />} block loading={query.isFetching}>
                {text.filter}
              </Button>
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {query.isError ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : (
        <>
          {data && (
            <Typography.Paragraph role="status">
              {text.total(data.total)} · {text.tonnes(data.totalTransported)}
            </Typography.Paragraph>
          )}
          <StaffTable<HistoryRow>
            label={text.title}
            size="small"
            rowKey={(r) => `${r.key ?? ''}-${r.id}`}
            columns={columns}
            dataSource={data?.items ?? []}
            loading={query.isFetching}
            locale={{ emptyText: text.empty }}
            scroll={data?.items.length ? { x: 800 } : undefined}
            pagination={{
              current: page,
              pageSize: data?.pageSize ?? 9,
              total: data?.total ?? 0,
              showSizeChanger: false,
              onChange: setPage,
            }}
          />
        </>
      )}
    </div>
  );
}
