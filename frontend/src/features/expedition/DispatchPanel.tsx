/**
 * The dispatch panel (/expedicao/painel, spec 3 "Expedition home", issue 13): header with the
 * day's attendance and the running delay, the cards, the tabs Atendimento / Pátio / Fila and
 * the per-day tables with the row actions. Every rule is the server's (its pt-BR message is
 * shown as is); the panel re-reads on the company's `/api/ws` events, and every 3 minutes only
 * as the fallback.
 */
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Statistic,
  Switch,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { formatDecimal } from '../../shared/formatters';
import { readApiError } from '../../shared/apiError';
import { predictedCallWhen, queueEndText } from '../../shared/predictedCall';
import { useCompanyEvents } from '../../shared/realtime';
import { useDebounced, useSession } from '../../shared/records/hooks';
import { useAppDispatch } from '../../app/store';
import { paths } from '../../app/paths';
import { routeAllowed } from '../../app/session';
import {
  invalidateYard,
  useActiveCheckinsQuery,
  useActiveQueueQuery,
  useCallDriverMutation,
  useCancelPositionMutation,
  useChangeDriverMutation,
  useCompanyDriversQuery,
  useCompleteLoadingMutation,
  useDelayStatusQuery,
  useEditWeightMutation,
  useEndAttendanceMutation,
  useEndDelayMutation,
  useQueueTotalsQuery,
  useReturnToQueueMutation,
  useStartAttendanceMutation,
  useStartDelayMutation,
  useStartLoadingMutation,
  useTodayAttendanceQuery,
  useToggleToleranceMutation,
  useYardSettingsQuery,
  useYardListQuery,
  type QueueRow,
  type YardListKind,
  type YardRow,
} from './api';
import { abilities, brDate, byPlate, elapsedMinutes, groupByDay, parseWeight, tonnesCard, whatsappLink, type PanelAbilities } from './model';
import { formatDateTime } from '../../shared/formatters';
import { formatTonnes } from '../../shared/tonnage';
import { yardMsg } from './texts';
import { RescueRequestModal } from '../rescues/RescueRequestModal';
import { TonnageField } from '../../shared/ui/TonnageField';
import type { TonnageLimits } from '../../shared/tonnage';
import { rescueMsg } from '../rescues/texts';

/** The spec's reload, kept only as the fallback of the socket. */
const FALLBACK_POLL_MS = 180_000;

type WeightTarget = {
  mode: 'complete' | 'edit';
  schedulingId: number;
  plate: string;
  /** The truck's net capacity and the order's balance: the field warns above them. */
  limits: TonnageLimits;
};

export default function DispatchPanel() {
  const session = useSession();
  const companyId = session?.company?.id;
  if (!session) return null;
  if (companyId === undefined || companyId === null) {
    return <Alert type="info" title={yardMsg.noCompany} />;
  }
  return (
    <Panel companyId={companyId} can={abilities(session.panel)} signage={routeAllowed(session.routes, paths.signagePanel)} />
  );
}

