/** The driver's sign-in, session, sign-in link and company transfer. */
import { api } from '../app/api';
import type { Schema } from '../shared/api/types';

export type DriverLoginRequest = Schema<'DriverLoginBody'>;
export type DriverCompany = Schema<'SessionCompanyView'>;
export type DriverLoginResponse = Schema<'DriverLoginView'>;
export type DriverSession = Schema<'DriverSessionView'>;
export type DriverLinkContent = Schema<'DriverLinkContent'>;
/** The confirmed transfer signs the driver in (`login`). */
export type DriverTransferResponse = Schema<'TransferView'>;
/** The confirmed company transfer: `driver/save` without the form's fields. */
export type DriverTransferRequest = Required<
  Pick<Schema<'DriverSaveBody'>, 'override' | 'id' | 'company' | 'transferToken'>
>;

export const driverApi = api.injectEndpoints({
  endpoints: (build) => ({
    driverLogin: build.mutation<DriverLoginResponse, DriverLoginRequest>({
      query: (body) => ({ url: 'auth/app/login', method: 'POST', body }),
      invalidatesTags: ['DriverSession'],
    }),
    driverLogout: build.mutation<null, void>({
      query: () => ({ url: 'auth/app/logout', method: 'POST' }),
    }),
    /** The driver session; null when signed out (401). */
    driverSession: build.query<DriverSession | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        // `probe`: signed out is a 204 (no body), not a 401 the browser logs on every visit.
        const res = await baseQuery({ url: 'auth/app/session', params: { probe: true } });
        if (res.error) return res.error.status === 401 ? { data: null } : { error: res.error };
        if (!res.data) return { data: null };
        return { data: res.data as DriverSession };
      },
      providesTags: ['DriverSession'],
    }),
    driverLink: build.query<DriverLinkContent, string>({
      query: (token) => `auth/driver-link/${encodeURIComponent(token)}`,
    }),
    transferDriver: build.mutation<DriverTransferResponse, DriverTransferRequest>({
      query: (body) => ({ url: 'driver/save', method: 'POST', body }),
    }),
  }),
});

export const {
  useDriverLoginMutation,
  useDriverLogoutMutation,
  useDriverSessionQuery,
  useDriverLinkQuery,
  useTransferDriverMutation,
} = driverApi;
