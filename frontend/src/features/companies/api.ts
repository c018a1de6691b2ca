/** Companies (spec 1 "Companies"): list, read, save with contacts, delete. Administrators. */
import { type Schema } from '../../shared/api/types';
import { adminBase, listParams, type Deleted, type ListArgs, type Paged } from '../../shared/records/api';

export type CompanyListItem = Schema<'CompanyListItem'>;

export type Company = Schema<'CompanyView'>;

/** The company form as sent: `id` absent creates. */
export type CompanyBody = Schema<'CompanyBody'>;

export const companiesApi = adminBase.injectEndpoints({
  endpoints: (build) => ({
    companies: build.query<Paged<CompanyListItem>, ListArgs>({
      query: (args) => ({ url: 'company', params: listParams(args) }),
      providesTags: ['Company'],
    }),
    company: build.query<Company, number>({
      query: (id) => `company/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Company', id }],
    }),
    saveCompany: build.mutation<Company, CompanyBody>({
      query: (body) => ({ url: 'company/create', method: 'POST', body }),
      invalidatesTags: ['Company'],
    }),
    deleteCompany: build.mutation<Deleted, number>({
      query: (id) => ({ url: `company/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Company'],
    }),
  }),
});

export const { useCompaniesQuery, useCompanyQuery, useSaveCompanyMutation, useDeleteCompanyMutation } = companiesApi;
