/**
 * The driver's check-in calls (spec 3 section 7, docs/api.md "yard"): the entry's check-in
 * state (read every 30 s: the server also cancels a check-in whose driver left the yard's
 * network) and the check-in itself. Types come from the generated contract.
 */
import { api } from '../app/api';
import type { Schema } from '../shared/api/types';
import { cancellations } from './checkinLogic';

export type CheckinState = Schema<'CheckinStateView'>;
export type Checkin = Schema<'CheckinView'>;

const checkinApi = api.enhanceEndpoints({ addTagTypes: ['DriverCheckin', 'DriverQueue'] }).injectEndpoints({
  endpoints: (build) => ({
    checkinState: build.query<CheckinState, number>({
      // POST: the read may cancel a check-in made from outside the yard (a GET never writes).
      query: (queueId) => ({ url: `checkins/count/${queueId}`, method: 'POST' }),
      providesTags: ['DriverCheckin'],
      async onQueryStarted(_queueId, { queryFulfilled }) {
        try {
          cancellations.note((await queryFulfilled).data);
        } catch {
          // a failed read reports nothing
        }
      },
    }),
    saveCheckin: build.mutation<Checkin, number>({
      query: (queueId) => ({ url: 'checkins/save', method: 'POST', body: { queue: { id: queueId } } }),
      invalidatesTags: ['DriverCheckin', 'DriverQueue'],
    }),
  }),
});

export const { useCheckinStateQuery, useSaveCheckinMutation } = checkinApi;
export { checkinApi };
