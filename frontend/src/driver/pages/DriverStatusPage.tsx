import { useCallback, useEffect, useRef, useState } from 'react';
import { readApiError } from '../../shared/apiError';
import { formatClock, formatDate } from '../../shared/formatters';
import { useCompanyEvents, type RealtimeSignal } from '../../shared/realtime';
import { Spinner } from '../../shared/ui/Spinner';
import { useDriverSessionQuery } from '../api';
import { ARRIVAL_ADVICE_HOURS, dm, LEAVE_REDIRECT_MS, POSITION_POLL_MS } from '../messages';
import { driverPaths } from '../paths';
import {
  useCompanySettingsQuery,
  useDriverPositionQuery,
  useLeaveQueueMutation,
  useQueuePanelQuery,
  useServerTimeQuery,
  type DriverPosition,
  type PanelRow,
} from '../queueApi';
import {
  driverStage,
  exitCode,
  exitCodeError,
  insideLeaveWindow,
  rowsAround,
  showsPrediction,
  timeOf,
  type DriverStage,
} from '../queueLogic';
import { useCheckinStateQuery } from '../checkinApi';
import { useDriverGoTo, useYardZone } from '../session';
import { PredictedCall } from '../components/PredictedCall';
import { useYardCall, YardCallNotice } from '../components/YardCall';
import { DriverShell } from '../ui/DriverShell';
import { ConfirmFooter, Modal } from '../ui/Modal';
import { toast } from '../ui/toast';

/** The server's clock, ticking on the phone from the offset read once; and the phone's now. */
function useServerClock(timeZone: string | null): { text: string; now: number } {
  const { data, fulfilledTimeStamp } = useServerTimeQuery();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(id);
  }, []);
  if (!data) return { text: '', now };
  const offset = data.timestamp - (fulfilledTimeStamp ?? now);
  return { text: formatClock(new Date(now + offset), timeZone), now };
}

/**
 * /app/agendamento/status: my position (spec 3 sections 2 and 4): the server's date and time,
 * the position and its status, the plates around the driver, the forecast and details,
 * 'Sair da fila' with the typed random code (blocked inside the window before the forecast)
 * and 'Ver fila'. The position is read again at once on each queue event of the company
 * (/api/ws), and every 30 s as the fallback; a call of the yard for this driver shows at once
 * with sound and vibration.
 */
