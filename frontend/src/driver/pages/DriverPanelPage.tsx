import { useCallback, useEffect, useState } from 'react';
import { elapsedMinutes, formatDate } from '../../shared/formatters';
import { useCompanyEvents } from '../../shared/realtime';
import { Spinner } from '../../shared/ui/Spinner';
import { useDriverSessionQuery } from '../api';
import { dm, PANEL_PAGE_SIZE, POSITION_POLL_MS } from '../messages';
import { driverPaths } from '../paths';
import { useDelayStatusQuery, useQueuePanelQuery } from '../queueApi';
import { pageOfMine, positionLabel, timeOf } from '../queueLogic';
import { useDriverGoTo } from '../session';
import { DriverShell } from '../ui/DriverShell';

/**
 * /app/painel/fila: the queue panel (spec 3 section 2): position, plate and time, 10 per page,
 * the driver's own row highlighted (its page opens first) and entries under tolerance marked.
 * /app/painel (`expedition`) adds today's date, the vehicles in loading with their minutes and
 * the running delay. Starting and ending a loading are the dispatch panel's (staff) actions.
 */
export default function DriverPanelPage({ expedition = false }: { expedition?: boolean }) {
  const { data: session } = useDriverSessionQuery();
  const goTo = useDriverGoTo();
  const panel = useQueuePanelQuery(session?.company.id ?? 0, { skip: !session, pollingInterval: POSITION_POLL_MS });
  const [page, setPage] = useState<number | null>(null);
  const { refetch } = panel;
  const onEvent = useCallback(() => void refetch(), [refetch]);
  useCompanyEvents(onEvent, { enabled: !!session });
  const rows = panel.data ?? [];
  const delay = useDelayStatusQuery(session?.company.id ?? 0, { skip: !session || !expedition });
  if (!session) return null;

  const pages = Math.max(1, Math.ceil(rows.length / PANEL_PAGE_SIZE));
  const current = Math.min(page ?? pageOfMine(rows, PANEL_PAGE_SIZE), pages);
  const shown = rows.slice((current - 1) * PANEL_PAGE_SIZE, current * PANEL_PAGE_SIZE);

  return (
    <DriverShell>
      {expedition && (
        <section className="d-card" aria-labelledby="d-exped-title">
          <h1 id="d-exped-title">{dm.expeditionTitle}</h1>
          <p className="d-muted">{formatDate(new Date().toISOString(), session.company.timeZone)}</p>
          {delay.data && (
            <p className="d-delay" role="status">
              <strong>{delay.data.delay.reason || dm.delayTitle}</strong> {dm.delayMinutes(delay.data.delayedTime)}
            </p>
          )}
          <h2>{dm.inService}</h2>
          {rows.some((r) => r.isActive) ? (
            <ul className="d-list">
              {rows
                .filter((r) => r.isActive)
                .map((r) => (
                  <li key={r.id}>
                    <strong>{r.licensePlate}</strong> <Elapsed since={r.startedAt} />
                  </li>
                ))}
            </ul>
          ) : (
            <p>{dm.noneInService}</p>
          )}
        </section>
      )}
      <section className="d-card" aria-labelledby="d-panel-title">
        {expedition ? (
          <h2 id="d-panel-title">{dm.panelTitle}</h2>
        ) : (
          <h1 id="d-panel-title">{dm.panelTitle}</h1>
        )}
        {panel.isLoading ? (
          <Spinner />
        ) : rows.length === 0 ? (
          <p>{dm.emptyPanel}</p>
        ) : (
          <>
            <table className="d-table">
              <thead>
                <tr>
                  <th scope="col">{dm.position}</th>
                  <th scope="col">{dm.plate}</th>
                  <th scope="col">{dm.time}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((r) => (
                  <tr key={r.id} className={r.isMine ? 'd-mine' : undefined} aria-current={r.isMine || undefined}>
                    <td>{r.isActive || r.isInTolerance ? <span className="d-tag">{positionLabel(r)}</span> : positionLabel(r)}</td>
                    <td>
                      {r.licensePlate}
                      {r.isMine && <span className="d-tag d-tag-blue"> {dm.you}</span>}
                    </td>
                    <td>
                      {formatDate(r.date ?? r.joinedAt, session.company.timeZone)} {r.time ?? timeOf(r.joinedAt, session.company.timeZone)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {pages > 1 && (
              <nav className="d-pager" aria-label={dm.pageOf(current, pages)}>
                <button
                  type="button"
                  className="d-btn d-btn-secondary"
                  disabled={current <= 1}
                  onClick={() => setPage(current - 1)}
                >
                  {dm.previous}
                </button>
                <span>{dm.pageOf(current, pages)}</span>
                <button
                  type="button"
                  className="d-btn d-btn-secondary"
                  disabled={current >= pages}
                  onClick={() => setPage(current + 1)}
                >
                  {dm.next}
                </button>
              </nav>
            )}
          </>
        )}
      </section>
      <button type="button" className="d-btn d-btn-secondary" onClick={() => goTo(driverPaths.home)}>
        {dm.back}
      </button>
    </DriverShell>
  );
}

/** Minutes since the loading started, ticking every 30 s. */
function Elapsed({ since }: { since?: string | null }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return <span>{dm.elapsed(elapsedMinutes(since, now))}</span>;
}
