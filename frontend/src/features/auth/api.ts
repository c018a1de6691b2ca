/** Staff sign-in, session and the terms-approval call. */
import { type Schema } from '../../shared/api/types';
import { api } from '../../app/api';
import type { TermsAuthorization } from './terms';

export type LoginPageKind = 'staff' | 'dispatch';

export type StaffLoginRequest = Schema<'StaffLoginBody'>;

export type SessionCompany = Schema<'CompanyPublic'>;

export type StaffLoginResponse = Schema<'StaffLoginView'>;

export type MenuEntry = Schema<'MenuEntry'>;

export type StaffSession = Schema<'StaffSessionView'>;

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
        // `probe`: signed out is a 204 (no body), not a 401 the browser logs on every visit.
        const res = await baseQuery({ url: 'auth/session', params: { probe: true } });
        if (res.error) return res.error.status === 401 ? { data: null } : { error: res.error };
        if (!res.data) return { data: null };
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
