import { useCallback, useState } from 'react';
import { formatDate } from '../../shared/formatters';
import { useCompanyEvents } from '../../shared/realtime';
import { Spinner } from '../../shared/ui/Spinner';
import { useDriverSessionQuery } from '../api';
import { dm, PANEL_PAGE_SIZE, POSITION_POLL_MS } from '../messages';
import { driverPaths } from '../paths';
import { useQueuePanelQuery } from '../queueApi';
import { pageOfMine, timeOf } from '../queueLogic';
import { useDriverGoTo } from '../session';
import { DriverShell } from '../ui/DriverShell';

/**
 * /app/painel/fila: the queue panel (spec 3 section 2): position, plate and time, 10 per page,
 * the driver's own row highlighted (its page opens first) and entries under tolerance marked.
 */
export default function DriverPanelPage() {
  const { data: session } = useDriverSessionQuery();
  const goTo = useDriverGoTo();
  const panel = useQueuePanelQuery(session?.company.id ?? 0, { skip: !session, pollingInterval: POSITION_POLL_MS });
  const [page, setPage] = useState<number | null>(null);
  const { refetch } = panel;
  const onEvent = useCallback(() => void refetch(), [refetch]);
  useCompanyEvents(onEvent, { enabled: !!session });
  if (!session) return null;

  const rows = panel.data ?? [];
  const pages = Math.max(1, Math.ceil(rows.length / PANEL_PAGE_SIZE));
  const current = Math.min(page ?? pageOfMine(rows, PANEL_PAGE_SIZE), pages);
  const shown = rows.slice((current - 1) * PANEL_PAGE_SIZE, current * PANEL_PAGE_SIZE);

  return (
    <DriverShell>
      <section className="d-card" aria-labelledby="d-panel-title">
        <h1 id="d-panel-title">{dm.panelTitle}</h1>
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
                    <td>{r.isInTolerance ? <span className="d-tag">{dm.inTolerance}</span> : r.position}</td>
                    <td>
                      {r.licensePlate}
                      {r.isMine && <span className="d-tag d-tag-blue"> {dm.you}</span>}
                    </td>
                    <td>
                      {formatDate(r.date ?? r.joinedAt)} {r.time ?? timeOf(r.joinedAt)}
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
