import { firstName } from '../../shared/formatters';
import { msg } from '../../shared/messages';
import { Spinner } from '../../shared/ui/Spinner';
import { useDriverSessionQuery } from '../api';
import { dm } from '../messages';
import { driverPaths } from '../paths';
import { useCompanySettingsQuery, useDelayStatusQuery, useHasDriverQuery } from '../queueApi';
import { useDriverGoTo } from '../session';
import { DriverShell } from '../ui/DriverShell';
import { CompanyPopup } from '../components/CompanyPopup';
import { PrivacyLink } from '../components/PrivacyLink';

/** The delay's icon when it is an emoji; an icon name (plain text) shows the clock. */
function delayIcon(icon: string | null | undefined): string {
  return icon && !/^[\x20-\x7e]+$/.test(icon) ? icon : '⏱';
}

/**
 * / : the driver home (spec 3 section 2): the delay banner, the greeting with the first name
 * and the company, the maintenance notice when queue entry is closed, and 'Minha Posição'
 * (in the queue) or 'Consultar Fila', 'Como Chegar', the privacy and terms modal and the
 * company pop-up. 'Fazer Check-in' and 'Aguarde ser chamado' belong to the check-in issue.
 */
export default function DriverHomePage() {
  const { data: session } = useDriverSessionQuery();
  const goTo = useDriverGoTo();
  const companyId = session?.company.id ?? 0;
  const settings = useCompanySettingsQuery(companyId, { skip: !session });
  const delay = useDelayStatusQuery(companyId, { skip: !session });
  const has = useHasDriverQuery(session?.id ?? 0, { skip: !session });
  if (!session) return null;
  const closed = settings.data ? !settings.data.enableQueueSave : false;
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
      <div className="d-stack">
        {has.isLoading ? (
          <Spinner />
        ) : has.data?.hasDriver ? (
          <button type="button" className="d-btn" onClick={() => goTo(driverPaths.status)}>
            {dm.myPosition}
          </button>
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
    </DriverShell>
  );
}
