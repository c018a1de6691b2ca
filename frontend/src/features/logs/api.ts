/** The staff log search (spec 1 "Logs") and its filter choices. Administrators. */
import { type Schema } from '../../shared/api/types';
import { adminBase } from '../../shared/records/api';

export type LogEntry = Schema<'LogView'>;

export type LabelItem = Schema<'LabelView'>;

/** The spec's log filters, spelled as there. Dates as yyyy-mm-dd. */
export interface LogQuery {
  /** Text of the entry, accents and case ignored. */
  search?: string;
  operation_type?: string;
  object_type?: string;
  companyId?: number;
  userId?: number;
  startDate: string;
  endDate: string;
  page: number;
  pageSize: number;
}

/** The query string: empty filters are left out. */
export function logParams(q: LogQuery): Record<string, string | number> {
  const out: Record<string, string | number> = {
    startDate: q.startDate,
    endDate: q.endDate,
    page: q.page,
    pageSize: q.pageSize,
  };
  if (q.search) out.search = q.search;
  if (q.operation_type) out.operation_type = q.operation_type;
  if (q.object_type) out.object_type = q.object_type;
  if (q.companyId) out.companyId = q.companyId;
  if (q.userId) out.userId = q.userId;
  return out;
}

export const logsApi = adminBase.injectEndpoints({
  endpoints: (build) => ({
    logs: build.query<LogEntry[], LogQuery>({
      query: (q) => ({ url: 'logs', params: logParams(q) }),
      keepUnusedDataFor: 0,
    }),
    logOperations: build.query<LabelItem[], void>({
      query: () => 'logs/operations',
      keepUnusedDataFor: 600,
    }),
    logObjects: build.query<LabelItem[], void>({
      query: () => 'logs/objects',
      keepUnusedDataFor: 600,
    }),
  }),
});

export const { useLazyLogsQuery, useLogOperationsQuery, useLogObjectsQuery } = logsApi;
