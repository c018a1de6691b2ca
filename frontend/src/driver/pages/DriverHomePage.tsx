import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { firstName, formatDateTime } from '../../shared/formatters';
import { msg } from '../../shared/messages';
import { useCompanyEvents, type RealtimeSignal } from '../../shared/realtime';
import { Spinner } from '../../shared/ui/Spinner';
import { useDriverSessionQuery } from '../api';
import { useCheckinStateQuery } from '../checkinApi';
import { canCheckIn, cancellations, type CheckinNavState } from '../checkinLogic';
import { CHECKIN_POLL_MS, dm } from '../messages';
import { driverPaths } from '../paths';
import { driverStage, showsPrediction, timeOf } from '../queueLogic';
import { useCompanySettingsQuery, useDelayStatusQuery, useDriverPositionQuery, useHasDriverQuery } from '../queueApi';
import { useDriverGoTo } from '../session';
import { DriverShell } from '../ui/DriverShell';
import { CompanyPopup } from '../components/CompanyPopup';
import { PrivacyLink } from '../components/PrivacyLink';
import { PredictedCall } from '../components/PredictedCall';
import { useYardCall, YardCallNotice } from '../components/YardCall';

/** How long the home waits for its first answers before showing what it has. */
const FIRST_ANSWERS_MS = 3_000;

/** True for `ms` after mounting, then false. */
function usePatience(ms: number): boolean {
  const [patient, setPatient] = useState(true);
  useEffect(() => {
    const id = setTimeout(() => setPatient(false), ms);
    return () => clearTimeout(id);
  }, [ms]);
  return patient;
}

/** The delay's icon when it is an emoji; an icon name (plain text) shows the clock. */
function delayIcon(icon: string | null | undefined): string {
  return icon && !/^[\x20-\x7e]+$/.test(icon) ? icon : '⏱';
}

/**
 * / : the driver home (spec 3 section 2): the delay banner, the greeting with the first name
 * and the company, the maintenance notice when queue entry is closed, and 'Minha Posição'
 * (in the queue) or 'Consultar Fila', 'Como Chegar', the privacy and terms modal and the
 * company pop-up; 'Fazer Check-in' when the server says this phone may check in (check-in on,
 * the yard's address, a position, no active check-in) and 'Aguarde ser chamado' with the
 * check-in time once in. The check-in state is read every 30 s and on each queue event (the
 * server cancels a check-in from outside the yard's network: the cancelled notice follows); a
 * call of the yard shows at once with sound and vibration.
 */
