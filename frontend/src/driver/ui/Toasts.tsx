import { useSyncExternalStore } from 'react';
import { currentToasts, dismissToast, subscribeToasts } from './toast';
import { msg } from '../../shared/messages';

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
