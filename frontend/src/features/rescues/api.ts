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

export const { useRescuesQuery, useRequestRescueMutation, useApproveRescueMutation } = rescuesApi;

/** Every rescue read again (a change elsewhere). */
export const invalidateRescues = () => rescuesApi.util.invalidateTags([TAG]);
