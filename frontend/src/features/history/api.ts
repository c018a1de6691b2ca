/**
 * The loading history (spec 3 "Loading history"): one page of the grid, and the addresses of
 * its three exports (the same query, served as files).
 */
import { type Schema } from '../../shared/api/types';
import { adminBase } from '../../shared/records/api';

export type HistoryPage = Schema<'HistoryPageView'>;
export type HistoryRow = Schema<'HistoryRowView'>;

export type Grouping = '' | 'cliente' | 'pedido' | 'caminhao' | 'motorista';

export interface HistoryArgs {
  period: number;
  companyId?: number | null;
  customerId?: number | null;
  orderId?: number | null;
  truckId?: number | null;
  driverId?: number | null;
  groupBy: Grouping;
  page: number;
}

export function historyParams(a: Omit<HistoryArgs, 'page'> & { page?: number }): Record<string, string> {
  const out: Record<string, string> = { period: String(a.period) };
  if (a.companyId) out.companyId = String(a.companyId);
  if (a.customerId) out.customerId = String(a.customerId);
  if (a.orderId) out.orderId = String(a.orderId);
  if (a.truckId) out.truckId = String(a.truckId);
  if (a.driverId) out.driverId = String(a.driverId);
  if (a.groupBy) out.groupBy = a.groupBy;
  if (a.page) out.page = String(a.page);
  return out;
}

/** The file of an export, for a download link. */
export function historyExportUrl(kind: 'csv' | 'xlsx' | 'pdf', a: Omit<HistoryArgs, 'page'>): string {
  const file = kind === 'pdf' ? 'report.pdf' : `export.${kind}`;
  return `/api/history/${file}?${new URLSearchParams(historyParams(a)).toString()}`;
}

const historyApi = adminBase.injectEndpoints({
  endpoints: (build) => ({
    history: build.query<HistoryPage, HistoryArgs>({
      query: (a) => ({ url: 'scheduling', params: historyParams(a) }),
    }),
  }),
});

export const { useHistoryQuery } = historyApi;
