import { useEffect, useId, useRef, type ReactNode } from 'react';
import { msg } from '../../shared/messages';
import { dm } from '../messages';

/** A plain accessible modal dialog for the phone (focus moves into it when it opens). */
export function Modal({
  title,
  children,
  footer,
  onClose,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  /** When given, Escape and the × close the dialog. */
  onClose?: () => void;
}) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    const first = el?.querySelector<HTMLElement>('input, select, textarea, button');
    (first ?? el)?.focus();
  }, []);

  return (
    <div className="d-modal-backdrop">
      <div
        ref={box}
        className="d-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && onClose) onClose();
        }}
      >
        <div className="d-modal-head">
          <h2 id={titleId}>{title}</h2>
          {onClose && (
            <button type="button" className="d-modal-x" aria-label={msg.close} onClick={onClose}>
              ×
            </button>
          )}
        </div>
        <div className="d-modal-body">{children}</div>
        {footer && <div className="d-modal-foot">{footer}</div>}
      </div>
    </div>
  );
}

/** A destructive dialog's footer: cancel, then the red action (busy while it runs). */
export function ConfirmFooter({
  label,
  busy,
  disabled = busy,
  onCancel,
  onConfirm,
}: {
  label: string;
  busy: boolean;
  /** Also off until the dialog's fields are filled; `busy` when not given. */
  disabled?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <>
      <button type="button" className="d-btn d-btn-secondary" onClick={onCancel}>
        {dm.cancel}
      </button>
      <button type="button" className="d-btn d-btn-danger" disabled={disabled} aria-busy={busy || undefined} onClick={onConfirm}>
        {label}
      </button>
    </>
  );
}
