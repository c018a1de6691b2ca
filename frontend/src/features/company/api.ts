/** Public reads of the login pages: the host's company, the company chooser, hours, terms. */
import { type Schema } from '../../shared/api/types';
import { api } from '../../app/api';

export type HostCompany = Schema<'HostCompanyView'>;

export type PublicCompany = Schema<'CompanyPublic'>;

export type OperatingData = Schema<'OperatingDataView'>;

export type AttendanceToday = Schema<'AttendanceRecord'>;

export type UseTerm = Schema<'UseTermRecord'>;

export const companyApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The company serving this host; null when none does (404). */
    companyByHost: build.query<HostCompany | null, string>({
      async queryFn(host, _api, _extra, baseQuery) {
        const res = await baseQuery({ url: 'company/host', params: { host } });
        if (res.error) return res.error.status === 404 ? { data: null } : { error: res.error };
        return { data: res.data as HostCompany };
      },
      keepUnusedDataFor: 3600,
    }),
    publicCompanies: build.query<PublicCompany[], void>({
      query: () => 'company/public',
      keepUnusedDataFor: 3600,
    }),
    operatingData: build.query<OperatingData, number>({
      query: (companyId) => `settings/operating-data/${companyId}`,
    }),
    attendanceToday: build.query<AttendanceToday | null, number>({
      query: (companyId) => `attendances/today/company/${companyId}`,
    }),
    /** The company's active term, or null. */
    companyTerm: build.query<UseTerm | null, number>({
      query: (companyId) => `useTerm/user/company/${companyId}`,
    }),
  }),
});

export const {
  useCompanyByHostQuery,
  usePublicCompaniesQuery,
  useOperatingDataQuery,
  useAttendanceTodayQuery,
  useCompanyTermQuery,
} = companyApi;

/** The host the app is served from, as the API expects it. */
export function currentHost(): string {
  return window.location.hostname;
}
