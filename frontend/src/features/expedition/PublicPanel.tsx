/**
 * The public expedition panel (spec 3 section 2, issue 13): the company's logo and name, today's
 * date and the last refresh, 'Em atendimento' (plates in loading, or 'Aguardando os próximos
 * veículos') and 'Próximos Veículos' by day with position labels. Only plates, positions and
 * times: it is shown to anyone in the yard. Shared by /painel (no sign-in, host-matched) and
 * /elemidia (the dispatch roles' screen).
 */
import type { PanelRow } from './api';
import './publicPanel.css';
import { groupByDay, positionLabel } from './model';

export const panelMsg = {
  inService: 'Em atendimento',
  waiting: 'Aguardando os próximos veículos',
  next: 'Próximos Veículos',
  none: 'Nenhum veículo na fila.',
  updatedAt: (time: string) => `Atualizado às ${time}`,
  offline: 'Sem conexão com o servidor. Tentando novamente…',
  unknownHost: 'Nenhuma empresa atende este endereço.',
  loading: 'Carregando…',
};

export interface PanelCompany {
  name: string;
  logo?: string | null;
  /** The company's zone: the screen's date and clock read as the queue's times do. */
  timeZone?: string | null;
}

/** `dd/MM/yyyy` and `HH:mm` of `d` in `timeZone` (the company's; the device's without one). */
export function panelClock(d: Date, timeZone?: string | null): { date: string; time: string } {
  const zone = timeZone || undefined;
  try {
    return {
      date: d.toLocaleDateString('pt-BR', { timeZone: zone, day: '2-digit', month: '2-digit', year: 'numeric' }),
      time: d.toLocaleTimeString('pt-BR', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    };
  } catch {
    // An unknown zone name: the device's.
    return panelClock(d, null);
  }
}

export function PublicPanel({
  company,
  rows,
  refreshedAt,
  offline,
}: {
  company: PanelCompany | null;
  rows: readonly PanelRow[];
  refreshedAt: Date | null;
  offline: boolean;
}) {
  const inService = rows.filter((r) => r.isActive);
  const days = groupByDay(rows);
  return (
    <main className="pp-screen">
      <header className="pp-header">
        {company?.logo ? <img className="pp-logo" src={company.logo} alt={company.name} /> : null}
        <h1>{company?.name ?? ''}</h1>
        <p className="pp-clock" data-testid="panel-clock">
          {panelClock(new Date(), company?.timeZone).date}
          {refreshedAt ? ` · ${panelMsg.updatedAt(panelClock(refreshedAt, company?.timeZone).time)}` : ''}
        </p>
      </header>
      {offline && (
        <p role="alert" className="pp-alert">
          {panelMsg.offline}
        </p>
      )}
      <section aria-labelledby="pp-in-service">
        <h2 id="pp-in-service">{panelMsg.inService}</h2>
        {inService.length === 0 ? (
          <p className="pp-waiting">{panelMsg.waiting}</p>
        ) : (
          <ul className="pp-plates">
            {inService.map((r) => (
              <li key={r.id} className="pp-plate pp-active">
                {r.licensePlate}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="pp-next">
        <h2 id="pp-next">{panelMsg.next}</h2>
        {days.length === 0 && <p>{panelMsg.none}</p>}
        {days.map((d) => (
          <div key={d.label} className="pp-day">
            <h3>{d.label}</h3>
            <ol className="pp-plates">
              {d.rows.map((r) => (
                <li key={r.id} className="pp-plate">
                  <span className="pp-position">{positionLabel(r.position)}</span> {r.licensePlate}
                  {r.time ? <span className="pp-time"> {r.time}</span> : null}
                </li>
              ))}
            </ol>
          </div>
        ))}
      </section>
    </main>
  );
}
