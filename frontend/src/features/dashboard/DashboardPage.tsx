/**
 * /dashboard (Administrador, Usuario): bar charts of faulty, attended and programmed counts and
 * a pie of orders complete versus in progress (spec 1 section 2). Default range: the last 7
 * days to today; 'to' may not exceed today nor precede 'from' (section 9). A failure stops the
 * loading silently and empty data shows zeros (section 8). Administrators see one bar per
 * company, or one per day after choosing a company; a Usuario one per day of its company.
 *
 * This is the landing page of administrators and company users, so it is built from plain
 * HTML and SVG (no antd Select, DatePicker or Typography): its chunk stays a few kilobytes.
 */
import { useId, useMemo, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { paths } from '../../app/paths';
import { routeAllowed, routeRedirect } from '../../app/session';
import { useStaffSessionQuery } from '../auth/api';
import { checkDashboardRange, defaultDashboardRange, yardToday } from '../../shared/records/dates';
import { adminMsg } from '../../shared/records/messages';
import { msg } from '../../shared/messages';
import '../../shared/records/admin.css';
import { useOrderTotalsQuery, useSchedulingTotalsQuery } from './api';
import { BarChart } from './BarChart';
import { sumTotals } from './chartMath';
import { PieChart } from './PieChart';

const COLORS = { faulty: '#dc2626', attended: '#16a34a', programmed: '#1d4ed8', complete: '#16a34a', process: '#f59e0b' };
const MEASURES = ['faulty', 'attended', 'programmedTotal'] as const;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export default function DashboardPage() {
  const ids = useId();
  const session = useStaffSessionQuery().data ?? null;
  const today = useMemo(() => yardToday(), []);
  const [range, setRange] = useState(() => defaultDashboardRange(today));
  const [chosenCompany, setChosenCompany] = useState<number | null>(null);
  // A Usuario sees its company; an administrator every company, or the one chosen.
  const ownCompany = session?.company?.id;
  const companyId = ownCompany ?? chosenCompany ?? undefined;
  const problem = checkDashboardRange(range.start, range.end, today);
  const dates = { startDate: range.start, endDate: range.end };
  // Administrators: the per-company totals also give the company choices.
  const all = useSchedulingTotalsQuery(dates, { skip: !!problem || !!ownCompany });
  const perDay = useSchedulingTotalsQuery({ ...dates, companyId }, { skip: !!problem || !companyId });
  const orders = useOrderTotalsQuery({ ...dates, companyId }, { skip: !!problem });

  // A role this page sends elsewhere (the session's redirects: a Transportadora goes to /pedidos).
  const redirect = routeRedirect(session, paths.dashboard);
  if (redirect) return <Navigate to={redirect} replace />;

  const scheduling = companyId ? perDay : all;
  // A failed read shows zeros, without a message (spec 1 section 8).
  const rows = scheduling.isError || problem ? [] : (scheduling.data ?? []);
  const totals = sumTotals(rows, MEASURES);
  const complete = orders.isError || problem ? 0 : (orders.data?.complete ?? 0);
  const process = orders.isError || problem ? 0 : (orders.data?.process ?? 0);
  const categories = rows.map((r) => r.name);
  const loading = scheduling.isFetching || orders.isFetching;
  const companies = (all.data ?? []).filter((r) => r.companyId != null);

  const pick = (which: 'start' | 'end') => (value: string) => {
    // Native date inputs give yyyy-mm-dd; an emptied input keeps the last date.
    if (ISO_DAY.test(value)) setRange((r) => ({ ...r, [which]: value }));
  };

  const stats: [string, number][] = [
    [adminMsg.dashFaulty, totals.faulty],
    [adminMsg.dashAttended, totals.attended],
    [adminMsg.dashProgrammed, totals.programmedTotal],
    [`${adminMsg.dashOrders} ${adminMsg.dashComplete.toLowerCase()}`, complete],
    [`${adminMsg.dashOrders} ${adminMsg.dashProcess.toLowerCase()}`, process],
  ];

  return (
    <div className="a-page">
      <div className="a-header">
        <h3 className="d-title">{adminMsg.dashboardTitle}</h3>
        <Link className="d-link" to={paths.carrierDashboard}>
          {adminMsg.dashCarrierLink}
        </Link>
        {routeAllowed(session?.routes, paths.queueDesk) && (
          <Link className="d-link" to={paths.queueDesk}>
            {adminMsg.dashQueueDeskLink}
          </Link>
        )}
        {loading && (
          <span className="d-busy" role="status">
            {msg.loading}
          </span>
        )}
      </div>
      <div className="a-card a-notice d-filters">
        {!ownCompany && (
          <div className="d-field d-field-wide">
            <label htmlFor={`${ids}-company`}>{adminMsg.dashCompany}</label>
            <select
              id={`${ids}-company`}
              value={chosenCompany ?? ''}
              onChange={(e) => setChosenCompany(e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">{adminMsg.dashAllCompanies}</option>
              {companies.map((c) => (
                <option key={c.companyId} value={c.companyId ?? undefined}>
                  {c.name}
                </option>
              ))}
              {chosenCompany && !companies.some((c) => c.companyId === chosenCompany) && (
                <option value={chosenCompany}>{chosenCompany}</option>
              )}
            </select>
          </div>
        )}
        <div className="d-field">
          <label htmlFor={`${ids}-from`}>{adminMsg.dashFrom}</label>
          <input id={`${ids}-from`} type="date" value={range.start} max={range.end} onChange={(e) => pick('start')(e.target.value)} />
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
        {problem && (
          <p className="d-problem" id={`${ids}-problem`} role="alert">
            {problem}
          </p>
        )}
      </div>

      <dl className="d-stats a-notice">
        {stats.map(([label, value]) => (
          <div key={label} className="d-stat">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>

      <div className="a-charts">
        <BarChart
          title={adminMsg.dashFaulty}
          categories={categories}
          values={rows.map((r) => r.faulty)}
          color={COLORS.faulty}
          emptyText={adminMsg.dashNoData}
        />
        <BarChart
          title={adminMsg.dashAttended}
          categories={categories}
          values={rows.map((r) => r.attended)}
          color={COLORS.attended}
          emptyText={adminMsg.dashNoData}
        />
        <BarChart
          title={adminMsg.dashProgrammed}
          categories={categories}
          values={rows.map((r) => r.programmedTotal)}
          color={COLORS.programmed}
          emptyText={adminMsg.dashNoData}
        />
        <PieChart
          title={adminMsg.dashOrders}
          slices={[
            { label: adminMsg.dashComplete, value: complete, color: COLORS.complete },
            { label: adminMsg.dashProcess, value: process, color: COLORS.process },
          ]}
        />
      </div>
    </div>
  );
}
