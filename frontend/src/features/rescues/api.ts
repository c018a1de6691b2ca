/**
 * Rescues (spec 3 "Rescue management", issue 13): the dispatch asks to recover a missing
 * vehicle (`POST /queue-restore/save`), /recuperar lists the pending ones 6 a page and a root
 * administrator approves them (`PUT /queue-restore/restore`). Every rule is the server's.
 */
import { type Schema } from '../../shared/api/types';
import { api } from '../../app/api';

export type RescuePage = Schema<'RescuePageView'>;
export type RescueRow = Schema<'RescueRowView'>;
export type RescueSaved = Schema<'RescueSavedView'>;
export type RescueApproved = Schema<'RescueApprovedView'>;
export type RescueOrder = Schema<'RescueOrderView'>;

const TAG = 'Rescue' as const;

export interface RescueListArgs {
  page: number;
  search?: string;
}

const rescuesApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    rescues: build.query<RescuePage, RescueListArgs>({
      query: ({ page, search }) => ({
        url: 'queue-restore',
        params: search ? { page, search } : { page },
      }),
      providesTags: [TAG],
    }),
    /** The orders the rescue form offers: the loading's own, or a freelancer's choices. */
    rescueOrders: build.query<RescueOrder[], { queueId: number; search: string }>({
      query: ({ queueId, search }) => ({
        url: `queue-restore/orders/${queueId}`,
        params: search ? { search } : undefined,
      }),
    }),
    requestRescue: build.mutation<RescueSaved, { queueId: number; orderId: number; netWeight: number }>({
      query: ({ queueId, orderId, netWeight }) => ({
        url: 'queue-restore/save',
        method: 'POST',
        body: { queue: { id: queueId }, order: { id: orderId }, netWeight },
      }),
      invalidatesTags: [TAG],
    }),
    approveRescue: build.mutation<RescueApproved, number>({
      query: (id) => ({ url: 'queue-restore/restore', method: 'PUT', body: { id } }),
      invalidatesTags: [TAG],
    }),
  }),
});

export const { useRescuesQuery, useRescueOrdersQuery, useRequestRescueMutation, useApproveRescueMutation } = rescuesApi;

/** Every rescue read again (a change elsewhere). */
export const invalidateRescues = () => rescuesApi.util.invalidateTags([TAG]);