function Panel({ companyId, can, signage }: { companyId: number; can: PanelAbilities; signage: boolean }) {
  const { message, modal } = App.useApp();
  const dispatch = useAppDispatch();
  const poll = { pollingInterval: FALLBACK_POLL_MS };
  // Predicted times read in the yard's zone, as the queue's own times.
  const zone = useSession()?.company?.timeZone;
  const queue = useActiveQueueQuery(companyId, poll);
  const totals = useQueueTotalsQuery(companyId, poll);
  const attendance = useTodayAttendanceQuery(companyId, poll);
  const delay = useDelayStatusQuery(companyId, poll);
  const checkins = useActiveCheckinsQuery(companyId, poll);
  const settings = useYardSettingsQuery(companyId, poll);
  const [toggleTolerance] = useToggleToleranceMutation();
  const [delayForm, setDelayForm] = useState(false);
  const [connection, setConnection] = useState<boolean | null>(null);
  const [lastUpdate, setLastUpdate] = useState(() => new Date());
  const [search, setSearch] = useState('');
  const [day, setDay] = useState<string | null>(null);
  const [list, setList] = useState<YardListKind | null>(null);
  const [weight, setWeight] = useState<WeightTarget | null>(null);
  const [swap, setSwap] = useState<QueueRow | null>(null);
  const [rescue, setRescue] = useState<YardRow | null>(null);
  const [details, setDetails] = useState<QueueRow | null>(null);
  const [tab, setTab] = useState<string | undefined>(undefined);

  const reread = useCallback(() => {
    dispatch(invalidateYard());
    setLastUpdate(new Date());
  }, [dispatch]);
  useCompanyEvents(reread);

  const [startAttendance] = useStartAttendanceMutation();
  const [endAttendance] = useEndAttendanceMutation();
  const [endDelay] = useEndDelayMutation();
  const [startLoading] = useStartLoadingMutation();
  const [returnToQueue] = useReturnToQueueMutation();
  const [cancelPosition] = useCancelPositionMutation();
  const [callDriver] = useCallDriverMutation();

  /** Runs an action; the server's message on failure (or `fallback` without one). */
  const run = async (action: () => Promise<unknown>, success?: string, fallback?: string) => {
    try {
      await action();
      if (success) void message.success(success);
      setLastUpdate(new Date());
    } catch (e) {
      const err = readApiError(e);
      void message.error(err.message || fallback || '');
    }
  };

  const confirm = (title: string, onOk: () => Promise<unknown>) =>
    modal.confirm({ title, okText: yardMsg.yes, cancelText: yardMsg.no, onOk });

  const rows = useMemo(() => queue.data ?? [], [queue.data]);
  const loading = rows.filter((r) => r.isActive);
  const days = useMemo(() => groupByDay(byPlate(rows, search)).slice(0, 4), [rows, search]);
  const shownDays = day === null ? days : days.filter((d) => d.date === day);
  const open = attendance.data?.status === true;

  // Spec 3 section 5: *Cancelar* only while tolerance is off.
  const toleranceOn = settings.data?.enableTolerance ?? false;
  const queueColumns = [
    { title: yardMsg.columns.position, dataIndex: 'position', width: 90 },
    {
      title: yardMsg.columns.plate,
      dataIndex: 'licensePlate',
      render: (plate: string, r: QueueRow) => (
        <Space wrap>
          {can.details ? (
            <Button
              type="link"
              size="small"
              style={{ padding: 0, fontWeight: 700 }}
              aria-label={yardMsg.detailsOf(plate)}
              onClick={() => setDetails(r)}
            >
              {plate}
            </Button>
          ) : (
            <strong>{plate}</strong>
          )}
          {r.isFreelancer && <Tag>{yardMsg.freelancer}</Tag>}
          {r.isInTolerance && (
            <Tag color="orange" data-testid={`tolerance-${plate}`}>
              {yardMsg.toleranceLeft(r.toleranceTime)}
            </Tag>
          )}
          {r.checkInActive && <Tag color="green">{yardMsg.checkedIn}</Tag>}
        </Space>
      ),
    },
    {
      title: yardMsg.columns.driver,
      dataIndex: 'driverName',
      render: (name: string, r: QueueRow) => <DriverContact name={name} phone={can.seesPhone ? r.driverPhone : null} />,
    },
    { title: yardMsg.columns.model, dataIndex: 'vehicleModelName' },
    { title: yardMsg.columns.order, render: (_: unknown, r: QueueRow) => r.scheduling?.order?.code ?? '-' },
    { title: yardMsg.columns.time, dataIndex: 'time' },
    {
      title: yardMsg.columns.predictedCall,
      render: (_: unknown, r: QueueRow) => predictedCallWhen(r, lastUpdate.getTime(), zone) ?? '-',
    },
    ...(can.operate
      ? [
          {
            title: yardMsg.columns.actions,
            render: (_: unknown, r: QueueRow) => (
              <Space>
                <Button
                  type="primary"
                  size="small"
                  aria-label={`${yardMsg.start} ${r.licensePlate}`}
                  onClick={() =>
                    confirm(yardMsg.startConfirm(r.licensePlate), () =>
                      run(async () => {
                        await startLoading(r.id).unwrap();
                        // The vehicle in loading is what the operator looks at next.
                        setTab('attendance');
                      }, yardMsg.started),
                    )
                  }
                >
                  {yardMsg.start}
                </Button>
                <Button size="small" aria-label={`${yardMsg.swap} ${r.licensePlate}`} onClick={() => setSwap(r)}>
                  {yardMsg.swap}
                </Button>
                {!toleranceOn && (
                  <Button
                    size="small"
                    danger
                    aria-label={`${yardMsg.cancelPosition} ${r.licensePlate}`}
                    onClick={() =>
                      confirm(yardMsg.cancelConfirm(r.licensePlate), () =>
                        run(() => cancelPosition(r.id).unwrap(), yardMsg.cancelled),
                      )
                    }
                  >
                    {yardMsg.cancelPosition}
                  </Button>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];

  const loadingColumns = [
    { title: yardMsg.columns.plate, dataIndex: 'licensePlate', render: (p: string) => <strong>{p}</strong> },
    { title: yardMsg.columns.driver, dataIndex: 'driverName' },
    { title: yardMsg.columns.order, render: (_: unknown, r: QueueRow) => r.scheduling?.order?.code ?? '-' },
    {
      title: yardMsg.columns.since,
      render: (_: unknown, r: QueueRow) => yardMsg.elapsed(elapsedMinutes(r.expedition, Date.now())),
    },
    ...(can.operate
      ? [
          {
            title: yardMsg.columns.actions,
            render: (_: unknown, r: QueueRow) => (
              <Space>
                {r.scheduling && (
                  <Button
                    type="primary"
                    size="small"
                    aria-label={`${yardMsg.complete} ${r.licensePlate}`}
                    onClick={() =>
                      setWeight({
                        mode: 'complete',
                        schedulingId: r.scheduling!.id,
                        plate: r.licensePlate,
                        limits: { capacity: r.netCapacity, balance: r.scheduling!.orderBalance },
                      })
                    }
                  >
                    {yardMsg.complete}
                  </Button>
                )}
                <Button
                  size="small"
                  aria-label={`${yardMsg.backToQueue} ${r.licensePlate}`}
                  onClick={() =>
                    // The scheduling variant of the confirmation modal (spec 1 section 2).
                    modal.confirm({
                      title: yardMsg.backToQueueTitle,
                      content: yardMsg.backToQueueConfirm(r.licensePlate),
                      okText: yardMsg.yes,
                      cancelText: yardMsg.no,
                      onOk: () => run(() => returnToQueue(r.id).unwrap(), undefined, yardMsg.backToQueueError),
                    })
                  }
                >
                  {yardMsg.backToQueue}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  const yardColumns = [
    { title: yardMsg.columns.plate, dataIndex: 'licensePlate', render: (p: string) => <strong>{p}</strong> },
    { title: yardMsg.columns.driver, dataIndex: 'driverName' },
    {
      title: yardMsg.columns.checkIn,
      dataIndex: 'createdAt',
      render: (t: string) => new Date(t).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' }),
    },
    ...(can.call
      ? [
          {
            title: yardMsg.columns.actions,
            render: (_: unknown, c: { id: number; driverName: string; licensePlate: string }) => (
              <Button
                size="small"
                aria-label={`${yardMsg.call} ${c.licensePlate}`}
                onClick={() =>
                  run(() => callDriver(c.id).unwrap(), yardMsg.called(c.driverName), yardMsg.callError)
                }
              >
                {yardMsg.call}
              </Button>
            ),
          },
        ]
      : []),
  ];

  const tabs = [
    ...(loading.length > 0
      ? [
          {
            key: 'attendance',
            label: yardMsg.tabs.attendance,
            children: <Table rowKey="id" size="small" pagination={false} columns={loadingColumns} dataSource={loading} />,
          },
        ]
      : []),
    {
      key: 'yard',
      label: yardMsg.tabs.yard,
      children: (
        <Table rowKey="id" size="small" pagination={false} columns={yardColumns} dataSource={checkins.data ?? []} />
      ),
    },
    {
      key: 'queue',
      label: yardMsg.tabs.queue,
      children: (
        <Row gutter={16}>
          <Col flex="120px">
            <Space orientation="vertical">
              <Button type={day === null ? 'primary' : 'default'} onClick={() => setDay(null)}>
                {yardMsg.top}
              </Button>
              {days.map((d) => (
                <Button key={d.label} type={day === d.date ? 'primary' : 'default'} onClick={() => setDay(d.date)}>
                  {d.label}
                </Button>
              ))}
            </Space>
          </Col>
          <Col flex="auto">
            <Input.Search
              allowClear
              placeholder={yardMsg.plateSearch}
              aria-label={yardMsg.plateSearch}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              style={{ maxWidth: 280, marginBottom: 12 }}
            />
            {/* An empty queue reads as empty; the spec's 'Algo de errado aconteceu' is kept for a
                failed read (docs/decisions.md, issue 22). */}
            {queue.isError ? (
              <Alert type="error" showIcon title={yardMsg.noQueue} />
            ) : (
              shownDays.length === 0 &&
              !queue.isLoading && (
                <Typography.Paragraph type="secondary" data-testid="empty-queue">
                  {search ? yardMsg.noPlate : yardMsg.emptyQueue}
                </Typography.Paragraph>
              )
            )}
            {shownDays.map((d) => (
              <Card key={d.label} size="small" title={d.label} style={{ marginBottom: 12 }}>
                <Table
                  rowKey="id"
                  size="small"
                  columns={queueColumns}
                  dataSource={d.rows.slice(0, 100)}
                  pagination={{ defaultPageSize: 10, pageSizeOptions: [10, 20, 50, 100], showSizeChanger: true }}
                />
              </Card>
            ))}
          </Col>
        </Row>
      ),
    },
  ];
  const activeTab = tab && tabs.some((t) => t.key === tab) ? tab : loading.length > 0 ? 'attendance' : 'queue';

  const t = totals.data;
  const queueEnd = queueEndText(t?.predictedEndAt, lastUpdate.getTime(), zone);
  const cards: { key: string; title: string; value: string | number; list?: YardListKind }[] = [
    { key: 'programmed', title: yardMsg.cards.programmed, value: t?.totalsToday ?? 0 },
    { key: 'yard', title: yardMsg.cards.yard, value: checkins.data?.length ?? 0 },
    ...(can.seesTonnes
      ? [
          { key: 'attended', title: yardMsg.cards.attended, value: t?.attended ?? 0, list: 'attendeds' as const },
          { key: 'tonnes', title: yardMsg.cards.tonnes, value: tonnesCard(t?.totalTransportedToday) },
        ]
      : []),
    { key: 'missing', title: yardMsg.cards.missing, value: t?.missing ?? 0, list: 'missings' },
    { key: 'dropouts', title: yardMsg.cards.dropouts, value: t?.dropouts ?? 0, list: 'drops' },
  ];

  return (
    <div className="patio-panel">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {yardMsg.title}
          </Typography.Title>
          <Typography.Text type="secondary">
            {yardMsg.lastUpdate(lastUpdate.toLocaleTimeString('pt-BR'))}
          </Typography.Text>
          {queueEnd && <Typography.Text data-testid="queue-end"> · {queueEnd}</Typography.Text>}
        </div>
        {can.operate && (
          <Space wrap>
            <Space>
              <Switch
                aria-label={yardMsg.tolerance}
                checked={settings.data?.enableTolerance ?? false}
                onChange={(on) =>
                  confirm(yardMsg.toleranceWarning(!on), () =>
                    run(() => toggleTolerance({ companyId, tolerance: on }).unwrap()),
                  )
                }
              />
              {yardMsg.tolerance}
            </Space>
            <Button onClick={() => setDelayForm(true)} disabled={!!delay.data}>
              {yardMsg.delay}
            </Button>
            {attendance.isLoading ? null : open ? (
              <Button
                key="end-attendance"
                danger
                onClick={() =>
                  confirm(yardMsg.endAttendanceConfirm, () =>
                    run(() => endAttendance(attendance.data!.id).unwrap(), undefined, yardMsg.endAttendanceError),
                  )
                }
              >
                {yardMsg.endAttendance}
              </Button>
            ) : (
              <Button
                key="start-attendance"
                type="primary"
                onClick={() =>
                  confirm(yardMsg.startAttendanceConfirm, () => run(() => startAttendance(companyId).unwrap()))
                }
              >
                {yardMsg.startAttendance}
              </Button>
            )}
          </Space>
        )}
        <Button href={`/api/queue/company/${companyId}/report.pdf`} download>
          {yardMsg.exportPdf}
        </Button>
        <Button href={`/api/queue/company/${companyId}/export.csv`} download>
          {yardMsg.exportCsv}
        </Button>
        {signage && (
          <Button href={paths.signagePanel} target="_blank" rel="noopener">
            {yardMsg.signagePanel}
          </Button>
        )}
        <Button
          onClick={() => {
            void fetch('/api/health', { cache: 'no-store' })
              .then((r) => setConnection(r.ok))
              .catch(() => setConnection(false));
            setTimeout(() => setConnection(null), 3_000);
          }}
        >
          {yardMsg.connection}
        </Button>
      </Space>
      {connection !== null && (
        <Modal open footer={null} onCancel={() => setConnection(null)} title={yardMsg.connection}>
          <Typography.Text type={connection ? 'success' : 'danger'}>
            {connection ? yardMsg.connected : yardMsg.disconnected}
          </Typography.Text>
        </Modal>
      )}
      {delayForm && (
        <DelayModal companyId={companyId} reasons={settings.data?.delay ?? []} onDone={() => setDelayForm(false)} />
      )}
      {delay.data && (
        <Alert
          style={{ marginTop: 12 }}
          type="warning"
          title={yardMsg.delayRunning(delay.data.delay.reason ?? '-', delay.data.delayedTime)}
          action={
            can.operate ? (
              <Button size="small" onClick={() => run(() => endDelay({ companyId, time: -1 }).unwrap(), undefined, yardMsg.delayError)}>
                {yardMsg.endDelay}
              </Button>
            ) : undefined
          }
        />
      )}
      <Row gutter={[12, 12]} style={{ marginTop: 16 }}>
        {cards.map((c) => (
          <Col key={c.key} xs={12} md={8} lg={4}>
            <Card
              size="small"
              hoverable={!!c.list}
              onClick={c.list ? () => setList(c.list!) : undefined}
              data-testid={`card-${c.key}`}
            >
              <Statistic title={c.title} value={c.value} />
            </Card>
          </Col>
        ))}
      </Row>
      <Tabs style={{ marginTop: 16 }} activeKey={activeTab} onChange={setTab} items={tabs} />
      {list && (
        <YardListModal
          companyId={companyId}
          kind={list}
          canEdit={can.operate}
          seesPhone={can.seesPhone}
          onEdit={(r) =>
            r.schedulingId &&
            setWeight({
              mode: 'edit',
              schedulingId: r.schedulingId,
              plate: r.licensePlate,
              limits: { capacity: r.netCapacity, balance: r.orderBalance },
            })
          }
          onRecover={setRescue}
          onClose={() => setList(null)}
        />
      )}
      {rescue && <RescueRequestModal row={rescue} onDone={() => setRescue(null)} />}
      {weight && <WeightModal target={weight} onDone={() => setWeight(null)} />}
      {swap && <SwapModal companyId={companyId} row={swap} onDone={() => setSwap(null)} />}
      {details && <VehicleDetails row={details} seesPhone={can.seesPhone} onClose={() => setDetails(null)} />}
    </div>
  );
}

function YardListModal({
  companyId,
  kind,
  canEdit,
  seesPhone,
  onEdit,
  onRecover,
  onClose,
}: {
  companyId: number;
  kind: YardListKind;
  canEdit: boolean;
  seesPhone: boolean;
  onEdit: (row: YardRow) => void;
  /** The Faltosos list's 'Recuperar' (dispatch roles only; the server decides). */
  onRecover: (row: YardRow) => void;
  onClose: () => void;
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
            render: (t: string | null) => (t ? new Date(t).toLocaleTimeString('pt-BR') : '-'),
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

function WeightModal({ target, onDone }: { target: WeightTarget; onDone: () => void }) {
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

function DelayModal({
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

function SwapModal({ companyId, row, onDone }: { companyId: number; row: QueueRow; onDone: () => void }) {
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
function DriverContact({ name, phone }: { name: string; phone: string | null | undefined }) {
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
function VehicleDetails({ row, seesPhone, onClose }: { row: QueueRow; seesPhone: boolean; onClose: () => void }) {
  const d = yardMsg.details;
  const when = (t: string | null | undefined) => (t ? formatDateTime(t) : '-');
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
