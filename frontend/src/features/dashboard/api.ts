/**
 * The staff dashboard's figures (spec 1 "Dashboard"): scheduling totals (faulty, attended,
 * programmed) per company (`/all`) or per day of one company, and order totals (complete versus
 * in progress). Dates as yyyy-mm-dd.
 */
import { type Schema } from '../../shared/api/types';
import { adminBase } from '../../shared/records/api';

export type SchedulingTotals = Schema<'SchedulingTotals'>;

export type OrderTotals = Schema<'OrderTotals'>;

export type CarrierDashboard = Schema<'CarrierDashboardView'>;

export interface CarrierDashboardArgs {
  startDate: string;
  endDate: string;
  /** Root administrators: one company. */
  companyId?: number;
}

export interface DashboardArgs {
  /** One company's figures, per day; none: every company the user sees, per company. */
  companyId?: number;
  startDate: string;
  endDate: string;
}

const range = (a: DashboardArgs) => ({ startDate: a.startDate, endDate: a.endDate });

export const dashboardApi = adminBase.injectEndpoints({
  endpoints: (build) => ({
    schedulingTotals: build.query<SchedulingTotals[], DashboardArgs>({
      query: (a) => ({
        url: a.companyId ? `scheduling/totals/company/${a.companyId}` : 'scheduling/totals/all',
        params: range(a),
      }),
    }),
    orderTotals: build.query<OrderTotals, DashboardArgs>({
      query: (a) => ({
        url: a.companyId ? `order/totals/company/${a.companyId}` : 'order/totals/all',
        params: range(a),
      }),
    }),
    /** The carrier dashboard (spec 3 section 3): figures of the queue's history. */
    carrierDashboard: build.query<CarrierDashboard, CarrierDashboardArgs>({
      query: (a) => ({ url: 'dashboard', params: { ...range(a), ...(a.companyId ? { companyId: a.companyId } : {}) } }),
    }),
  }),
});

export const { useSchedulingTotalsQuery, useOrderTotalsQuery, useCarrierDashboardQuery } = dashboardApi;
