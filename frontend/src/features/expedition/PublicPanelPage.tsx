/**
 * /painel: the public expedition panel, no sign-in. The company is the one that serves this
 * host (`GET /api/public/panel?host=`); the page re-reads on the host's `/api/ws` events (queue
 * changes only) and every 3 minutes as the fallback (spec: 180000 ms).
 */
import { useCallback, useState } from 'react';
import { publicEventsUrl, useCompanyEvents } from '../../shared/realtime';
import { usePublicPanelQuery } from './api';
import { PublicPanel, panelMsg } from './PublicPanel';

const FALLBACK_POLL_MS = 180_000;

export default function PublicPanelPage() {
  const host = window.location.hostname;
  const { data, error, isLoading, refetch, fulfilledTimeStamp } = usePublicPanelQuery(host, {
    pollingInterval: FALLBACK_POLL_MS,
  });
  const [url] = useState(() => publicEventsUrl(window.location));
  const reread = useCallback(() => void refetch(), [refetch]);
  useCompanyEvents(reread, { url, enabled: !!data });
  const unknownHost = !!error && 'status' in error && error.status === 404;
  if (isLoading) return <main className="pp-screen">{panelMsg.loading}</main>;
  if (unknownHost) {
    return (
      <main className="pp-screen">
        <p role="alert">{panelMsg.unknownHost}</p>
      </main>
    );
  }
  return (
    <PublicPanel
      company={data?.company ?? null}
      rows={data?.rows ?? []}
      refreshedAt={fulfilledTimeStamp ? new Date(fulfilledTimeStamp) : null}
      offline={!!error}
    />
  );
}
