/**
 * Calls shared by the administration screens: the autocomplete pickers
 * (`GET /api/{resource}/like/{text}`), the role list, the postal-code lookup and the removal of
 * a saved contact. Types every administration list shares live here too.
 */
import { api } from '../../app/api';

/** Tags of the administration data (added to the one API slice by injection). */
export const ADMIN_TAGS = ['Company', 'Customer', 'ShippingCompany', 'User', 'Log', 'Dashboard'] as const;
export const adminBase = api.enhanceEndpoints({ addTagTypes: ADMIN_TAGS });

/** One page of a list (`page` from 1). */
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** What every list screen sends. */
export interface ListArgs {
  page: number;
  pageSize: number;
  search?: string;
  companyId?: number;
  role?: string;
}

/** The query string of a list call; empty filters are left out. */
export function listParams(a: ListArgs): Record<string, string | number> {
  const out: Record<string, string | number> = { page: a.page, pageSize: a.pageSize };
  const search = a.search?.trim();
  if (search) out.search = search;
  if (a.companyId) out.companyId = a.companyId;
  if (a.role) out.role = a.role;
  return out;
}

/** A saved contact as read. */
export interface ContactRecord {
  id: number;
  name: string;
  fone: string | null;
  email: string | null;
  whatsapp: boolean;
}

/** A contact row as a form sends it (`id` for a saved one). */
export interface ContactItem {
  id?: number;
  name: string;
  fone: string;
  email: string;
  whatsapp: boolean;
}

export interface Deleted {
  id: number;
  message: string;
}

export interface Imported {
  created: number;
  updated: number;
}

export interface CompanyRef {
  id: number;
  name: string;
}

/** An autocomplete item. */
export interface LikeItem {
  id: number;
  code?: number;
  name: string;
  email?: string;
}

export type LikeResource = 'company' | 'shipping-company' | 'customer' | 'user';

export interface RoleItem {
  /** Wire spelling (Usuario, Administrador...). */
  id: string;
  /** pt-BR label. */
  name: string;
}

export interface PostalAddress {
  cep: string;
  street: string;
  complement: string;
  district: string;
  city: string;
  uf: string;
}

export interface LikeArgs {
  resource: LikeResource;
  text?: string;
  companyId?: number;
}

export function likeUrl({ resource, text, companyId }: LikeArgs): string {
  const t = text?.trim();
  if (!t) return `${resource}/like`;
  const base = `${resource}/like/${encodeURIComponent(t)}`;
  return companyId ? `${base}/company/${companyId}` : base;
}

export const adminApi = adminBase.injectEndpoints({
  endpoints: (build) => ({
    like: build.query<LikeItem[], LikeArgs>({
      query: (args) => likeUrl(args),
      keepUnusedDataFor: 60,
    }),
    roles: build.query<RoleItem[], void>({
      query: () => 'role/like',
      keepUnusedDataFor: 3600,
    }),
    postalCode: build.query<PostalAddress, string>({
      query: (cep) => `postal-code/${encodeURIComponent(cep)}`,
      keepUnusedDataFor: 3600,
    }),
    deleteContact: build.mutation<Deleted, number>({
      query: (id) => ({ url: `contact/delete/${id}`, method: 'DELETE' }),
    }),
  }),
});

export const { useLikeQuery, useRolesQuery, useLazyPostalCodeQuery, useDeleteContactMutation } = adminApi;
