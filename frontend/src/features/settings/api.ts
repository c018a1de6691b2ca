/**
 * The calls of the settings screens (spec 3 section 7 "Settings, terms, popups" and the queue
 * reset), injected into the one API slice. Paths and bodies as docs/api.md spells them.
 */
import { type Schema } from '../../shared/api/types';
import { api } from '../../app/api';
import type { HolidayPayload, HolidayView } from './model/blocks';
import type { PopupPayload, PopupView } from './model/popupForm';
import type { SettingsPayload, SettingsView } from './model/settingsForm';
import type { TermPayload, UseTermView } from './model/termForm';

/** A company of the selector (GET /api/company without paging: every row). */
export interface CompanyOption {
  id: number;
  name: string;
  status: boolean;
}

/** GET /api/queue/next-date/{companyId}: where a join would land, stored with the last plan. */
export type NextDateView = Schema<'NextDateView'>;

const settingsBase = api.enhanceEndpoints({
  addTagTypes: ['Settings', 'Holidays', 'UseTerms', 'Popups', 'QueueNextDate'],
});

export const settingsApi = settingsBase.injectEndpoints({
  endpoints: (build) => ({
    settingsCompanyOptions: build.query<CompanyOption[], void>({
      query: () => 'company',
      transformResponse: (res: unknown) => {
        const rows = Array.isArray(res)
          ? res
          : res && typeof res === 'object' && Array.isArray((res as { items?: unknown }).items)
            ? (res as { items: unknown[] }).items
            : [];
        return (rows as CompanyOption[]).map((c) => ({ id: c.id, name: c.name, status: c.status }));
      },
    }),
    companySettings: build.query<SettingsView, number>({
      query: (companyId) => `settings/company/${companyId}`,
      providesTags: (_r, _e, companyId) => [{ type: 'Settings', id: companyId }],
    }),
    saveSettings: build.mutation<{ message: string; settings: SettingsView }, SettingsPayload>({
      query: (body) => ({ url: 'settings/save', method: 'POST', body }),
    }),
    uploadLogo: build.mutation<{ company: { id: number }; logo: string }, { companyId: number; file: Blob; name: string }>({
      query: ({ companyId, file, name }) => {
        const form = new FormData();
        form.append('logo', file, name);
        form.append('company', String(companyId));
        return { url: 'settings/upload', method: 'POST', body: form };
      },
      invalidatesTags: (_r, _e, { companyId }) => [{ type: 'Settings', id: companyId }, 'StaffSession'],
    }),
    toggleTolerance: build.mutation<{ company: { id: number }; enableTolerance: boolean }, { companyId: number; tolerance: boolean }>({
      query: ({ companyId, tolerance }) => ({
        url: 'settings/toggle-tolerance',
        method: 'POST',
        body: { company: { id: companyId }, tolerance },
      }),
    }),
    resetQueue: build.mutation<unknown, number>({
      query: (companyId) => ({ url: 'queue/reset', method: 'POST', body: { company: { id: companyId } } }),
      invalidatesTags: (_r, _e, companyId) => [{ type: 'QueueNextDate', id: companyId }],
    }),
    settingsNextDate: build.query<NextDateView, number>({
      query: (companyId) => `queue/next-date/${companyId}`,
      providesTags: (_r, _e, companyId) => [{ type: 'QueueNextDate', id: companyId }],
    }),
    deleteDelay: build.mutation<null, number>({
      query: (id) => ({ url: `delay/delete/${id}`, method: 'DELETE' }),
    }),

    companyHolidays: build.query<HolidayView[], number>({
      query: (companyId) => `holidays/company/${companyId}`,
      providesTags: (_r, _e, companyId) => [{ type: 'Holidays', id: companyId }],
    }),
    saveHoliday: build.mutation<HolidayView, HolidayPayload>({
      query: (body) => ({ url: 'holidays/save', method: 'POST', body }),
      invalidatesTags: (_r, _e, body) => [{ type: 'Holidays', id: body.company.id }],
    }),
    deleteHoliday: build.mutation<null, { id: number; companyId: number }>({
      query: ({ id }) => ({ url: `holidays/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { companyId }) => [{ type: 'Holidays', id: companyId }],
    }),

    companyUseTerms: build.query<UseTermView[], number>({
      query: (companyId) => `useTerm/company/${companyId}`,
      providesTags: (_r, _e, companyId) => [{ type: 'UseTerms', id: companyId }],
    }),
    useTerm: build.query<UseTermView, number>({
      query: (id) => `useTerm/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'UseTerms', id: `term-${id}` }],
    }),
    saveUseTerm: build.mutation<{ message: string; useTerm: UseTermView; acceptanceReset: number }, TermPayload>({
      query: (body) => ({ url: 'useTerm/save', method: 'POST', body }),
      invalidatesTags: (_r, _e, body) => [
        { type: 'UseTerms', id: body.company.id },
        ...(body.id ? [{ type: 'UseTerms' as const, id: `term-${body.id}` }] : []),
      ],
    }),
    deleteUseTerm: build.mutation<null, { id: number; companyId: number }>({
      query: ({ id }) => ({ url: `useTerm/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { companyId }) => [{ type: 'UseTerms', id: companyId }],
    }),

    companyPopups: build.query<PopupView[], number>({
      query: (companyId) => `popups/company/${companyId}`,
      providesTags: (_r, _e, companyId) => [{ type: 'Popups', id: companyId }],
    }),
    savePopup: build.mutation<PopupView, PopupPayload>({
      query: (body) => ({ url: 'popups/save', method: 'POST', body }),
    }),
    uploadPopupImage: build.mutation<PopupView, { id: number; file: Blob; name: string }>({
      query: ({ id, file, name }) => {
        const form = new FormData();
        form.append('image', file, name);
        form.append('id', String(id));
        return { url: 'popups/upload', method: 'POST', body: form };
      },
    }),
    deletePopup: build.mutation<null, { id: number; companyId: number }>({
      query: ({ id }) => ({ url: `popups/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { companyId }) => [{ type: 'Popups', id: companyId }],
    }),
  }),
});

/** Reads the company's pop-ups again (after a save and its image upload). */
export const popupsTag = (companyId: number) => settingsApi.util.invalidateTags([{ type: 'Popups', id: companyId }]);
/** Reads the company's settings again (the reload after a save). */
export const settingsTag = (companyId: number) => settingsApi.util.invalidateTags([{ type: 'Settings', id: companyId }]);

export const {
  useSettingsCompanyOptionsQuery,
  useCompanySettingsQuery,
  useSaveSettingsMutation,
  useUploadLogoMutation,
  useToggleToleranceMutation,
  useResetQueueMutation,
  useSettingsNextDateQuery,
  useDeleteDelayMutation,
  useCompanyHolidaysQuery,
  useSaveHolidayMutation,
  useDeleteHolidayMutation,
  useCompanyUseTermsQuery,
  useUseTermQuery,
  useSaveUseTermMutation,
  useDeleteUseTermMutation,
  useCompanyPopupsQuery,
  useSavePopupMutation,
  useUploadPopupImageMutation,
  useDeletePopupMutation,
} = settingsApi;
