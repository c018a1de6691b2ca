import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { readApiError } from '../../shared/apiError';
import { formatDateTime } from '../../shared/formatters';
import { Spinner } from '../../shared/ui/Spinner';
import { useDriverSessionQuery } from '../api';
import { useSaveCheckinMutation } from '../checkinApi';
import { checkinErrorText, readCheckinNavState, type CheckinStep } from '../checkinLogic';
import { CHECKIN_COUNTDOWN_S, dm } from '../messages';
import { driverPaths } from '../paths';
import { useHasDriverQuery } from '../queueApi';
import { useDriverGoTo } from '../session';
import { DriverShell } from '../ui/DriverShell';

/**
 * /app/checkin (spec 3 sections 2 and 4): 1 the warning, 2 the confirmation (it sends the
 * check-in; the server decides whether this phone is on the yard's network), 3 done (back to
 * / after 3 s), 4 the cancelled notice with its date (Ok goes to /). The navigation state may
 * preset the step and the check-in's updatedAt (the home sends step 4 when the server has
 * cancelled the check-in).
 */
export default function DriverCheckinPage() {
  const location = useLocation();
  const preset = readCheckinNavState(location.state);
  const { data: session } = useDriverSessionQuery();
  const goTo = useDriverGoTo();
  const has = useHasDriverQuery(session?.id ?? 0, { skip: !session });
  const [save, saving] = useSaveCheckinMutation();
  const [step, setStep] = useState<CheckinStep>(preset.step);
  const [error, setError] = useState<string | null>(null);
  const [left, setLeft] = useState(CHECKIN_COUNTDOWN_S);
  const sent = useRef(false);

  // Step 3 counts down, then goes home.
  useEffect(() => {
    if (step !== 3) return undefined;
    if (left <= 0) {
      goTo(driverPaths.home, { replace: true });
      return undefined;
    }
    const id = setTimeout(() => setLeft((n) => n - 1), 1_000);
    return () => clearTimeout(id);
  }, [step, left, goTo]);

  if (!session) return null;

  async function confirm() {
    if (sent.current) return;
    const queueId = has.data?.hasDriver ? has.data.queueId : null;
    if (!queueId) {
      setError(dm.noPosition);
      return;
    }
    sent.current = true;
    setError(null);
    try {
      await save(queueId).unwrap();
      setLeft(CHECKIN_COUNTDOWN_S);
      setStep(3);
    } catch (e) {
      setError(checkinErrorText(readApiError(e)));
    } finally {
      sent.current = false;
    }
  }

  return (
    <DriverShell>
      <section className="d-card" aria-labelledby="d-checkin-title">
        <h1 id="d-checkin-title">{dm.checkinTitle}</h1>
        {step <= 3 && <p className="d-muted">{dm.checkinStep(step)}</p>}
        {step === 1 && (
          <>
            <h2>{dm.checkinWarningTitle}</h2>
            <p className="d-notice">{dm.checkinWarning}</p>
            <div className="d-stack">
              <button type="button" className="d-btn" onClick={() => setStep(2)}>
                {dm.checkinContinue}
              </button>
              <button type="button" className="d-btn d-btn-secondary" onClick={() => goTo(driverPaths.home)}>
                {dm.back}
              </button>
            </div>
          </>
        )}
        {step === 2 && (
          <>
            <h2>{dm.checkinConfirmTitle}</h2>
            <p>{dm.checkinConfirmText}</p>
            {error && (
              <div className="d-error-panel" role="alert">
                <strong>{dm.errorTitle}</strong>
                <p>{error}</p>
              </div>
            )}
            <div className="d-stack">
              {has.isLoading ? (
                <Spinner />
              ) : (
                <button
                  type="button"
                  className="d-btn"
                  disabled={saving.isLoading}
                  aria-busy={saving.isLoading || undefined}
                  onClick={() => void confirm()}
                >
                  {dm.checkinConfirm}
                </button>
              )}
              <button type="button" className="d-btn d-btn-secondary" onClick={() => goTo(driverPaths.home)}>
                {dm.cancel}
              </button>
            </div>
          </>
        )}
        {step === 3 && (
          <div className="d-success" role="status">
            <h2>{dm.checkinDoneTitle}</h2>
            <p>
              <strong>{dm.waitCall}</strong>
            </p>
            <p>{dm.checkinBackIn(left)}</p>
          </div>
        )}
        {step === 4 && (
          <>
            <div className="d-error-panel" role="status">
              <h2>{dm.checkinCancelledTitle}</h2>
              <p>{dm.checkinCancelledText}</p>
              {preset.updatedAt && <p data-testid="checkin-cancelled-at">{dm.checkinCancelledAt(formatDateTime(preset.updatedAt, session.company.timeZone))}</p>}
            </div>
            <button type="button" className="d-btn" onClick={() => goTo(driverPaths.home, { replace: true })}>
              {dm.ok}
            </button>
          </>
        )}
      </section>
    </DriverShell>
  );
}
