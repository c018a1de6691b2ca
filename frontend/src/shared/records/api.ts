/**
 * Calls shared by the administration screens: the autocomplete pickers
 * (`GET /api/{resource}/like/{text}`), the role list, the postal-code lookup and the removal of
 * a saved contact. Types every administration list shares live here too.
 */
import { type Filled, type Schema } from '../../shared/api/types';
import { api } from '../../app/api';

/** Tags of the administration data (added to the one API slice by injection). */
export const ADMIN_TAGS = ['Company', 'Customer', 'ShippingCompany', 'User', 'Log', 'Dashboard'] as const;
export const adminBase = api.enhanceEndpoints({ addTagTypes: ADMIN_TAGS });

/** One page of a list (`page` from 1): the API's `PageView` of any row type. */
export type Paged<T> = Omit<Schema<'PageView_CustomerView'>, 'items'> & { items: T[] };

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
export type ContactRecord = Schema<'ContactRecord'>;

/** A contact row as a form sends it (`id` for a saved one). */
export type ContactItem = Omit<Filled<Schema<'ContactItem'>>, 'id'> & { id?: number };

export type Deleted = Schema<'Deleted'>;

export type Imported = Schema<'Imported'>;
/** The import preview's verdict on each row (the server's rules; nothing saved). */
export type ImportCheck = Schema<'ImportCheck'>;

export type CompanyRef = Schema<'CompanyRefView'>;

/** An autocomplete item. */
export type LikeItem = Schema<'LikeItem'>;

export type LikeResource = 'company' | 'shipping-company' | 'customer' | 'user' | 'product' | 'driver' | 'truck';

export type RoleItem = Schema<'RoleItem'>;

export type PostalAddress = Schema<'PostalAddress'>;

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
