/**
 * The driver home's first reads, started as soon as the session is known (issue 23): on a
 * phone the home's code arrives and is run well after the session's answer (index.html asks
 * for it with the page), so reads started by the home's first render waited for all of it and
 * then for one more round trip each. Started here, from the entry, the answers are in (or on
 * their way) when the home renders; the home reads the same cache entries (same endpoints,
 * same arguments) and asks nothing twice.
 */
import type { AppDispatch } from '../app/store';
import { driverApi } from './api';
import { checkinApi } from './checkinApi';
import { queueApi } from './queueApi';

export async function prefetchDriverHome(dispatch: AppDispatch): Promise<void> {
  const session = await once(dispatch(driverApi.endpoints.driverSession.initiate()));
  // Signed out, or the terms page first: the home is not what shows.
  if (!session || session.mustApproveTerms) return;
  dispatch(queueApi.util.prefetch('companySettings', session.company.id, {}));
  dispatch(queueApi.util.prefetch('delayStatus', session.company.id, {}));
  dispatch(queueApi.util.prefetch('driverPosition', session.id, {}));
  const has = await once(dispatch(queueApi.endpoints.hasDriver.initiate(session.id)));
  if (has?.hasDriver && has.queueId) dispatch(checkinApi.util.prefetch('checkinState', has.queueId, {}));
}

/** A read's answer (undefined when it failed), without keeping a subscription to it. */
async function once<T>(sub: PromiseLike<{ data?: T }> & { unsubscribe(): void }): Promise<T | undefined> {
  try {
    return (await sub).data;
  } finally {
    sub.unsubscribe();
  }
}