export default function DriverStatusPage() {
  const { data: session } = useDriverSessionQuery();
  const goTo = useDriverGoTo();
  const driverId = session?.id ?? 0;
  const companyId = session?.company.id ?? 0;
  const position = useDriverPositionQuery(driverId, { skip: !session, pollingInterval: POSITION_POLL_MS });
  const panel = useQueuePanelQuery(companyId, { skip: !session, pollingInterval: POSITION_POLL_MS });
  const settings = useCompanySettingsQuery(companyId, { skip: !session });
  const clock = useServerClock(session?.company.timeZone ?? null);
  const [code, setCode] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { refetch: refetchPosition } = position;
  const { refetch: refetchPanel } = panel;
  const yardCall = useYardCall(driverId);
  const { onSignal } = yardCall;
  const waitingId = position.data?.stage === 'waiting' ? (position.data.id ?? 0) : 0;
  const checkin = useCheckinStateQuery(waitingId, { skip: !waitingId, pollingInterval: POSITION_POLL_MS });
  const { refetch: refetchCheckin } = checkin;

  const onEvent = useCallback(
    (signal: RealtimeSignal) => {
      onSignal(signal);
      void refetchPosition();
      void refetchPanel();
      if (waitingId) void refetchCheckin();
    },
    [onSignal, refetchPosition, refetchPanel, refetchCheckin, waitingId],
  );
  useCompanyEvents(onEvent, { enabled: !!session });

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  if (!session) return null;
  if (position.isLoading) {
    return (
      <DriverShell>
        <Spinner />
      </DriverShell>
    );
  }

  const p = position.data;
  const stage = driverStage(p, waitingId ? checkin.data : undefined);
  const inQueue = !!p && !!p.id && stage !== 'none';
  // Only a waiting entry shows a position and may leave; loading and done say why not.
  const waiting = stage === 'waiting' || stage === 'checkedIn' || stage === 'called';
  const hours = settings.data?.queue_edit_hours_limit ?? 6;
  const blocked = waiting && insideLeaveWindow(p?.forecast, clock.now, hours);
  const around = rowsAround(panel.data ?? []);

  return (
    <DriverShell>
      <div className="d-topbar" aria-label={dm.serverTime}>
        <span>{dm.serverTime}</span>
        <span data-testid="server-clock">{clock.text}</span>
      </div>
      {!inQueue || !p ? (
        <section className="d-card">
          <p>{dm.notInQueue}</p>
          <button type="button" className="d-btn" onClick={() => goTo(driverPaths.scheduling)}>
            {dm.enterQueue}
          </button>
        </section>
      ) : (
        <>
          <PositionCard p={p} stage={stage} />
          {around.length > 0 && <AroundCard around={around} />}
          <DetailsCard p={p} />
          <div className="d-stack">
            {blocked && (
              <p className="d-notice" role="status">
                {dm.leaveWindow(hours)}
              </p>
            )}
            {waiting ? (
              <button
                type="button"
                className="d-btn d-btn-danger"
                disabled={blocked}
                onClick={() => setCode(exitCode())}
              >
                {dm.leaveQueue}
              </button>
            ) : (
              <p className="d-muted" data-testid="leave-reason">
                {stage === 'loading' ? dm.leaveLoading : dm.leaveDone}
              </p>
            )}
          </div>
        </>
      )}
      <div className="d-stack" style={{ marginTop: 12 }}>
        <button type="button" className="d-btn d-btn-link" onClick={() => goTo(driverPaths.panel)}>
          {dm.seeQueue}
        </button>
        <button type="button" className="d-btn d-btn-secondary" onClick={() => goTo(driverPaths.home)}>
          {dm.back}
        </button>
      </div>
      {code !== null && (
        <LeaveModal
          code={code}
          entryId={p?.id ?? 0}
          onClose={() => setCode(null)}
          onLeft={() => {
            setCode(null);
            timer.current = setTimeout(() => goTo(driverPaths.edit, { replace: true }), LEAVE_REDIRECT_MS);
          }}
        />
      )}
      {yardCall.call && <YardCallNotice call={yardCall.call} onClose={yardCall.dismiss} />}
    </DriverShell>
  );
}

/** The position and its status, or the stage (loading, done, checked in, called), and the forecast. */
function PositionCard({ p, stage }: { p: DriverPosition; stage: DriverStage }) {
  const zone = useYardZone();
  return (
  <section className="d-card d-center" aria-labelledby="d-pos-title">
    <h1 id="d-pos-title">{dm.statusTitle}</h1>
    {stage === 'loading' ? (
      <div className="d-stage d-stage-loading" role="status" data-testid="driver-stage" data-stage={stage}>
        <strong>{dm.stageLoading}</strong>
        <span>{dm.stageLoadingText}</span>
      </div>
    ) : stage === 'done' ? (
      <div className="d-stage d-stage-done" role="status" data-testid="driver-stage" data-stage={stage}>
        <strong>{dm.stageDone}</strong>
        <span>{dm.stageDoneText}</span>
      </div>
    ) : (
      <>
        {p.status && dm.statusLabels[p.status] && (
          <span className={p.isInTolerance ? 'd-tag' : 'd-tag d-tag-blue'}>{dm.statusLabels[p.status]}</span>
        )}
        <p className="d-big" aria-label={`${dm.position} ${p.position}`} data-testid="my-position">
          {dm.positionOf(p.position)}
        </p>
        {p.date && (
          <p>
            {dm.forecast}: <strong>{formatDate(p.date, zone)} {timeOf(p.forecast, zone)}</strong>
          </p>
        )}
        {stage === 'waiting' && p.date && (
          <p className="d-muted" data-testid="arrival-advice">
            {dm.arrivalAdvice(ARRIVAL_ADVICE_HOURS)}
          </p>
        )}
        {stage === 'checkedIn' && (
          <div className="d-wait" role="status" data-testid="driver-stage" data-stage={stage}>
            <strong>{dm.waitCall}</strong>
          </div>
        )}
        {stage === 'called' && (
          <div className="d-called" role="status" data-testid="driver-stage" data-stage={stage}>
            <strong>{dm.calledTitle}</strong>
            <span>{dm.stageCalledText}</span>
          </div>
        )}
      </>
    )}
    {showsPrediction(stage) && <PredictedCall position={p} />}
  </section>
  );
}

