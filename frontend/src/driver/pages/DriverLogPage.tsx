import { useState } from 'react';
import { isoDayIn } from '../../shared/formatters';
import { Spinner } from '../../shared/ui/Spinner';
import { useDriverSessionQuery } from '../api';
import { dm, PANEL_PAGE_SIZE } from '../messages';
import { driverPaths } from '../paths';
import { useLazyDriverLogsQuery, type DriverLog } from '../profileApi';
import { useDriverGoTo } from '../session';
import { DriverShell } from '../ui/DriverShell';
import { Modal } from '../ui/Modal';
import { toast } from '../ui/toast';

function plusDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * /app/registro: the driver's activity log (spec 3 section 2): From (today) and To (seven days
 * later, never before From), each with an erase button; Voltar and Pesquisar ('Pesquisando...'
 * while loading); 10 rows per page (id, title, company, 'Ver detalhes' or 'Não há detalhes');
 * a row opens its details.
 */
export default function DriverLogPage() {
  const { data: session } = useDriverSessionQuery();
  const goTo = useDriverGoTo();
  const zone = session?.company.timeZone;
  const [from, setFrom] = useState(() => isoDayIn(new Date(), zone));
  const [to, setTo] = useState(() => plusDays(isoDayIn(new Date(), zone), 7));
  const [load, logs] = useLazyDriverLogsQuery();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<DriverLog | null>(null);
  if (!session) return null;

  async function search() {
    if (!session) return;
    if (from && to && to < from) {
      toast.error(dm.toBeforeFrom);
      return;
    }
    try {
      await load({ id: session.id, startDate: from, endDate: to }).unwrap();
      setPage(1);
      toast.success(dm.logDone);
    } catch {
      toast.error(dm.logError);
    }
  }

  const rows = logs.data ?? [];
  const pages = Math.max(1, Math.ceil(rows.length / PANEL_PAGE_SIZE));
  const shown = rows.slice((page - 1) * PANEL_PAGE_SIZE, page * PANEL_PAGE_SIZE);
  const dateField = (id: string, label: string, value: string, set: (v: string) => void, min?: string) => (
    <div className="d-field">
      <label htmlFor={id}>{label}</label>
      <div className="d-input-clear">
        <input id={id} type="date" value={value} min={min} onChange={(e) => set(e.target.value)} />
        <button type="button" className="d-btn-small" aria-label={dm.clear(label)} onClick={() => set('')}>
          ×
        </button>
      </div>
    </div>
  );

  return (
    <DriverShell>
      <section className="d-card" aria-labelledby="d-log-title">
        <h1 id="d-log-title">{dm.logTitle}</h1>
        {dateField('log-from', dm.from, from, setFrom)}
        {dateField('log-to', dm.to, to, setTo, from || undefined)}
        <div className="d-row">
          <button type="button" className="d-btn d-btn-secondary" onClick={() => goTo(driverPaths.home)}>
            {dm.back}
          </button>
          <button
            type="button"
            className="d-btn"
            disabled={logs.isFetching}
            aria-busy={logs.isFetching || undefined}
            onClick={() => void search()}
          >
            {logs.isFetching ? dm.searching : dm.search}
          </button>
        </div>
      </section>
      <section className="d-card" aria-label={dm.results}>
        {logs.isFetching ? (
          <Spinner />
        ) : rows.length === 0 ? (
          <p>{logs.isUninitialized ? '' : dm.noRows}</p>
        ) : (
          <>
            <table className="d-table">
              <thead>
                <tr>
                  <th scope="col">Id</th>
                  <th scope="col">{dm.title}</th>
                  <th scope="col">{dm.company}</th>
                  <th scope="col">{dm.details}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((l) => (
                  <tr key={l.id}>
                    <td>{l.id}</td>
                    <td>
                      <span className="d-log-title" dangerouslySetInnerHTML={{ __html: l.title }} />
                    </td>
                    <td>{l.company?.name ?? ''}</td>
                    <td>
                      {l.details.length === 0 ? (
                        dm.noDetails
                      ) : (
                        <button type="button" className="d-btn-small" onClick={() => setOpen(l)}>
                          {dm.seeDetails}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {pages > 1 && (
              <nav className="d-pager" aria-label={dm.pageOf(page, pages)}>
                <button type="button" className="d-btn d-btn-secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  {dm.previous}
                </button>
                <span>{dm.pageOf(page, pages)}</span>
                <button
                  type="button"
                  className="d-btn d-btn-secondary"
                  disabled={page >= pages}
                  onClick={() => setPage(page + 1)}
                >
                  {dm.next}
                </button>
              </nav>
            )}
          </>
        )}
      </section>
      {open && (
        <Modal title={dm.details} onClose={() => setOpen(null)}>
          <dl className="d-facts">
            {open.details.map((d) => (
              <div key={d.key} className="d-contents">
                <dt>{d.key}</dt>
                <dd>{d.value}</dd>
              </div>
            ))}
          </dl>
        </Modal>
      )}
    </DriverShell>
  );
}