export default function DriverHomePage() {
  const { data: session } = useDriverSessionQuery();
  const goTo = useDriverGoTo();
  const companyId = session?.company.id ?? 0;
  const settings = useCompanySettingsQuery(companyId, { skip: !session });
  const delay = useDelayStatusQuery(companyId, { skip: !session });
  const has = useHasDriverQuery(session?.id ?? 0, { skip: !session });
  const queueId = has.data?.hasDriver ? (has.data.queueId ?? 0) : 0;
  const checkin = useCheckinStateQuery(queueId, { skip: !queueId, pollingInterval: CHECKIN_POLL_MS });
  const position = useDriverPositionQuery(session?.id ?? 0, { skip: !session, pollingInterval: CHECKIN_POLL_MS });
  const yardCall = useYardCall(session?.id ?? 0);
  const { refetch: refetchHas } = has;
  const { refetch: refetchCheckin } = checkin;
  const { refetch: refetchPosition } = position;
  const { onSignal } = yardCall;

  const onEvent = useCallback(
    (signal: RealtimeSignal) => {
      onSignal(signal);
      void refetchHas();
      void refetchPosition();
      if (queueId) void refetchCheckin();
    },
    [onSignal, refetchHas, refetchCheckin, refetchPosition, queueId],
  );
  useCompanyEvents(onEvent, { enabled: !!session });

  // The server cancelled the check-in (the driver left the yard's network): step 4, once.
  const cancelled = useSyncExternalStore(cancellations.subscribe, cancellations.current, () => null);
  useEffect(() => {
    const c = cancelled && cancellations.take();
    if (!c) return;
    const state: CheckinNavState = { step: 4, updatedAt: c.updatedAt };
    goTo(driverPaths.checkin, { state });
  }, [cancelled, goTo]);

  // The first answers laid out at once (issue 23): a home built answer by answer moved under
  // the driver's eyes (the stage and the delay pushing the buttons down) and was laid out six
  // times on a slow phone. A read that hangs on a weak signal does not hold the home past
  // FIRST_ANSWERS_MS; an answer after that shows when it comes, as before.
  const waiting =
    settings.isLoading || delay.isLoading || has.isLoading || position.isLoading || (!!queueId && checkin.isLoading);
  const patient = usePatience(FIRST_ANSWERS_MS);
  if (!session) return null;
  if (waiting && patient) {
    return (
      <DriverShell>
        <Spinner />
      </DriverShell>
    );
  }
  const closed = settings.data ? !settings.data.enableQueueSave : false;
  const state = queueId ? checkin.data : undefined;
  const stage = driverStage(position.data, state);
  return (
    <DriverShell>
      {delay.data && (
        <div className="d-delay" role="status">
          <span className="d-delay-icon" aria-hidden="true">
            {delayIcon(delay.data.delay.icon)}
          </span>
          <div>
            <strong>{delay.data.delay.reason || dm.delayTitle}</strong>
            <p className="d-muted">{dm.delayMinutes(delay.data.delayedTime)}</p>
          </div>
        </div>
      )}
      <section className="d-card">
        <h1>{msg.hello(firstName(session.name))}</h1>
        <p className="d-muted">{msg.driverGreetingCompany(session.company.name)}</p>
      </section>
      {closed && !has.data?.hasDriver && (
        <p className="d-notice" role="status">
          {dm.maintenance}
        </p>
      )}
      <DriverStageCard
        stage={stage}
        position={position.data?.position ?? 0}
        checkedInAt={state?.checkin?.createdAt ?? null}
        calledAt={state?.checkin?.calledAt ?? null}
        zone={session.company.timeZone}
      />
      <div className="d-stack">
        {stage === 'waiting' && canCheckIn(!!queueId, state) && (
          <button type="button" className="d-btn" onClick={() => goTo(driverPaths.checkin)}>
            {dm.checkIn}
          </button>
        )}
        {has.isLoading ? (
          <Spinner />
        ) : has.data?.hasDriver ? (
          <>
            {showsPrediction(stage) && <PredictedCall position={position.data} />}
            <button type="button" className="d-btn" onClick={() => goTo(driverPaths.status)}>
              {dm.myPosition}
            </button>
          </>
        ) : (
          <button type="button" className="d-btn" onClick={() => goTo(driverPaths.queue)}>
            {dm.consultQueue}
          </button>
        )}
        <button type="button" className="d-btn d-btn-link" onClick={() => goTo(driverPaths.map)}>
          {dm.howToArrive}
        </button>
      </div>
      <PrivacyLink companyId={session.company.id} />
      <CompanyPopup driverId={session.id} companyId={session.company.id} />
      {yardCall.call && <YardCallNotice call={yardCall.call} onClose={yardCall.dismiss} />}
    </DriverShell>
  );
}

/** The one state of the driver's day (issue 22), one block at a time. */
function DriverStageCard({
  stage,
  position,
  checkedInAt,
  calledAt,
  zone,
}: {
  stage: ReturnType<typeof driverStage>;
  position: number;
  checkedInAt: string | null;
  calledAt: string | null | undefined;
  /** The yard's zone: the times read as the TV's and the panel's. */
  zone: string | null | undefined;
}) {
  switch (stage) {
    case 'waiting':
      return (
        <div className="d-stage" role="status" data-testid="driver-stage" data-stage={stage}>
          <strong>{dm.stageWaiting(position)}</strong>
          <span>{dm.stageWaitingHint}</span>
        </div>
      );
    case 'checkedIn':
      return (
        <div className="d-wait" role="status" data-testid="checkin-wait" data-stage={stage}>
          <strong>{dm.waitCall}</strong>
          {checkedInAt && <span>{dm.checkedInAt(formatDateTime(checkedInAt, zone))}</span>}
        </div>
      );
    case 'called':
      return (
        <div className="d-called" role="status" data-testid="driver-stage" data-stage={stage}>
          <strong>{dm.calledTitle}</strong>
          <span>{dm.stageCalledText}</span>
          {calledAt && <span>{dm.calledAt(timeOf(calledAt, zone))}</span>}
        </div>
      );
    case 'loading':
      return (
        <div className="d-stage d-stage-loading" role="status" data-testid="driver-stage" data-stage={stage}>
          <strong>{dm.stageLoading}</strong>
          <span>{dm.stageLoadingText}</span>
        </div>
      );
    case 'done':
      return (
        <div className="d-stage d-stage-done" role="status" data-testid="driver-stage" data-stage={stage}>
          <strong>{dm.stageDone}</strong>
          <span>{dm.stageDoneText}</span>
        </div>
      );
    default:
      return null;
  }
}
