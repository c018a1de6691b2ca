/**
 * Shipping companies (spec 1 "Shipping companies"): list, read, save (with its login, its
 * users' contact authorizations and contacts), CSV import, delete.
 */
import { type Schema } from '../../shared/api/types';
import {
  adminBase,
  listParams,
  type Deleted,
  type ImportCheck,
  type Imported,
  type ListArgs,
  type Paged,
} from '../../shared/records/api';
import type { ImportRow } from '../../shared/records/csv';

/** One of its Transportadora users with the contact authorizations. */
export type ShippingUser = Schema<'ShippingUserView'>;

export type ShippingCompany = Schema<'ShippingCompanyView'>;

export type ShippingCompanyBody = Schema<'ShippingCompanyBody'>;

export interface ImportArgs {
  rows: ImportRow[];
  companyId?: number;
}

export const shippingApi = adminBase.injectEndpoints({
  endpoints: (build) => ({
    shippingCompanies: build.query<Paged<ShippingCompany>, ListArgs>({
      query: (args) => ({ url: 'shipping-company', params: listParams(args) }),
      providesTags: ['ShippingCompany'],
    }),
    shippingCompany: build.query<ShippingCompany, number>({
      query: (id) => `shipping-company/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'ShippingCompany', id }],
    }),
    saveShippingCompany: build.mutation<ShippingCompany, ShippingCompanyBody>({
      query: (body) => ({ url: 'shipping-company/create', method: 'POST', body }),
      invalidatesTags: ['ShippingCompany', 'User'],
    }),
    importShippingCompanies: build.mutation<Imported, ImportArgs>({
      query: ({ rows, companyId }) => ({
        url: 'shipping-company/import',
        method: 'POST',
        body: rows,
        params: companyId ? { companyId } : undefined,
      }),
      invalidatesTags: ['ShippingCompany'],
    }),
    checkShippingImport: build.mutation<ImportCheck, ImportRow[]>({
      query: (rows) => ({ url: 'shipping-company/import/check', method: 'POST', body: rows }),
    }),
    deleteShippingCompany: build.mutation<Deleted, number>({
      query: (id) => ({ url: `shipping-company/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: ['ShippingCompany', 'User'],
    }),
  }),
});

export const {
  useShippingCompaniesQuery,
  useShippingCompanyQuery,
  useSaveShippingCompanyMutation,
  useImportShippingCompaniesMutation,
  useCheckShippingImportMutation,
  useDeleteShippingCompanyMutation,
} = shippingApi;
