import { useEffect, useRef, useState } from 'react';
import { readApiError } from '../../shared/apiError';
import { formatDate } from '../../shared/formatters';
import { Spinner } from '../../shared/ui/Spinner';
import { useDriverSessionQuery } from '../api';
import { ARRIVAL_ADVICE_HOURS, dm, ENTER_REDIRECT_MS, ERROR_PANEL_MS } from '../messages';
import { driverPaths } from '../paths';
import {
  useCompanySettingsQuery,
  useDriverLoadingsQuery,
  useDriverTrucksQuery,
  useHasDriverQuery,
  useJoinQueueMutation,
  useRefuseLoadingMutation,
  type JoinView,
  type Loading,
  type Truck,
} from '../queueApi';
import { authorisedLoadings, timeOf } from '../queueLogic';
import { useDriverGoTo, useYardZone } from '../session';
import { DriverShell } from '../ui/DriverShell';
import { ConfirmFooter, Modal } from '../ui/Modal';
import { toast } from '../ui/toast';

type Outcome = { kind: 'done'; view: JoinView } | { kind: 'error'; message: string } | null;

/**
 * /app/agendamento: entering the queue (spec 3 sections 2, 4 and 5): choose a vehicle, then an
 * authorised order ('Pedidos Autorizados': Recusar or 'Entrar na fila'), or enter as a
 * freelancer when the company allows it. Success shows 'Marcação Confirmada' and leads to the
 * position after 5 s; a refusal shows the server's message in an 'Erro!' panel for 5 s, then
 * home. A second tap while the first join is on its way does nothing.
 */
export default function DriverSchedulingPage() {
  const { data: session } = useDriverSessionQuery();
  const goTo = useDriverGoTo();
  const driverId = session?.id ?? 0;
  const companyId = session?.company.id ?? 0;
  const trucks = useDriverTrucksQuery(driverId, { skip: !session });
  const loadings = useDriverLoadingsQuery(driverId, { skip: !session });
  const settings = useCompanySettingsQuery(companyId, { skip: !session });
  const has = useHasDriverQuery(driverId, { skip: !session });
  const [join] = useJoinQueueMutation();
  const [truckId, setTruckId] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const [toRefuse, setToRefuse] = useState<Loading | null>(null);
  const sending = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const enabledTrucks = (trucks.data ?? []).filter((t) => t.isEnabled);
  const chosen = truckId ?? (enabledTrucks.length === 1 ? enabledTrucks[0].id : null);
  const orders = authorisedLoadings(loadings.data ?? [], chosen);
  const freelance = settings.data?.enableQueueWithoutScheduling ?? false;
  const closed = settings.data ? !settings.data.enableQueueSave : false;

  async function enter(loading: Loading | null) {
    if (sending.current || outcome) return;
    if (chosen === null) {
      toast.error(dm.selectVehicle);
      return;
    }
    sending.current = true;
    setBusy(true);
    try {
      const view = await join({ scheduling: loading ? { id: loading.id } : null, truck: { id: chosen } }).unwrap();
      setOutcome({ kind: 'done', view });
      timer.current = setTimeout(() => goTo(driverPaths.status, { replace: true }), ENTER_REDIRECT_MS);
    } catch (err) {
      const e = readApiError(err);
      const message = e.statusCode === 422 ? (Object.values(e.fields)[0] ?? e.message) : e.message;
      setOutcome({ kind: 'error', message });
      timer.current = setTimeout(() => goTo(driverPaths.home, { replace: true }), ERROR_PANEL_MS);
    } finally {
      setBusy(false);
    }
  }

  if (!session) return null;

  if (outcome?.kind === 'done') return <JoinedPanel view={outcome.view} />;
  if (outcome?.kind === 'error') return <ErrorPanel message={outcome.message} />;

  const loading = trucks.isLoading || loadings.isLoading || settings.isLoading || has.isLoading;
  const failed = trucks.isError || loadings.isError;

  return (
    <DriverShell>
      {loading ? (
        <Spinner />
      ) : failed ? (
        <section className="d-card">
          <p>{dm.loadError}</p>
          <button
            type="button"
            className="d-btn"
            onClick={() => {
              void trucks.refetch();
              void loadings.refetch();
            }}
          >
            {dm.retry}
          </button>
        </section>
      ) : has.data?.hasDriver ? (
        <section className="d-card">
          <p className="d-notice">{dm.alreadyInQueue}</p>
          <button type="button" className="d-btn" onClick={() => goTo(driverPaths.status)}>
            {dm.myPosition}
          </button>
        </section>
      ) : closed ? (
        <p className="d-notice" role="status">
          {dm.maintenance}
        </p>
      ) : enabledTrucks.length === 0 ? (
        <section className="d-card">
          <p className="d-notice" role="status">
            {dm.noTruck}
          </p>
          <button type="button" className="d-btn" onClick={() => goTo(driverPaths.edit)}>
            {dm.editProfile}
          </button>
        </section>
      ) : (
        <>
          <TruckChoice trucks={enabledTrucks} chosen={chosen} onChoose={setTruckId} />
          <section className="d-card" aria-labelledby="d-orders-title">
            <h2 id="d-orders-title">{dm.authorisedOrders}</h2>
            {orders.length === 0 ? (
              <>
                <p>{dm.noOrders}</p>
                {!freelance && <p className="d-muted">{dm.askLink}</p>}
              </>
            ) : (
              orders.map((l) => (
                <OrderCard key={l.id} loading={l} busy={busy} onRefuse={setToRefuse} onEnter={(x) => void enter(x)} />
              ))
            )}
          </section>
          <div className="d-stack">
            <button
              type="button"
              className="d-btn d-btn-link"
              disabled={!freelance || busy}
              aria-busy={busy || undefined}
              onClick={() => void enter(null)}
            >
              {dm.freelancer}
            </button>
            <button type="button" className="d-btn d-btn-secondary" onClick={() => goTo(driverPaths.expired)}>
              {dm.expiredButton}
            </button>
          </div>
        </>
      )}
      {toRefuse && <RefuseModal loading={toRefuse} onClose={() => setToRefuse(null)} />}
    </DriverShell>
  );
}

