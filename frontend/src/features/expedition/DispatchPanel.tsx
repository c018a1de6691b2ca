/**
 * The dispatch panel (/expedicao/painel, spec 3 "Expedition home", issue 13): header with the
 * day's attendance and the running delay, the cards, the tabs Atendimento / Pátio / Fila and
 * the per-day tables with the row actions. Every rule is the server's (its pt-BR message is
 * shown as is); the panel re-reads on the company's `/api/ws` events, and every 3 minutes only
 * as the fallback.
 */
import { useCallback, useState } from 'react';
import { Alert } from 'antd';
import { queueEndText } from '../../shared/predictedCall';
import { useCompanyEvents } from '../../shared/realtime';
import { useSession } from '../../shared/records/hooks';
import { useAppDispatch } from '../../app/store';
import { paths } from '../../app/paths';
import { routeAllowed } from '../../app/session';
import {
  invalidateYard,
  useActiveCheckinsQuery,
  useActiveQueueQuery,
  useDelayStatusQuery,
  useQueueTotalsQuery,
  useTodayAttendanceQuery,
  useYardSettingsQuery,
  type QueueRow,
  type YardListKind,
  type YardRow,
} from './api';
import { abilities, type PanelAbilities } from './model';
import { yardMsg } from './texts';
import { RescueRequestModal } from '../rescues/RescueRequestModal';
import { PanelCards } from './panel/PanelCards';
import { PanelHeader } from './panel/PanelHeader';
import { PanelTabs } from './panel/PanelTabs';
import { SwapModal, VehicleDetails, WeightModal, YardListModal, type WeightTarget } from './panel/modals';
import { usePanelRun } from './panel/usePanelRun';

/** The spec's reload, kept only as the fallback of the socket. */
const FALLBACK_POLL_MS = 180_000;

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


/** The panel of a company: its reads, the last update, and which modal is open. */
function Panel({ companyId, can, signage }: { companyId: number; can: PanelAbilities; signage: boolean }) {
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
  const [lastUpdate, setLastUpdate] = useState(() => new Date());
  const [list, setList] = useState<YardListKind | null>(null);
  const [weight, setWeight] = useState<WeightTarget | null>(null);
  const [swap, setSwap] = useState<QueueRow | null>(null);
  const [rescue, setRescue] = useState<YardRow | null>(null);
  const [details, setDetails] = useState<QueueRow | null>(null);

  const reread = useCallback(() => {
    dispatch(invalidateYard());
    setLastUpdate(new Date());
  }, [dispatch]);
  useCompanyEvents(reread);
  const actions = usePanelRun(() => setLastUpdate(new Date()));

  return (
    <div className="patio-panel">
      <PanelHeader
        {...actions}
        companyId={companyId}
        can={can}
        signage={signage}
        lastUpdate={lastUpdate}
        zone={zone}
        queueEnd={queueEndText(totals.data?.predictedEndAt, lastUpdate.getTime(), zone)}
        settings={settings.data}
        attendance={attendance}
        delay={delay.data}
      />
      <PanelCards can={can} totals={totals.data} inYard={checkins.data?.length ?? 0} onList={setList} />
      <PanelTabs
        {...actions}
        can={can}
        rows={queue.data ?? []}
        queueFailed={queue.isError}
        queueLoading={queue.isLoading}
        checkins={checkins.data ?? []}
        // Spec 3 section 5: *Cancelar* only while tolerance is off.
        toleranceOn={settings.data?.enableTolerance ?? false}
        now={lastUpdate.getTime()}
        zone={zone}
        onDetails={setDetails}
        onSwap={setSwap}
        onWeight={setWeight}
      />
      {list && (
        <YardListModal
          companyId={companyId}
          kind={list}
          zone={zone}
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
      {details && <VehicleDetails row={details} seesPhone={can.seesPhone} zone={zone} onClose={() => setDetails(null)} />}
    </div>
  );
}
