import { useEffect, useState } from 'react';
import { useYardZone } from '../session';
import { dm } from '../messages';
import { lastPositionRead, type LastPosition } from '../pwa/lastPosition';

/**
 * The strip a signed-in driver sees with no connection (issue 23): it says so, and gives the
 * last position read with the time it was read, so a screen answered from the phone's cache
 * never passes for a live one.
 */
export function OfflineNotice({ driverId }: { driverId?: number }) {
  const [last, setLast] = useState<LastPosition | null>(null);
  const zone = useYardZone();
  useEffect(() => {
    let current = true;
    if (driverId) void lastPositionRead(driverId, zone).then((l) => current && setLast(l));
    return () => {
      current = false;
    };
  }, [driverId, zone]);
  return (
    <div className="d-offline" role="status" data-testid="offline-notice">
      <strong>{dm.offline}</strong>
      <span>{last ? dm.offlineLastPosition(dm.positionOf(last.position), last.readAt) : dm.offlineNothingLive}</span>
    </div>
  );
}
