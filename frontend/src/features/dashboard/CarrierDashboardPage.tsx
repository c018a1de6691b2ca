/**
 * /transportadora/dashboard (Administrador, Usuario, Transportadora; spec 3 "Shipping-company
 * dashboard"): a date range (last 7 days to today by default; 'to' neither after today nor
 * before 'from'), the company filter for root administrators, a search button, the time
 * averages, vehicles per day, the busiest and quietest hours and weekdays, and two doughnuts
 * (Faltosos/Atendidos; Dentro da Tolerância/Pontualmente ou Antecipadamente). Every figure is
 * the server's (`GET /api/dashboard`); the page only lays them out.
 */
import { useId, useMemo, useState, type FormEvent, useCallback } from 'react';
import { useCompanyEvents } from '../../shared/realtime';
import { useStaffSessionQuery } from '../auth/api';
import { useSettingsCompanyOptionsQuery } from '../settings/api';
import { checkDashboardRange, defaultDashboardRange, yardToday } from '../../shared/records/dates';
import { adminMsg } from '../../shared/records/messages';
import { msg } from '../../shared/messages';
import '../../shared/records/admin.css';
import { useCarrierDashboardQuery, type CarrierDashboardArgs } from './api';
import { BarChart } from './BarChart';
import { PieChart } from './PieChart';

const carrierMsg = {
  title: 'Transportadora Dashboard',
  search: 'Pesquisar',
  awaiting: 'Tempo médio de espera',
  loading: 'Tempo médio de carregamento',
  flow: 'Tempo médio do fluxo completo',
  attendedAvg: 'Média de atendidos por dia',
  missingAvg: 'Média de faltosos por dia',
  queueAvg: 'Média de veículos na fila por dia',
  tonnes: 'Total transportado',
  biggest: 'Maior total transportado',
  perDay: 'Veículos por dia',
  busiest: 'Horários e dias',
  moreEntryHour: 'Horário com mais entradas na fila',
  lessEntryHour: 'Horário com menos entradas na fila',
  moreAttendanceHour: 'Horário com mais atendimentos',
  lessAttendanceHour: 'Horário com menos atendimentos',
  moreEntryDay: 'Dia com mais entradas na fila',
  lessEntryDay: 'Dia com menos entradas na fila',
  moreAttendanceDay: 'Dia com mais atendimentos',
  lessAttendanceDay: 'Dia com menos atendimentos',
  missing: 'Faltosos',
  attended: 'Atendidos',
  punctuality: 'Pontualidade',
  late: 'Dentro da Tolerância',
  onTime: 'Pontualmente ou Antecipadamente',
  none: '—',
  error: 'Não foi possível carregar os indicadores. Tente novamente.',
} as const;

const COLORS = { attended: '#16a34a', missing: '#dc2626', late: '#f59e0b', onTime: '#1d4ed8', tonnes: '#0f766e' };
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const tonnes = (t: number) => `${t.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} t`;
const brDay = (iso: string) => iso.split('-').reverse().join('/');
const decimal = (n: number) => n.toLocaleString('pt-BR', { maximumFractionDigits: 2 });

