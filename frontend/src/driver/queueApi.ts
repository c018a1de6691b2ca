/**
 * The driver app's queue, loadings and account calls (spec 3 section 7). Types come from the
 * generated contract; the queue reads share one tag so a join, a leave or a live event reads
 * them all again.
 */
import { api } from '../app/api';
import type { Schema } from '../shared/api/types';

export type Settings = Schema<'SettingsView'>;
export type DelayStatus = Schema<'DelayStatusView'>;
export type HasDriver = Schema<'HasDriverView'>;
export type DriverPosition = Schema<'DriverPositionView'>;
export type PanelRow = Schema<'PanelRowView'>;
export type ServerTime = Schema<'DateTimeView'>;
export type Truck = Schema<'TruckView'>;
export type Loading = Schema<'LoadingView'>;
export type DeletedLoading = Schema<'DeletedLoadingView'>;
export type JoinView = Schema<'JoinView'>;

export interface JoinRequest {
  scheduling: { id: number } | null;
  truck: { id: number };
}

const queueApi = api.enhanceEndpoints({ addTagTypes: ['DriverQueue', 'DriverLoadings', 'DriverTrucks'] }).injectEndpoints({
  endpoints: (build) => ({
    companySettings: build.query<Settings, number>({
      query: (companyId) => `settings/company/${companyId}`,
    }),
    delayStatus: build.query<DelayStatus | null, number>({
      query: (companyId) => `queue/delayStatus/company/${companyId}`,
      providesTags: ['DriverQueue'],
    }),
    hasDriver: build.query<HasDriver, number>({
      query: (driverId) => `queue/hasDriver/${driverId}`,
      providesTags: ['DriverQueue'],
    }),
    driverPosition: build.query<DriverPosition, number>({
      query: (driverId) => `queue/position/driver/${driverId}`,
      providesTags: ['DriverQueue'],
    }),
    queuePanel: build.query<PanelRow[], number>({
      query: (companyId) => `queue/active/${companyId}`,
      providesTags: ['DriverQueue'],
    }),
    serverTime: build.query<ServerTime, void>({
      query: () => 'settings/date-time',
    }),
    driverTrucks: build.query<Truck[], number>({
      query: (driverId) => `truck/driver/${driverId}`,
      providesTags: ['DriverTrucks'],
    }),
    driverLoadings: build.query<Loading[], number>({
      query: (driverId) => `scheduling/driver/${driverId}`,
      providesTags: ['DriverLoadings'],
    }),
    expiredLoadings: build.query<DeletedLoading[], number>({
      query: (driverId) => `schedulingDeleted/driver/${driverId}`,
      providesTags: ['DriverLoadings'],
    }),
    joinQueue: build.mutation<JoinView, JoinRequest>({
      query: (body) => ({ url: 'queue/save', method: 'POST', body }),
      invalidatesTags: ['DriverQueue', 'DriverLoadings'],
    }),
    leaveQueue: build.mutation<Schema<'LeaveView'>, number>({
      query: (queueId) => ({ url: `queue/delete/${queueId}`, method: 'DELETE' }),
      invalidatesTags: ['DriverQueue'],
    }),
    refuseLoading: build.mutation<Schema<'RefusedLoadingView'>, number>({
      query: (id) => ({ url: `scheduling/refuse/${id}`, method: 'POST' }),
      invalidatesTags: ['DriverLoadings'],
    }),
    activePopups: build.query<Schema<'PopupView'>[], number>({
      query: (companyId) => `popups/company/active/${companyId}`,
    }),
    readPopup: build.mutation<unknown, { id: number; driverId: number; companyId: number }>({
      query: ({ id, driverId, companyId }) => ({
        url: 'popups/read',
        method: 'POST',
        body: { id, driver: { id: driverId }, company: { id: companyId } },
      }),
    }),
    deleteAccount: build.mutation<Schema<'AccountDeletedView'>, { id: number; cpf: string; birthDate: string }>({
      query: ({ id, ...body }) => ({ url: `driver/app/delete/${id}`, method: 'DELETE', body }),
    }),
  }),
});

export const {
  useCompanySettingsQuery,
  useDelayStatusQuery,
  useHasDriverQuery,
  useDriverPositionQuery,
  useQueuePanelQuery,
  useServerTimeQuery,
  useDriverTrucksQuery,
  useDriverLoadingsQuery,
  useExpiredLoadingsQuery,
  useJoinQueueMutation,
  useLeaveQueueMutation,
  useRefuseLoadingMutation,
  useDeleteAccountMutation,
  useActivePopupsQuery,
  useReadPopupMutation,
} = queueApi;

export { queueApi };
