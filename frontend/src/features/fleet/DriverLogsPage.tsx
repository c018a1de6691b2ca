/**
 * /motoristas/logs/:id (spec 2 "Drivers"): the driver's name; From (today) and To (seven days
 * later, never before From), each with an erase button; Voltar and Pesquisar ('Pesquisando...'
 * while loading); a loading overlay; 10 rows per page with id, title (HTML the server built
 * from escaped values), company and 'Ver detalhes' / 'Não há detalhes'; a row opens the details
 * panel. 'Consulta finalizada!' / 'Erro ao consultar!' after a search the user started.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { App, Button, Col, DatePicker, Descriptions, Empty, Form, Row, Space, Spin, Tooltip, Typography } from 'antd';
import { CloseOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { formatDateTime } from '../../shared/formatters';
import { TOAST_SECONDS } from '../../shared/messages';
import { useStaffGoTo } from '../auth/session';
import { PageHeader } from '../../shared/records/components/PageHeader';
import { yardToday } from '../../shared/records/dates';
import { adminMsg } from '../../shared/records/messages';
import '../../shared/records/admin.css';
import { checkDriverLogRange, defaultDriverLogRange, DRIVER_LOG_PAGE_SIZE, driverMsg, driverPaths } from './drivers';
import { useDriverQuery, useLazyDriverLogsQuery, type DriverLogEntry } from './driversApi';
import { StaffTable } from '../../shared/ui/StaffTable';

const DAY = 'YYYY-MM-DD';
const SHOWN = 'DD/MM/YYYY';

interface Range {
  from: Dayjs | null;
  to: Dayjs | null;
}

export default function DriverLogsPage() {
  const params = useParams();
  const id = Number(params.id ?? 0) || 0;
  const { message } = App.useApp();
  const goTo = useStaffGoTo();
  const driver = useDriverQuery(id, { skip: !id });
  const [fetchLogs] = useLazyDriverLogsQuery();
  const initial = useMemo<Range>(() => {
    const r = defaultDriverLogRange(yardToday());
    return { from: dayjs(r.start), to: dayjs(r.end) };
  }, []);
  const [range, setRange] = useState<Range>(initial);
  const [rows, setRows] = useState<DriverLogEntry[]>([]);
  const [loading, setLoading] = useState(false);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<DriverLogEntry | null>(null);
  const detailsRef = useRef<HTMLDivElement>(null);
  const problem = checkDriverLogRange(range.from?.format(DAY) ?? null, range.to?.format(DAY) ?? null);

  const search = useCallback(
    async (r: Range, { byUser }: { byUser: boolean }) => {
      if (!id) return;
      setLoading(true);
      try {
        const found = await fetchLogs({ id, startDate: r.from?.format(DAY), endDate: r.to?.format(DAY) }).unwrap();
        setRows(found);
        setPage(1);
        setSelected(null);
        if (byUser) void message.success(driverMsg.searchDone, TOAST_SECONDS);
      } catch {
        void message.error(driverMsg.searchError, TOAST_SECONDS);
      } finally {
        setLoading(false);
      }
    },
    [fetchLogs, id, message],
  );

  // The first search, with the default range (once).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void search(initial, { byUser: false });
  }, [search, initial]);

  function show(entry: DriverLogEntry) {
    setSelected(entry);
    requestAnimationFrame(() => detailsRef.current?.focus());
  }

  const columns = [
    { title: 'Id', dataIndex: 'id', key: 'id', width: 90 },
    {
      title: driverMsg.title,
      dataIndex: 'title',
      key: 'title',
      // HTML built by the server from escaped values (DESIGN section 3).
      render: (html: string) => <span className="a-log-title" dangerouslySetInnerHTML={{ __html: html }} />,
    },
    { title: driverMsg.company, key: 'company', width: 200, render: (_: unknown, l: DriverLogEntry) => l.company?.name ?? '' },
    {
      title: driverMsg.details,
      key: 'details',
      width: 150,
      render: (_: unknown, l: DriverLogEntry) =>
        l.details.length > 0 ? (
          <Button size="small" onClick={() => show(l)} aria-label={`${driverMsg.seeDetails} ${l.id}`}>
            {driverMsg.seeDetails}
          </Button>
        ) : (
          <Typography.Text type="secondary">{driverMsg.noDetails}</Typography.Text>
        ),
    },
  ];

  const name = driver.data?.name ?? '';

  return (
    <div className="a-page">
      <PageHeader title={name ? `${driverMsg.logsTitle}: ${name}` : driverMsg.logsTitle} />
      <div className="a-card a-notice">
        <Form
          layout="vertical"
          onFinish={() => {
            if (!problem) void search(range, { byUser: true });
          }}
        >
          <Row gutter={16} align="bottom">
            <Col xs={24} sm={12} md={6}>
              <Form.Item label={driverMsg.from} htmlFor="driver-log-from">
                <Space.Compact style={{ width: '100%' }}>
                  <DatePicker
                    id="driver-log-from"
                    format={SHOWN}
                    allowClear={false}
                    value={range.from}
                    onChange={(d) => setRange((r) => ({ ...r, from: d }))}
                    style={{ width: '100%' }}
                  />
                  <Tooltip title={driverMsg.clearFrom}>
                    <Button
                      icon={<CloseOutlined aria-hidden />}
                      aria-label={driverMsg.clearFrom}
                      disabled={!range.from}
                      onClick={() => setRange((r) => ({ ...r, from: null }))}
                    />
                  </Tooltip>
                </Space.Compact>
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} md={6}>
              <Form.Item
                label={driverMsg.to}
                htmlFor="driver-log-to"
                validateStatus={problem ? 'error' : undefined}
                help={problem ?? undefined}
              >
                <Space.Compact style={{ width: '100%' }}>
                  <DatePicker
                    id="driver-log-to"
                    format={SHOWN}
                    allowClear={false}
                    value={range.to}
                    minDate={range.from ?? undefined}
                    onChange={(d) => setRange((r) => ({ ...r, to: d }))}
                    style={{ width: '100%' }}
                  />
                  <Tooltip title={driverMsg.clearTo}>
                    <Button
                      icon={<CloseOutlined aria-hidden />}
                      aria-label={driverMsg.clearTo}
                      disabled={!range.to}
                      onClick={() => setRange((r) => ({ ...r, to: null }))}
                    />
                  </Tooltip>
                </Space.Compact>
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item>
                <Space>
                  <Button onClick={() => goTo(driverPaths.list)}>{driverMsg.back}</Button>
                  <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />} disabled={loading || !!problem}>
                    {loading ? driverMsg.searching : driverMsg.search}
                  </Button>
                </Space>
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </div>
      <Spin spinning={loading} tip={driverMsg.searching}>
        <StaffTable<DriverLogEntry>
          label={driverMsg.logsTitle}
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          scroll={{ x: 800 }}
          locale={{ emptyText: adminMsg.noResults }}
          rowClassName={(l) => (l.id === selected?.id ? 'ant-table-row-selected' : '')}
          onRow={(l) => ({ onClick: () => show(l) })}
          pagination={{ current: page, pageSize: DRIVER_LOG_PAGE_SIZE, showSizeChanger: false, onChange: setPage }}
        />
      </Spin>
      <div className="a-card a-details" ref={detailsRef} tabIndex={-1} aria-live="polite">
        <Typography.Title level={5}>{driverMsg.details}</Typography.Title>
        {selected ? (
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'date', label: driverMsg.date, children: formatDateTime(selected.createdAt) },
              {
                key: 'title',
                label: driverMsg.title,
                children: <span className="a-log-title" dangerouslySetInnerHTML={{ __html: selected.title }} />,
              },
              { key: 'company', label: driverMsg.company, children: selected.company?.name ?? '' },
              ...(selected.details.length > 0
                ? selected.details.map((d, i) => ({ key: `d${i}`, label: d.key, children: d.value }))
                : [{ key: 'none', label: driverMsg.details, children: driverMsg.noDetails }]),
            ]}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={driverMsg.pickRow} />
        )}
      </div>
    </div>
  );
}
