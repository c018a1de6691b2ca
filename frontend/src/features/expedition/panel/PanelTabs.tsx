/**
 * The dispatch panel's tabs: Atendimento (the vehicles in loading, while there are any), Pátio
 * (the checked-in vehicles) and Fila (the queue by day, with the plate search). The row actions
 * ask first and show the server's message.
 */
import { useMemo, useState } from 'react';
import { Alert, App, Button, Card, Col, Input, Row, Space, Table, Tabs, Typography } from 'antd';
import {
  useCallDriverMutation,
  useCancelPositionMutation,
  useReturnToQueueMutation,
  useStartLoadingMutation,
  type QueueRow,
} from '../api';
import { byPlate, callTimes, groupByDay, type PanelAbilities } from '../model';
import { yardMsg } from '../texts';
import { loadingColumns, queueColumns, yardColumns, type CheckinRow, type RowActions } from './columns';
import type { WeightTarget } from './modals';
import type { PanelRun } from './usePanelRun';

export interface PanelTabsProps extends PanelRun {
  can: PanelAbilities;
  rows: QueueRow[];
  queueFailed: boolean;
  queueLoading: boolean;
  checkins: CheckinRow[];
  toleranceOn: boolean;
  /** The last update's time: the predicted calls are read at it. */
  now: number;
  zone: string | null | undefined;
  onDetails: (r: QueueRow) => void;
  onSwap: (r: QueueRow) => void;
  onWeight: (t: WeightTarget) => void;
}

export function PanelTabs(p: PanelTabsProps) {
  const { can, rows } = p;
  const [tab, setTab] = useState<string | undefined>(undefined);
  const [search, setSearch] = useState('');
  const [day, setDay] = useState<string | null>(null);
  const act = useRowActions(p, () => setTab('attendance'));

  const loading = rows.filter((r) => r.isActive);
  const days = useMemo(() => groupByDay(byPlate(rows, search)).slice(0, 4), [rows, search]);
  const shownDays = day === null ? days : days.filter((d) => d.date === day);
  const calls = useMemo(() => callTimes(p.checkins, p.zone), [p.checkins, p.zone]);

  const tabs = [
    ...(loading.length > 0
      ? [
          {
            key: 'attendance',
            label: yardMsg.tabs.attendance,
            children: (
              <Table rowKey="id" size="small" pagination={false} columns={loadingColumns(can, act)} dataSource={loading} />
            ),
          },
        ]
      : []),
    {
      key: 'yard',
      label: yardMsg.tabs.yard,
      children: <Table rowKey="id" size="small" pagination={false} columns={yardColumns(can, act, p.zone)} dataSource={p.checkins} />,
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
            {p.queueFailed ? (
              <Alert type="error" showIcon title={yardMsg.noQueue} />
            ) : (
              shownDays.length === 0 &&
              !p.queueLoading && (
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
                  columns={queueColumns(can, act, p.toleranceOn, p.now, p.zone, calls)}
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

  return <Tabs style={{ marginTop: 16 }} activeKey={activeTab} onChange={setTab} items={tabs} />;
}

/** What each row button does: start, swap, cancel, complete, back to the queue, call. */
function useRowActions(p: PanelTabsProps, onStarted: () => void): RowActions {
  const { modal } = App.useApp();
  const { run, confirm } = p;
  const [startLoading] = useStartLoadingMutation();
  const [returnToQueue] = useReturnToQueueMutation();
  const [cancelPosition] = useCancelPositionMutation();
  const [callDriver] = useCallDriverMutation();
  return {
    details: p.onDetails,
    swap: p.onSwap,
    start: (r) =>
      confirm(yardMsg.startConfirm(r.licensePlate), () =>
        run(async () => {
          await startLoading(r.id).unwrap();
          // The vehicle in loading is what the operator looks at next.
          onStarted();
        }, yardMsg.started),
      ),
    cancel: (r) =>
      confirm(yardMsg.cancelConfirm(r.licensePlate), () => run(() => cancelPosition(r.id).unwrap(), yardMsg.cancelled)),
    complete: (r) =>
      p.onWeight({
        mode: 'complete',
        schedulingId: r.scheduling!.id,
        plate: r.licensePlate,
        limits: { capacity: r.netCapacity, balance: r.scheduling!.orderBalance },
      }),
    backToQueue: (r) => {
      // The scheduling variant of the confirmation modal (spec 1 section 2).
      modal.confirm({
        title: yardMsg.backToQueueTitle,
        content: yardMsg.backToQueueConfirm(r.licensePlate),
        okText: yardMsg.yes,
        cancelText: yardMsg.no,
        onOk: () => run(() => returnToQueue(r.id).unwrap(), undefined, yardMsg.backToQueueError),
      });
    },
    call: (c) => void run(() => callDriver(c.id).unwrap(), yardMsg.called(c.driverName), yardMsg.callError),
  };
}