/** 'Entrada confirmada': the position, the forecast and the advice to arrive early. */
function JoinedPanel({ view: v }: { view: JoinView }) {
  const zone = useYardZone();
  return (
    <DriverShell>
      <section className="d-success" role="status">
        <h1>{dm.confirmed}</h1>
        {v.position ? <p className="d-big">{dm.positionOf(v.position)}</p> : null}
        {v.date && (
          <p>
            {dm.forecast}: {formatDate(v.date)} {v.time ?? timeOf(v.forecast, zone)}
          </p>
        )}
        <p data-testid="arrival-advice">{dm.arrivalAdvice(ARRIVAL_ADVICE_HOURS)}</p>
        <p className="d-muted">{dm.goingToStatus}</p>
      </section>
    </DriverShell>
  );
}

/** The server's refusal, before going home. */
function ErrorPanel({ message }: { message: string }) {
  return (
    <DriverShell>
      <section className="d-error-panel" role="alert">
        <h1>{dm.errorTitle}</h1>
        <p>{message}</p>
      </section>
    </DriverShell>
  );
}

/** 'Selecione o veículo': the driver's enabled trucks. */
function TruckChoice({
  trucks,
  chosen,
  onChoose,
}: {
  trucks: Truck[];
  chosen: number | null;
  onChoose: (id: number) => void;
}) {
  return (
  <section className="d-card">
    <h1>{dm.chooseVehicle}</h1>
    <div role="radiogroup" aria-label={dm.chooseVehicle}>
      {trucks.map((t) => (
        <label key={t.id} className="d-choice">
          <input
            type="radio"
            name="truck"
            value={t.id}
            checked={chosen === t.id}
            onChange={() => onChoose(t.id)}
          />
          <span>
            {t.licensePlate}
            {t.vehicleModel?.name ? <span className="d-muted"> {t.vehicleModel.name}</span> : null}
          </span>
        </label>
      ))}
    </div>
  </section>
  );
}

/** An authorised loading with 'Recusar' and 'Entrar na fila'. */
function OrderCard({
  loading: l,
  busy,
  onRefuse,
  onEnter,
}: {
  loading: Loading;
  busy: boolean;
  onRefuse: (l: Loading) => void;
  onEnter: (l: Loading) => void;
}) {
  return (
    <article className="d-order" aria-label={`${dm.order} ${l.order.code}`}>
      <h3>
        {dm.order} {l.order.code}
      </h3>
      <dl>
        <dt>{dm.plate}</dt>
        <dd>{l.truck.licensePlate}</dd>
        <dt>{dm.quantity}</dt>
        <dd>{dm.tonnes(l.qtyOrdered)}</dd>
        {l.expirationDate && (
          <>
            <dt>{dm.daysLeft}</dt>
            <dd>
              {formatDate(l.expirationDate)}
              {l.daysLeftLabel ? ` (${l.daysLeftLabel})` : ''}
            </dd>
          </>
        )}
      </dl>
      <div className="d-row">
        <button type="button" className="d-btn d-btn-secondary" onClick={() => onRefuse(l)}>
          {dm.refuse}
        </button>
        <button
          type="button"
          className="d-btn"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => onEnter(l)}
        >
          {dm.enterQueueOrder}
        </button>
      </div>
    </article>
  );
}

/** 'Recusar' a loading, after the confirmation. */
function RefuseModal({ loading, onClose }: { loading: Loading; onClose: () => void }) {
  const [refuse, refusing] = useRefuseLoadingMutation();

  async function confirmRefuse() {
    if (refusing.isLoading) return;
    try {
      await refuse(loading.id).unwrap();
      toast.success(dm.refused);
    } catch {
      toast.error(dm.refuseError);
    }
    onClose();
  }

  return (
    <Modal
      title={dm.refuse}
      onClose={onClose}
      footer={
        <ConfirmFooter
          label={dm.refuse}
          busy={refusing.isLoading}
          onCancel={onClose}
          onConfirm={() => void confirmRefuse()}
        />
      }
    >
      <p>{dm.confirmRefuse(loading.order.code)}</p>
    </Modal>
  );
}
