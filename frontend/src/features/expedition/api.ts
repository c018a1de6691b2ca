/**
 * The dispatch panel's calls (spec 3 section 7, issue 13): the queue of the company, its
 * counters, the day's attendance and delay, and the yard's actions. Every rule is the
 * server's; the panel re-reads on `/api/ws` events (3-minute polling only as the fallback).
 */
import { type Schema } from '../../shared/api/types';
import { api } from '../../app/api';

export type QueueRow = Schema<'QueueRowView'>;
export type Totals = Schema<'TotalsView'>;
export type YardAction = Schema<'YardActionView'>;
export type YardRow = Schema<'YardListRow'>;
export type Checkin = Schema<'CheckinView'>;
export type Attendance = Schema<'AttendanceRecord'>;
export type AttendanceChange = Schema<'AttendanceView'>;
export type DelayStatus = Schema<'DelayStatusView'>;
export type YardSettings = Schema<'SettingsView'>;
export type QueueDay = Schema<'QueueDayView'>;
export type DriverChoice = Schema<'LikeItem'>;
export type DeskTruck = Schema<'TruckLikeItem'>;
export type DeskBody = Schema<'QueueDeskBody'>;
export type Joined = Schema<'JoinView'>;
export type PanelRow = Schema<'PanelRowView'>;
export type PublicPanel = Schema<'PublicPanelView'>;

export type YardListKind = 'missings' | 'attendeds' | 'drops';

const TAG = 'Yard' as const;

const expeditionApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    /** The Transportadora's read-only queue: its vehicles, every planned day. */
    shippingQueue: build.query<QueueDay[], number>({
      query: (shippingCompanyId) => ({ url: `queue/shipping-company/${shippingCompanyId}`, params: { days_limit: 30 } }),
      providesTags: [TAG],
    }),
    /** The panel rows (plates, positions, times; no names) of the signed-in user's company. */
    panelRows: build.query<PanelRow[], number>({
      query: (companyId) => `queue/active/${companyId}`,
      providesTags: [TAG],
    }),
    /** The public panel of the company that serves this host (no sign-in). */
    publicPanel: build.query<PublicPanel, string>({
      query: (host) => ({ url: 'public/panel', params: { host } }),
      providesTags: [TAG],
    }),
    /** /fila's truck search: the company's trucks with model and net tonnes. */
    deskTrucks: build.query<DeskTruck[], { companyId: number; text: string }>({
      query: ({ companyId, text }) =>
        text ? `truck/like/${encodeURIComponent(text)}/company/${companyId}` : `truck/like/company/${companyId}`,
    }),
    /** /fila's '+ Adicionar': the order's loading and the queue entry, in one call. */
    addToQueue: build.mutation<Joined, DeskBody>({
      query: (body) => ({ url: 'queue/add', method: 'POST', body }),
      invalidatesTags: [TAG],
    }),
    companyDrivers: build.query<DriverChoice[], { companyId: number; text: string }>({
      // The pickers' list: open to the Expedicao (the driver list itself is not). The server
      // answers 20 at most: the name typed is searched there, not among those 20.
      query: ({ companyId, text }) =>
        text ? `driver/like/${encodeURIComponent(text)}/company/${companyId}` : `driver/like/company/${companyId}`,
    }),
    changeDriver: build.mutation<YardAction, { id: number; driverId: number; companyId: number }>({
      query: ({ id, driverId, companyId }) => ({
        url: 'queue/update-driver',
        method: 'PUT',
        body: { id, driver: { id: driverId }, company: { id: companyId } },
      }),
      invalidatesTags: [TAG],
    }),
    activeQueue: build.query<QueueRow[], number>({
      query: (companyId) => `queue/active/company/${companyId}`,
      providesTags: [TAG],
    }),
    queueTotals: build.query<Totals, number>({
      query: (companyId) => `queue/totals/company/${companyId}`,
      providesTags: [TAG],
    }),
    todayAttendance: build.query<Attendance | null, number>({
      query: (companyId) => `attendances/today/company/${companyId}`,
      providesTags: [TAG],
    }),
    delayStatus: build.query<DelayStatus | null, number>({
      query: (companyId) => `queue/delayStatus/company/${companyId}`,
      providesTags: [TAG],
    }),
    activeCheckins: build.query<Checkin[], number>({
      query: (companyId) => `checkins/company/actives/${companyId}`,
      providesTags: [TAG],
    }),
    yardList: build.query<YardRow[], { companyId: number; kind: YardListKind }>({
      query: ({ companyId, kind }) =>
        kind === 'drops' ? `logs/queue-drops/${companyId}` : `queue/${kind}/${companyId}`,
      providesTags: [TAG],
    }),
    /** Tolerance on/off and the delay reasons (the settings every staff role reads). */
    yardSettings: build.query<YardSettings, number>({
      query: (companyId) => `settings/company/${companyId}`,
      providesTags: [TAG],
    }),
    toggleTolerance: build.mutation<unknown, { companyId: number; tolerance: boolean }>({
      query: ({ companyId, tolerance }) => ({
        url: 'settings/toggle-tolerance',
        method: 'POST',
        body: { company: { id: companyId }, tolerance },
      }),
      invalidatesTags: [TAG],
    }),
    startDelay: build.mutation<unknown, { companyId: number; delayId: number; time: number }>({
      query: (body) => ({ url: 'queue/delay', method: 'PUT', body }),
      invalidatesTags: [TAG],
    }),
    startAttendance: build.mutation<AttendanceChange, number>({
      query: (companyId) => ({ url: 'attendances/save', method: 'POST', body: { company: { id: companyId } } }),
      invalidatesTags: [TAG],
    }),
    endAttendance: build.mutation<AttendanceChange, number>({
      query: (id) => ({ url: 'attendances/update', method: 'PUT', body: { id } }),
      invalidatesTags: [TAG],
    }),
    endDelay: build.mutation<unknown, { companyId: number; time: number }>({
      query: ({ companyId, time }) => ({ url: 'queue/delay', method: 'PUT', body: { companyId, time } }),
      invalidatesTags: [TAG],
    }),
    startLoading: build.mutation<YardAction, number>({
      query: (id) => ({ url: 'queue/start', method: 'PUT', body: { id, status: true } }),
      invalidatesTags: [TAG],
    }),
    returnToQueue: build.mutation<YardAction, number>({
      query: (id) => ({ url: 'queue/update', method: 'PUT', body: { id } }),
      invalidatesTags: [TAG],
    }),
    cancelPosition: build.mutation<YardAction, number>({
      query: (id) => ({ url: `queue/close/${id}`, method: 'POST' }),
      invalidatesTags: [TAG],
    }),
    completeLoading: build.mutation<YardAction, { schedulingId: number; qtyTransported: number }>({
      query: ({ schedulingId, qtyTransported }) => ({
        url: 'scheduling/close',
        method: 'POST',
        body: { id: schedulingId, status: true, qtyTransported },
      }),
      invalidatesTags: [TAG],
    }),
    editWeight: build.mutation<YardAction, { schedulingId: number; qtyTransported: number }>({
      query: ({ schedulingId, qtyTransported }) => ({
        url: 'scheduling/update',
        method: 'PUT',
        body: { id: schedulingId, qtyTransported },
      }),
      invalidatesTags: [TAG],
    }),
    callDriver: build.mutation<Checkin, number>({
      query: (id) => ({ url: 'checkins/setcall', method: 'POST', body: { id, isCalling: true } }),
      invalidatesTags: [TAG],
    }),
  }),
});

export const {
  useShippingQueueQuery,
  usePanelRowsQuery,
  usePublicPanelQuery,
  useDeskTrucksQuery,
  useAddToQueueMutation,
  useCompanyDriversQuery,
  useChangeDriverMutation,
  useActiveQueueQuery,
  useQueueTotalsQuery,
  useTodayAttendanceQuery,
  useDelayStatusQuery,
  useActiveCheckinsQuery,
  useYardListQuery,
  useYardSettingsQuery,
  useToggleToleranceMutation,
  useStartDelayMutation,
  useStartAttendanceMutation,
  useEndAttendanceMutation,
  useEndDelayMutation,
  useStartLoadingMutation,
  useReturnToQueueMutation,
  useCancelPositionMutation,
  useCompleteLoadingMutation,
  useEditWeightMutation,
  useCallDriverMutation,
} = expeditionApi;

/** Every read of the panel again (an event of the company's room arrived). */
export const invalidateYard = () => expeditionApi.util.invalidateTags([TAG]);
