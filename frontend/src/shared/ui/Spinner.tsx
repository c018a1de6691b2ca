import { msg } from '../messages';

/** A light full-area spinner (no antd), for route loading and session checks. */
export function Spinner({ label = msg.loading }: { label?: string }) {
  return (
    <div className="patio-spinner" role="status" aria-live="polite">
      {label}
    </div>
  );
}
