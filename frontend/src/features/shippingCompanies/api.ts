/**
 * Shipping companies (spec 1 "Shipping companies"): list, read, save (with its login, its
 * users' contact authorizations and contacts), CSV import, delete.
 */
import {
  adminBase,
  listParams,
  type CompanyRef,
  type ContactItem,
  type ContactRecord,
  type Deleted,
  type Imported,
  type ListArgs,
  type Paged,
} from '../admin/api';
import type { ImportRow } from '../admin/csv';

/** One of its Transportadora users with the contact authorizations. */
export interface ShippingUser {
  id: number;
  name: string;
  email: string;
  hasEmail: boolean;
  hasSMS: boolean;
  hasWhats: boolean;
}

export interface ShippingCompany {
  id: number;
  code: number;
  name: string;
  cnpj: string | null;
  stateRegistration: string | null;
  uf: string | null;
  street: string | null;
  number: number | null;
  complement: string | null;
  city: string | null;
  district: string | null;
  zipCode: string | null;
  isEnabled: boolean;
  /** No user (so no password to sign in with): the list's warning icon. */
  warning: boolean;
  company: CompanyRef;
  login: { login: string } | null;
  contact: ContactRecord[];
  users: ShippingUser[];
}

export interface ShippingCompanyBody {
  id: number;
  code: string;
  name: string;
  cnpj: string;
  stateRegistration: string;
  uf: string;
  street: string;
  number: string;
  complement: string;
  city: string;
  district: string;
  zipCode: string;
  isEnabled: boolean;
  contact: ContactItem[];
  users: { id: number; hasEmail: boolean; hasSMS: boolean; hasWhats: boolean }[];
  login: { login: string; password?: string } | null;
  company: { id: number } | null;
}

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
  useDeleteShippingCompanyMutation,
} = shippingApi;
