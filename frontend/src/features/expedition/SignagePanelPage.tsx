/**
 * /elemidia (Expedicao, Espectador, Portaria): the public expedition panel of the signed-in
 * user's company, for the yard's screens. Re-reads on the company's `/api/ws` events; 3-minute
 * polling as the fallback.
 */
import { useCallback } from 'react';
import { useCompanyEvents } from '../../shared/realtime';
import { useSession } from '../../shared/records/hooks';
import { useAppDispatch } from '../../app/store';
import { invalidateYard, usePanelRowsQuery } from './api';
import { PublicPanel } from './PublicPanel';

const FALLBACK_POLL_MS = 180_000;

export default function SignagePanelPage() {
  const session = useSession();
  const company = session?.company ?? null;
  const dispatch = useAppDispatch();
  const { data, isError, fulfilledTimeStamp } = usePanelRowsQuery(company?.id ?? 0, {
    skip: !company,
    pollingInterval: FALLBACK_POLL_MS,
  });
  const reread = useCallback(() => dispatch(invalidateYard()), [dispatch]);
  useCompanyEvents(reread, { enabled: !!company });
  return (
    <PublicPanel
      company={company}
      rows={data ?? []}
      refreshedAt={fulfilledTimeStamp ? new Date(fulfilledTimeStamp) : null}
      offline={isError}
    />
  );
}