export default function CarrierDashboardPage() {
  const ids = useId();
  const session = useStaffSessionQuery().data ?? null;
  const choosesCompany = !!session?.screens.choosesDashboardCompany;
  const companies = useSettingsCompanyOptionsQuery(undefined, { skip: !choosesCompany });
  const today = useMemo(() => yardToday(), []);
  const [range, setRange] = useState(() => defaultDashboardRange(today));
  const [company, setCompany] = useState<number | null>(null);
  // The figures follow the search button, not each keystroke.
  const [asked, setAsked] = useState<CarrierDashboardArgs>(() => ({ startDate: range.start, endDate: range.end }));
  const problem = checkDashboardRange(range.start, range.end, today);
  const query = useCarrierDashboardQuery(asked);
  // A loading that closes elsewhere shows here at once (the company's events; an administrator
  // without a company hears every company).
  const { refetch } = query;
  const reread = useCallback(() => void refetch(), [refetch]);
  useCompanyEvents(reread);
  const d = query.data;

  const pick = (which: 'start' | 'end') => (value: string) => {
    if (ISO_DAY.test(value)) setRange((r) => ({ ...r, [which]: value }));
  };
  const search = (e: FormEvent) => {
    e.preventDefault();
    if (problem) return;
    const next = { startDate: range.start, endDate: range.end, ...(company ? { companyId: company } : {}) };
    // The same search again reads the figures again (they change as the yard works).
    if (JSON.stringify(next) === JSON.stringify(asked)) void query.refetch();
    else setAsked(next);
  };

  const times: [string, string][] = d
    ? [
        [carrierMsg.awaiting, d.awaitingLoadAvg],
        [carrierMsg.loading, d.loadingTimeAvg],
        [carrierMsg.flow, d.queueFullFlowTimeAvg],
        [carrierMsg.attendedAvg, decimal(d.attendedQueuesAvg)],
        [carrierMsg.missingAvg, decimal(d.missingQueuesAvg)],
        [carrierMsg.queueAvg, decimal(d.queueAvg)],
        [carrierMsg.tonnes, tonnes(d.totalTransportedAmount)],
        [
          carrierMsg.biggest,
          d.biggerTotalTransportedDate
            ? `${tonnes(d.biggerTotalTransported)} (${brDay(d.biggerTotalTransportedDate)})`
            : carrierMsg.none,
        ],
      ]
    : [];
  const busiest: [string, string][] = d
    ? [
        [carrierMsg.moreEntryHour, d.moreEntryQueueHour],
        [carrierMsg.lessEntryHour, d.lessEntryQueueHour],
        [carrierMsg.moreAttendanceHour, d.moreAttendanceQueueHour],
        [carrierMsg.lessAttendanceHour, d.lessAttendanceQueueHour],
        [carrierMsg.moreEntryDay, d.moreEntryQueueDay],
        [carrierMsg.lessEntryDay, d.lessEntryQueueDay],
        [carrierMsg.moreAttendanceDay, d.moreAttendanceQueueDay],
        [carrierMsg.lessAttendanceDay, d.lessAttendanceQueueDay],
      ]
    : [];
  const days = (d?.perDay ?? []).map((p) => brDay(p.day).slice(0, 5));

  return (
    <div className="a-page">
      <div className="a-header">
        <h3 className="d-title">{carrierMsg.title}</h3>
        {query.isFetching && (
          <span className="d-busy" role="status">
            {msg.loading}
          </span>
        )}
      </div>
      <form className="a-card a-notice d-filters" onSubmit={search}>
        {choosesCompany && (
          <div className="d-field d-field-wide">
            <label htmlFor={`${ids}-company`}>{adminMsg.dashCompany}</label>
            <select
              id={`${ids}-company`}
              value={company ?? ''}
              onChange={(e) => setCompany(e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">{adminMsg.dashAllCompanies}</option>
              {(companies.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="d-field">
          <label htmlFor={`${ids}-from`}>{adminMsg.dashFrom}</label>
          <input id={`${ids}-from`} type="date" value={range.start} max={today} onChange={(e) => pick('start')(e.target.value)} />
        </div>
        <div className="d-field">
          <label htmlFor={`${ids}-to`}>{adminMsg.dashTo}</label>
          <input
            id={`${ids}-to`}
            type="date"
            value={range.end}
            min={range.start}
            max={today}
            aria-invalid={!!problem}
            aria-describedby={problem ? `${ids}-problem` : undefined}
            onChange={(e) => pick('end')(e.target.value)}
          />
        </div>
        <button type="submit" className="d-search" disabled={!!problem}>
          {carrierMsg.search}
        </button>
        {problem && (
          <p className="d-problem" id={`${ids}-problem`} role="alert">
            {problem}
          </p>
        )}
      </form>

      {query.isError && (
        <p className="d-problem" role="alert">
          {carrierMsg.error}
        </p>
      )}
      {d && (
        <>
          <dl className="d-stats a-notice" data-testid="carrier-times">
            {times.map(([label, value]) => (
              <div key={label} className="d-stat">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <section className="a-card a-notice" aria-labelledby={`${ids}-busy`}>
            <h4 id={`${ids}-busy`}>{carrierMsg.busiest}</h4>
            <dl className="d-stats" data-testid="carrier-busiest">
              {busiest.map(([label, value]) => (
                <div key={label} className="d-stat">
                  <dt>{label}</dt>
                  <dd>{value || carrierMsg.none}</dd>
                </div>
              ))}
            </dl>
          </section>
          <div className="a-charts">
            <BarChart
              title={`${carrierMsg.perDay}: ${carrierMsg.attended}`}
              categories={days}
              values={(d.perDay ?? []).map((p) => p.attended)}
              color={COLORS.attended}
              emptyText={adminMsg.dashNoData}
            />
            <BarChart
              title={`${carrierMsg.perDay}: ${carrierMsg.missing}`}
              categories={days}
              values={(d.perDay ?? []).map((p) => p.missing)}
              color={COLORS.missing}
              emptyText={adminMsg.dashNoData}
            />
            <PieChart
              title={`${carrierMsg.missing} / ${carrierMsg.attended}`}
              slices={[
                { label: carrierMsg.missing, value: d.missingTotal, color: COLORS.missing },
                { label: carrierMsg.attended, value: d.attendedTotal, color: COLORS.attended },
              ]}
            />
            <PieChart
              title={carrierMsg.punctuality}
              slices={[
                { label: carrierMsg.late, value: d.attendedQueuesAfterExpected, color: COLORS.late },
                { label: carrierMsg.onTime, value: d.attendedQueuesBeforeExpected, color: COLORS.onTime },
              ]}
            />
          </div>
        </>
      )}
    </div>
  );
}