/** The plates around the driver's. */
function AroundCard({ around }: { around: PanelRow[] }) {
  return (
    <section className="d-card" aria-labelledby="d-around-title">
      <h2 id="d-around-title">{dm.around}</h2>
      <table className="d-table">
        <thead>
          <tr>
            <th scope="col">{dm.position}</th>
            <th scope="col">{dm.plate}</th>
          </tr>
        </thead>
        <tbody>
          {around.map((r) => (
            <tr key={r.id} className={r.isMine ? 'd-mine' : undefined}>
              <td>{r.position}</td>
              <td>
                {r.licensePlate} {r.isMine && <span className="d-tag d-tag-blue">{dm.you}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The truck's plate, and 'Avulso' for a freelancer. */
function DetailsCard({ p }: { p: DriverPosition }) {
  return (
  <section className="d-card" aria-labelledby="d-details-title">
    <h2 id="d-details-title">{dm.details}</h2>
    <dl className="d-facts">
      <dt>{dm.plate}</dt>
      <dd>{p.truck?.licensePlate ?? '-'}</dd>
      {p.isFreelancer && (
        <>
          <dt>{dm.order}</dt>
          <dd>{dm.freelancerTag}</dd>
        </>
      )}
    </dl>
  </section>
  );
}

/** 'Sair da fila': the random code typed again, then the entry leaves. */
function LeaveModal({
  code,
  entryId,
  onClose,
  onLeft,
}: {
  code: string;
  entryId: number;
  onClose: () => void;
  onLeft: () => void;
}) {
  const [leave, leaving] = useLeaveQueueMutation();
  const [typed, setTyped] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  async function confirmLeave() {
    if (!entryId || leaving.isLoading) return;
    const err = exitCodeError(typed, code);
    setCodeError(err);
    if (err) return;
    try {
      await leave(entryId).unwrap();
      toast.success(dm.left);
      onLeft();
    } catch (e) {
      const ae = readApiError(e);
      onClose();
      toast.error(ae.statusCode === 409 ? ae.message : dm.leaveError);
    }
  }

  return (
    <Modal
      title={dm.leaveTitle}
      onClose={onClose}
      footer={
        <ConfirmFooter
          label={dm.confirm}
          busy={leaving.isLoading}
          onCancel={onClose}
          onConfirm={() => void confirmLeave()}
        />
      }
    >
      <p>{dm.leaveTypeCode}</p>
      <p className="d-code" data-testid="exit-code">
        {code}
      </p>
      <div className="d-field">
        <label htmlFor="exit-code-input">{dm.code}</label>
        <input
          id="exit-code-input"
          inputMode="numeric"
          autoComplete="off"
          maxLength={5}
          value={typed}
          aria-invalid={codeError ? true : undefined}
          aria-describedby={codeError ? 'exit-code-error' : undefined}
          onChange={(e) => setTyped(e.target.value.replace(/\D/g, '').slice(0, 5))}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void confirmLeave();
          }}
        />
        {codeError && (
          <p id="exit-code-error" className="d-field-error" role="alert">
            {codeError}
          </p>
        )}
      </div>
    </Modal>
  );
}
