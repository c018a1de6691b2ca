import { Spinner } from '../../shared/ui/Spinner';
import { useDriverSessionQuery } from '../api';
import { dm } from '../messages';
import { driverPaths } from '../paths';
import { useCompanySettingsQuery, useHasDriverQuery, useQueuePanelQuery } from '../queueApi';
import { useDriverGoTo } from '../session';
import { DriverShell } from '../ui/DriverShell';

/**
 * /app/fila: the queue summary (spec 3 section 2): how many vehicles wait, and either
 * 'Entrar na Fila' or 'Você já possui um agendamento na fila' with the way to the position.
 */
export default function DriverQueuePage() {
  const { data: session } = useDriverSessionQuery();
  const goTo = useDriverGoTo();
  const companyId = session?.company.id ?? 0;
  const panel = useQueuePanelQuery(companyId, { skip: !session });
  const has = useHasDriverQuery(session?.id ?? 0, { skip: !session });
  const settings = useCompanySettingsQuery(companyId, { skip: !session });
  if (!session) return null;
  const closed = settings.data ? !settings.data.enableQueueSave : false;
  return (
    <DriverShell>
      <section className="d-card">
        <h1>{dm.queueTitle}</h1>
        {panel.isLoading || has.isLoading ? (
          <Spinner />
        ) : (
          <>
            {panel.data && <p>{dm.queueWaiting(panel.data.length)}</p>}
            {has.data?.hasDriver ? (
              <>
                <p className="d-notice">{dm.alreadyInQueue}</p>
                <button type="button" className="d-btn" onClick={() => goTo(driverPaths.status)}>
                  {dm.myPosition}
                </button>
              </>
            ) : closed ? (
              <p className="d-notice" role="status">
                {dm.maintenance}
              </p>
            ) : (
              <button type="button" className="d-btn" onClick={() => goTo(driverPaths.scheduling)}>
                {dm.enterQueue}
              </button>
            )}
          </>
        )}
      </section>
      <div className="d-stack">
        <button type="button" className="d-btn d-btn-link" onClick={() => goTo(driverPaths.panel)}>
          {dm.seeQueue}
        </button>
        <button type="button" className="d-btn d-btn-secondary" onClick={() => goTo(driverPaths.home)}>
          {dm.back}
        </button>
      </div>
    </DriverShell>
  );
}
