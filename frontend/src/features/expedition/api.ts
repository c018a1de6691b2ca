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

export type YardListKind = 'missings' | 'attendeds' | 'drops';

const TAG = 'Yard' as const;

const expeditionApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
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
  useActiveQueueQuery,
  useQueueTotalsQuery,
  useTodayAttendanceQuery,
  useDelayStatusQuery,
  useActiveCheckinsQuery,
  useYardListQuery,
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
