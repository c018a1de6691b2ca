import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { clearToasts, currentToasts, dismissToast, subscribeToasts } from './toast';
import { msg } from '../../shared/messages';

/** A toast belongs to the page whose action raised it: a new page starts clean. */
export function ClearToastsOnNavigation() {
  const { pathname } = useLocation();
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current !== pathname) clearToasts();
    shownOn.current = pathname;
  }, [pathname]);
  return null;
}

export function Toasts() {
  const items = useSyncExternalStore(subscribeToasts, currentToasts, currentToasts);
  return (
    <div className="d-toasts" aria-live="polite">
      {items.map((t) => (
        <div key={t.id} className={`d-toast d-toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <span>{t.text}</span>
          <button type="button" aria-label={msg.close} onClick={() => dismissToast(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
