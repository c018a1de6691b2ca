import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDate, formatDateTime, isoDayIn } from '../../shared/formatters';
import { Spinner } from '../../shared/ui/Spinner';
import { useDriverSessionQuery } from '../api';
import { dm } from '../messages';
import { driverPaths } from '../paths';
import { useDriverLogsQuery } from '../profileApi';
import { useExpiredLoadingsQuery } from '../queueApi';
import { useDriverGoTo } from '../session';
import { DriverShell } from '../ui/DriverShell';

/** The log title is HTML built by the server from escaped values: shown as its text. */
function textOf(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

/**
 * /app/history: a date range, then either the expired authorisations (?tipo=expiradas, the
 * menu's 'Autorizações Expiradas') or the driver's log rows ('Histórico'). Last 7 days first.
 */
export default function DriverHistoryPage() {
  const { data: session } = useDriverSessionQuery();
  const goTo = useDriverGoTo();
  const [params] = useSearchParams();
  const zone = session?.company.timeZone;
  const expired = params.get('tipo') === 'expiradas';
  const [range, setRange] = useState(() => {
    const today = new Date();
    return { from: isoDayIn(new Date(today.getTime() - 7 * 86_400_000), zone), to: isoDayIn(today, zone) };
  });
  const [draft, setDraft] = useState(range);
  const [error, setError] = useState<string | null>(null);
  const id = session?.id ?? 0;
  const logs = useDriverLogsQuery({ id, startDate: range.from, endDate: range.to }, { skip: !session || expired });
  const gone = useExpiredLoadingsQuery(id, { skip: !session || !expired });
  if (!session) return null;

  const inRange = (day: string) => day >= range.from && day <= range.to;
  const expiredRows = (gone.data ?? []).filter((g) => inRange(isoDayIn(new Date(g.deletedAt), zone)));
  const loading = expired ? gone.isFetching : logs.isFetching;

  function search() {
    if (draft.from && draft.to && draft.from > draft.to) {
      setError(dm.fromAfterTo);
      return;
    }
    setError(null);
    setRange(draft);
  }

  return (
    <DriverShell>
      <section className="d-card" aria-labelledby="d-history-title">
        <h1 id="d-history-title">{expired ? dm.expiredTitle : dm.historyTitle}</h1>
        <div className="d-row">
          <div className="d-field">
            <label htmlFor="hist-from">{dm.from}</label>
            <input
              id="hist-from"
              type="date"
              value={draft.from}
              max={draft.to || undefined}
              onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            />
          </div>
          <div className="d-field">
            <label htmlFor="hist-to">{dm.to}</label>
            <input
              id="hist-to"
              type="date"
              value={draft.to}
              min={draft.from || undefined}
              onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            />
          </div>
        </div>
        {error && (
          <p className="d-field-error" role="alert">
            {error}
          </p>
        )}
        <button type="button" className="d-btn" disabled={loading} aria-busy={loading || undefined} onClick={search}>
          {loading ? dm.searching : dm.search}
        </button>
      </section>
      <section className="d-card" aria-label={dm.results}>
        {loading ? (
          <Spinner />
        ) : expired ? (
          expiredRows.length === 0 ? (
            <p>{dm.noRows}</p>
          ) : (
            expiredRows.map((g) => (
              <article key={g.id} className="d-list-card" aria-label={`${dm.order} ${g.order.code}`}>
                <h3>
                  {dm.order} {g.order.code}
                </h3>
                <dl className="d-facts">
                  <dt>{dm.customer}</dt>
                  <dd>{g.customerName ?? '-'}</dd>
                  <dt>{dm.plate}</dt>
                  <dd>{g.truck.licensePlate}</dd>
                  <dt>{dm.permittedAt}</dt>
                  <dd>{formatDateTime(g.createdAt, zone)}</dd>
                  {g.expirationDate && (
                    <>
                      <dt>{dm.expiration}</dt>
                      <dd>{formatDate(g.expirationDate)}</dd>
                    </>
                  )}
                  <dt>{dm.removedAt}</dt>
                  <dd>{formatDateTime(g.deletedAt, zone)}</dd>
                  <dt>{dm.reason}</dt>
                  <dd>{g.reason}</dd>
                  {g.shippingCompany && (
                    <>
                      <dt>{dm.carrier}</dt>
                      <dd>{g.shippingCompany.name}</dd>
                    </>
                  )}
                </dl>
              </article>
            ))
          )
        ) : (logs.data ?? []).length === 0 ? (
          <p>{logs.isError ? dm.loadError : dm.noRows}</p>
        ) : (
          <ul className="d-log">
            {(logs.data ?? []).map((l) => (
              <li key={l.id} className="d-list-card">
                {textOf(l.title)}
                {l.details.length === 0 ? null : (
                  <dl className="d-facts">
                    {l.details.map((d) => (
                      <div key={d.key} className="d-contents">
                        <dt>{d.key}</dt>
                        <dd>{d.value}</dd>
                      </div>
                    ))}
                  </dl>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <button type="button" className="d-btn d-btn-secondary" onClick={() => goTo(driverPaths.home)}>
        {dm.back}
      </button>
    </DriverShell>
  );
}
