import { useEffect, useState } from 'react';
import { predictedCallText, type PredictedCall as Prediction } from '../../shared/predictedCall';
import { useDriverSessionQuery } from '../api';

/** The phone's clock, ticking every 20 s: enough for words in minutes. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 20_000);
    return () => clearInterval(id);
  }, []);
  return now;
}

/**
 * "Previsão de chamada: hoje às 14:20" (issue 25): when the vehicle is expected to be really
 * called, from how fast the yard loads; nothing without a prediction.
 */
export function PredictedCall({ position }: { position: Prediction | null | undefined }) {
  const session = useDriverSessionQuery().data;
  const text = predictedCallText(position, useNow(), session?.company.timeZone);
  if (!text) return null;
  return (
    <p className="d-predicted" data-testid="predicted-call" aria-live="polite">
      <strong>{text}</strong>
    </p>
  );
}
