/** Drivers (spec 2 "Drivers"): lists, the form, delete, unbind, the driver log, the driver-login link. */
import { type Schema } from '../../shared/api/types';
import { adminBase, type Deleted, type Paged } from '../../shared/records/api';

export type DriverItem = Schema<'DriverItem'>;
export type Driver = Schema<'DriverView'>;
export type DriverBody = Schema<'DriverSaveBody'>;
export type DriverLogEntry = Schema<'DriverLogView'>;
export type Unbound = Schema<'UnboundView'>;
export type DriverLink = Schema<'DriverLinkView'>;

export interface DriverListArgs {
  page: number;
  pageSize: number;
  search?: string;
  companyId?: number | null;
  shippingCompanyId?: number | null;
}

export interface DriverLogArgs {
  id: number;
  startDate?: string | null;
  endDate?: string | null;
}

function listParams(a: DriverListArgs): Record<string, string | number> {
  const out: Record<string, string | number> = { page: a.page, pageSize: a.pageSize };
  const search = a.search?.trim();
  if (search) out.search = search;
  if (a.companyId) out.companyId = a.companyId;
  if (a.shippingCompanyId) out.shippingCompanyId = a.shippingCompanyId;
  return out;
}

const driversApi = adminBase.enhanceEndpoints({ addTagTypes: ['Driver'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The drivers the session sees (the server scopes a Usuario and a Transportadora). */
    drivers: build.query<Paged<DriverItem>, DriverListArgs>({
      query: (args) => ({ url: 'driver', params: listParams(args) }),
      providesTags: ['Driver'],
    }),
    driver: build.query<Driver, number>({
      query: (id) => `driver/${id}`,
      providesTags: ['Driver'],
    }),
    saveDriver: build.mutation<Driver, DriverBody>({
      query: (body) => ({ url: 'driver/save', method: 'POST', body }),
      invalidatesTags: ['Driver'],
    }),
    deleteDriver: build.mutation<Deleted, number>({
      query: (id) => ({ url: `driver/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Driver'],
    }),
    /** The list is read again by the page, a second later (spec 2 section 9). */
    unbindDriver: build.mutation<Unbound, number>({
      query: (id) => ({ url: 'driver/unbind-shipping-company', method: 'PATCH', body: { driver: { id } } }),
    }),
    driverLogs: build.query<DriverLogEntry[], DriverLogArgs>({
      query: ({ id, startDate, endDate }) => ({
        url: `log-driver/${id}`,
        params: { ...(startDate ? { startDate } : {}), ...(endDate ? { endDate } : {}) },
      }),
      keepUnusedDataFor: 0,
    }),
    issueDriverLink: build.mutation<DriverLink, number>({
      query: (driverId) => ({ url: 'auth/driver-link', method: 'POST', body: { driverId } }),
    }),
  }),
});

export const {
  useDriversQuery,
  useDriverQuery,
  useSaveDriverMutation,
  useDeleteDriverMutation,
  useUnbindDriverMutation,
  useLazyDriverLogsQuery,
  useIssueDriverLinkMutation,
} = driversApi;
