/**
 * Sets and linking (spec 2 "Sets and linking"): the sets list paged by key
 * (`GET /api/driver/groups`, 15 rows then 16 per 'Carregar mais'), the export files, the
 * linking of pairs to a shipping company, unbinding and the linking screen's reads.
 */
import { type Schema } from '../../shared/api/types';
import { adminBase, listParams, type ListArgs, type Paged } from '../../shared/records/api';
import { SETS_FIRST_PAGE, SETS_MORE_PAGE } from './setsText';

export type DriverGroup = Schema<'DriverGroup'>;
export type DriverGroupsPage = Schema<'DriverGroupsPage'>;
export type SetTruck = Schema<'SetTruck'>;
export type SetQueue = Schema<'SetQueue'>;
export type SetQueueStatus = Schema<'SetQueueStatus'>;
export type SetsPermissions = Schema<'SetsPermissionsView'>;
export type BindBody = Schema<'BindBody'>;
export type BindView = Schema<'BindView'>;
export type UnbindBody = Schema<'PairUnbindBody'>;
export type UnbindView = Schema<'UnbindView'>;
export type CandidateTruck = Schema<'CandidateTruckView'>;
export type CandidateDriver = Schema<'CandidateDriverView'>;
export type LinkedPair = Schema<'LinkedPair'>;

/** The sets screen's filters (empty ones are left out of the query). */
export interface SetsFilters {
  truckSearch?: string;
  driverSearch?: string;
  companyId?: number | null;
  shippingCompanyId?: number | null;
  status?: SetQueueStatus | null;
  inQueue?: boolean;
  withoutTruck?: boolean;
}

/** The query string of the list and of the exports. */
export function setsParams(f: SetsFilters): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  const truck = f.truckSearch?.trim();
  const driver = f.driverSearch?.trim();
  if (truck) out.truck_search = truck;
  if (driver) out.driver_search = driver;
  if (f.companyId) out.companyId = f.companyId;
  if (f.shippingCompanyId) out.shippingCompanyId = f.shippingCompanyId;
  if (f.status) out.status = f.status;
  if (f.inQueue) out.inQueue = true;
  if (f.withoutTruck) out.withoutTruck = true;
  return out;
}

/** Where an export file is downloaded from (the session cookie goes with the link). */
export function exportUrl(kind: 'csv' | 'xlsx', f: SetsFilters): string {
  const query = new URLSearchParams(
    Object.entries(setsParams(f)).map(([k, v]) => [k, String(v)] as [string, string]),
  ).toString();
  return `/api/driver/groups/export.${kind}${query ? `?${query}` : ''}`;
}

/** A page's key: after which driver id, and how many rows. */
export interface SetsPageParam {
  fromId: number;
  size: number;
}

const setsApi = adminBase.enhanceEndpoints({ addTagTypes: ['DriverGroup', 'LinkedPair'] }).injectEndpoints({
  endpoints: (build) => ({
    driverGroups: build.infiniteQuery<DriverGroupsPage, SetsFilters, SetsPageParam>({
      infiniteQueryOptions: {
        initialPageParam: { fromId: 0, size: SETS_FIRST_PAGE },
        getNextPageParam: (last) =>
          last.nextFromId != null ? { fromId: last.nextFromId, size: SETS_MORE_PAGE } : undefined,
      },
      query: ({ queryArg, pageParam }) => ({
        url: 'driver/groups',
        params: { ...setsParams(queryArg), from_id: pageParam.fromId, page_size: pageParam.size },
      }),
      providesTags: ['DriverGroup'],
    }),
    bindPairs: build.mutation<BindView, BindBody>({
      query: (body) => ({ url: 'shipping-company/bind', method: 'POST', body }),
      invalidatesTags: ['DriverGroup', 'LinkedPair'],
    }),
    unbind: build.mutation<UnbindView, UnbindBody>({
      query: (body) => ({ url: 'shipping-company/unbind', method: 'PATCH', body }),
      invalidatesTags: ['LinkedPair'],
    }),
    linkedPairs: build.query<Paged<LinkedPair>, ListArgs & { shippingCompanyId: number }>({
      query: ({ shippingCompanyId, ...args }) => ({
        url: `shipping-company/${shippingCompanyId}/groups`,
        params: listParams(args),
      }),
      providesTags: ['LinkedPair'],
    }),
    candidateTrucks: build.query<CandidateTruck[], { shippingCompanyId: number; search: string }>({
      query: ({ shippingCompanyId, search }) => ({
        url: `shipping-company/${shippingCompanyId}/bind/trucks`,
        params: search ? { search } : {},
      }),
      providesTags: ['LinkedPair'],
    }),
    candidateDrivers: build.query<CandidateDriver[], { shippingCompanyId: number; search: string }>({
      query: ({ shippingCompanyId, search }) => ({
        url: `shipping-company/${shippingCompanyId}/bind/drivers`,
        params: search ? { search } : {},
      }),
      providesTags: ['LinkedPair'],
    }),
  }),
});

/**
 * 'Carregar mais': the next page of the sets of exactly these filters (the hook's own
 * `fetchNextPage` could reach the entry of the filters before a change).
 */
export function loadMoreSets(filters: SetsFilters) {
  return setsApi.endpoints.driverGroups.initiate(filters, { direction: 'forward' });
}

export const {
  useDriverGroupsInfiniteQuery,
  useBindPairsMutation,
  useUnbindMutation,
  useLinkedPairsQuery,
  useCandidateTrucksQuery,
  useCandidateDriversQuery,
} = setsApi;
