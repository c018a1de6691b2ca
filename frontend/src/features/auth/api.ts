/** Staff sign-in, session and the terms-approval call. */
import { api } from '../../app/api';
import type { TermsAuthorization } from './terms';

export type LoginPageKind = 'staff' | 'dispatch';

export interface StaffLoginRequest {
  email: string;
  password: string;
  company: { id: number } | null;
  recaptcha_token: string;
  page: LoginPageKind;
}

export interface SessionCompany {
  id: number;
  name: string;
  logo: string | null;
}

export interface StaffLoginResponse {
  id: number;
  name: string;
  role: string;
  isRoot: boolean;
  accessToken: string;
  company: SessionCompany | null;
  shippingCompanyId: number | null;
  useTerms: boolean;
  mustApproveTerms: boolean;
  landing: string;
}

export interface MenuEntry {
  key: string;
  label: string;
  path: string;
}

export interface StaffSession {
  kind: 'staff';
  id: number;
  name: string;
  email: string;
  role: string;
  isRoot: boolean;
  company: SessionCompany | null;
  shippingCompanyId: number | null;
  useTerms: boolean;
  mustApproveTerms: boolean;
  landing: string;
  menu: MenuEntry[];
  /** Route patterns this user may open (`:param` placeholders). */
  routes: string[];
  /** Pages that send this user elsewhere (pattern -> path), when the server sends them. */
  redirects?: Record<string, string>;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    staffLogin: build.mutation<StaffLoginResponse, StaffLoginRequest>({
      query: (body) => ({ url: 'auth/login', method: 'POST', body }),
      invalidatesTags: ['StaffSession'],
    }),
    staffLogout: build.mutation<null, void>({
      query: () => ({ url: 'auth/logout', method: 'POST' }),
    }),
    /** The staff session; null when signed out (401). */
    staffSession: build.query<StaffSession | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const res = await baseQuery('auth/session');
        if (res.error) return res.error.status === 401 ? { data: null } : { error: res.error };
        return { data: res.data as StaffSession };
      },
      providesTags: ['StaffSession'],
    }),
    /** Accepts the company's terms; marks useTerms true. 201 {redirect}. */
    saveTermsAuthorization: build.mutation<{ redirect: string }, TermsAuthorization>({
      query: (body) => ({ url: 'useTerm/authorization/save', method: 'POST', body }),
      invalidatesTags: ['StaffSession', 'DriverSession'],
    }),
  }),
});

export const {
  useStaffLoginMutation,
  useStaffLogoutMutation,
  useStaffSessionQuery,
  useSaveTermsAuthorizationMutation,
} = authApi;
