/**
 * The dispatch panel's header: the title with the last update and the queue's predicted end,
 * the operator's controls (tolerance, delay, the day's attendance), the exports, the signage
 * panel and the connection check; below it the running delay.
 */
import { useState } from 'react';
import { Alert, Button, Modal, Space, Switch, Typography } from 'antd';
import { paths } from '../../../app/paths';
import { TIME_ZONE } from '../../../shared/formatters';
import {
  useEndAttendanceMutation,
  useEndDelayMutation,
  useStartAttendanceMutation,
  useToggleToleranceMutation,
  type Attendance,
  type DelayStatus,
  type YardSettings,
} from '../api';
import type { PanelAbilities } from '../model';
import { yardMsg } from '../texts';
import { DelayModal } from './modals';
import type { PanelRun } from './usePanelRun';

export interface PanelHeaderProps extends PanelRun {
  companyId: number;
  can: PanelAbilities;
  /** Whether the role opens the signage panel. */
  signage: boolean;
  lastUpdate: Date;
  /** The yard's zone: the last update reads in it, as the queue's times. */
  zone: string | null | undefined;
  /** The queue's predicted end, when known. */
  queueEnd: string | null | undefined;
  settings: YardSettings | undefined;
  attendance: { data?: Attendance | null; isLoading: boolean };
  delay: DelayStatus | null | undefined;
}

export function PanelHeader(p: PanelHeaderProps) {
  const { companyId, can, lastUpdate, zone, queueEnd, delay } = p;
  const [delayForm, setDelayForm] = useState(false);
  const [connection, setConnection] = useState<boolean | null>(null);
  const [endDelay] = useEndDelayMutation();

  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {yardMsg.title}
          </Typography.Title>
          <Typography.Text type="secondary">
            {yardMsg.lastUpdate(lastUpdate.toLocaleTimeString('pt-BR', { timeZone: zone || TIME_ZONE }))}
          </Typography.Text>
          {queueEnd && <Typography.Text data-testid="queue-end"> · {queueEnd}</Typography.Text>}
        </div>
        {can.operate && <OperatorControls {...p} onDelay={() => setDelayForm(true)} />}
        <Button href={`/api/queue/company/${companyId}/report.pdf`} download>
          {yardMsg.exportPdf}
        </Button>
        <Button href={`/api/queue/company/${companyId}/export.csv`} download>
          {yardMsg.exportCsv}
        </Button>
        {p.signage && (
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
        <DelayModal companyId={companyId} reasons={p.settings?.delay ?? []} onDone={() => setDelayForm(false)} />
      )}
      {delay && (
        <Alert
          style={{ marginTop: 12 }}
          type="warning"
          title={yardMsg.delayRunning(delay.delay.reason ?? '-', delay.delayedTime)}
          action={
            can.operate ? (
              <Button
                size="small"
                onClick={() => p.run(() => endDelay({ companyId, time: -1 }).unwrap(), undefined, yardMsg.delayError)}
              >
                {yardMsg.endDelay}
              </Button>
            ) : undefined
          }
        />
      )}
    </>
  );
}

/** Tolerance, the delay and the day's attendance (the operating roles). */
function OperatorControls({
  companyId,
  settings,
  attendance,
  delay,
  run,
  confirm,
  onDelay,
}: PanelHeaderProps & { onDelay: () => void }) {
  const [toggleTolerance] = useToggleToleranceMutation();
  const [startAttendance] = useStartAttendanceMutation();
  const [endAttendance] = useEndAttendanceMutation();
  const open = attendance.data?.status === true;
  return (
    <Space wrap>
      <Space>
        <Switch
          aria-label={yardMsg.tolerance}
          checked={settings?.enableTolerance ?? false}
          onChange={(on) =>
            confirm(yardMsg.toleranceWarning(!on), () => run(() => toggleTolerance({ companyId, tolerance: on }).unwrap()))
          }
        />
        {yardMsg.tolerance}
      </Space>
      <Button onClick={onDelay} disabled={!!delay}>
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
          onClick={() => confirm(yardMsg.startAttendanceConfirm, () => run(() => startAttendance(companyId).unwrap()))}
        >
          {yardMsg.startAttendance}
        </Button>
      )}
    </Space>
  );
}
