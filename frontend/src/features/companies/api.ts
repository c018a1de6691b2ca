/** Companies (spec 1 "Companies"): list, read, save with contacts, delete. Administrators. */
import { adminBase, listParams, type ContactItem, type ContactRecord, type Deleted, type ListArgs, type Paged } from '../admin/api';

export interface CompanyListItem {
  id: number;
  code: number;
  name: string;
  /** Legal name. */
  company: string;
  cnpj: string;
  uf: string;
  city: string;
  status: boolean;
  logo: string | null;
}

export interface Company {
  id: number;
  code: number;
  name: string;
  company: string;
  cnpj: string;
  uf: string;
  city: string;
  street: string;
  number: number | null;
  complement: string | null;
  district: string;
  zipCode: string;
  website: string | null;
  logo: string | null;
  status: boolean;
  contact: ContactRecord[];
}

/** The company form as sent: `id` absent creates. */
export interface CompanyBody {
  id?: number;
  name: string;
  company: string;
  cnpj: string;
  uf: string;
  city: string;
  street: string;
  number: string;
  complement: string;
  district: string;
  zipCode: string;
  website: string;
  status: boolean;
  contact: ContactItem[];
}

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
