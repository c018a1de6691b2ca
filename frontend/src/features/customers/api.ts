/** Customers (spec 1 "Customers"): list, read, save with contacts, CSV import, delete. */
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

export type Customer = Schema<'CustomerView'>;

/** The customer form as sent: `id` 0 creates; `_company.id` the company it belongs to. */
export type CustomerBody = Schema<'CustomerBody'>;

export interface CustomerListArgs extends ListArgs {
  /** A Usuario lists its company's customers (`GET /customer/company/{id}`). */
  ownCompanyId?: number;
}

export interface ImportArgs {
  rows: ImportRow[];
  /** The company the rows go to (administrators choose it). */
  companyId?: number;
}

export const customersApi = adminBase.injectEndpoints({
  endpoints: (build) => ({
    customers: build.query<Paged<Customer>, CustomerListArgs>({
      query: ({ ownCompanyId, ...args }) => ({
        url: ownCompanyId ? `customer/company/${ownCompanyId}` : 'customer',
        params: listParams(args),
      }),
      providesTags: ['Customer'],
    }),
    customer: build.query<Customer, number>({
      query: (id) => `customer/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Customer', id }],
    }),
    saveCustomer: build.mutation<Customer, CustomerBody>({
      query: (body) => ({ url: 'customer/create', method: 'POST', body }),
      invalidatesTags: ['Customer'],
    }),
    importCustomers: build.mutation<Imported, ImportArgs>({
      query: ({ rows, companyId }) => ({
        url: 'customer/import',
        method: 'POST',
        body: rows,
        params: companyId ? { companyId } : undefined,
      }),
      invalidatesTags: ['Customer'],
    }),
    checkCustomerImport: build.mutation<ImportCheck, ImportRow[]>({
      query: (rows) => ({ url: 'customer/import/check', method: 'POST', body: rows }),
    }),
    deleteCustomer: build.mutation<Deleted, number>({
      query: (id) => ({ url: `customer/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Customer'],
    }),
  }),
});

export const {
  useCustomersQuery,
  useCustomerQuery,
  useSaveCustomerMutation,
  useImportCustomersMutation,
  useCheckCustomerImportMutation,
  useDeleteCustomerMutation,
} = customersApi;
