/** Trucks (spec 2 "Trucks"): lists by role, the form's reads and writes, delete and unbind. */
import { type Schema } from '../../shared/api/types';
import { adminBase, type Deleted, type Paged } from '../../shared/records/api';

export type Truck = Schema<'TruckView'>;
export type TruckBody = Schema<'TruckBody'>;
export type ImplementType = Schema<'ImplementTypeView'>;
export type TruckDriverChoice = Schema<'TruckDriverChoice'>;
export type TruckUnbound = Schema<'TruckUnbound'>;
export type Model = Schema<'ModelView'>;

/** Which list the screen reads: an administrator's (all, filtered by company), a company's,
 * or a Transportadora's shipping company's. */
export type TruckScope = { kind: 'all'; companyId?: number } | { kind: 'company'; companyId: number } | { kind: 'shipping'; shippingCompanyId: number };

export interface TruckListArgs {
  scope: TruckScope;
  page: number;
  pageSize: number;
  search?: string;
  shippingCompanyId?: number;
}

function listUrl(scope: TruckScope): string {
  switch (scope.kind) {
    case 'all':
      return 'truck';
    case 'company':
      return `truck/company/${scope.companyId}`;
    case 'shipping':
      return `truck/shipping-company/${scope.shippingCompanyId}`;
  }
}

function listQuery(a: TruckListArgs): Record<string, string | number> {
  const out: Record<string, string | number> = { page: a.page, pageSize: a.pageSize };
  const search = a.search?.trim();
  if (search) out.search = search;
  if (a.scope.kind === 'all' && a.scope.companyId) out.companyId = a.scope.companyId;
  if (a.shippingCompanyId && a.scope.kind !== 'shipping') out.shippingCompanyId = a.shippingCompanyId;
  return out;
}

const truckApi = adminBase.enhanceEndpoints({ addTagTypes: ['Truck', 'TruckModel'] }).injectEndpoints({
  endpoints: (build) => ({
    trucks: build.query<Paged<Truck>, TruckListArgs>({
      query: (args) => ({ url: listUrl(args.scope), params: listQuery(args) }),
      providesTags: ['Truck'],
    }),
    truck: build.query<Truck, number>({
      query: (id) => `truck/${id}`,
      providesTags: ['Truck'],
    }),
    saveTruck: build.mutation<Truck, TruckBody>({
      query: (body) => ({ url: 'truck/save', method: 'POST', body }),
      invalidatesTags: ['Truck'],
    }),
    deleteTruck: build.mutation<Deleted, number>({
      query: (id) => ({ url: `truck/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Truck'],
    }),
    /** No tag invalidated: the list reloads itself a second later (spec 2 section 9). */
    unbindTruckShipping: build.mutation<TruckUnbound, number>({
      query: (id) => ({ url: 'truck/unbind-shipping-company', method: 'PATCH', body: { truck: { id } } }),
    }),
    implementTypes: build.query<ImplementType[], void>({
      query: () => 'truck/implement-types',
      keepUnusedDataFor: 3600,
    }),
    truckDrivers: build.query<TruckDriverChoice[], number>({
      query: (companyId) => `truck/drivers/company/${companyId}`,
    }),
    modelsOfBrand: build.query<Model[], number>({
      query: (brandId) => `truck-model/brand/${brandId}`,
      providesTags: ['TruckModel'],
    }),
  }),
});

export const {
  useTrucksQuery,
  useTruckQuery,
  useSaveTruckMutation,
  useDeleteTruckMutation,
  useUnbindTruckShippingMutation,
  useImplementTypesQuery,
  useTruckDriversQuery,
  useModelsOfBrandQuery,
} = truckApi;
