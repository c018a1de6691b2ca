import { useState, type FormEvent } from 'react';
import { Modal } from '../ui/Modal';
import type { TransferConflict } from '../transfer';
import { formatDateTime } from '../../shared/formatters';
import { maskCode } from '../../shared/masks';
import { msg } from '../../shared/messages';

/**
 * The company-transfer confirmation (406 on the driver login): the driver and the vehicle leave
 * the other company's queue, and the driver types the displayed code to go on.
 */
export function TransferModal({
  conflict,
  code,
  busy,
  onConfirm,
  onNo,
}: {
  conflict: TransferConflict;
  code: number;
  busy: boolean;
  onConfirm: (typed: string) => void;
  onNo: () => void;
}) {
  const [typed, setTyped] = useState('');
  const { companyA } = conflict;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!busy) onConfirm(typed);
  }

  return (
    <Modal title={msg.transferTitle}>
      <form onSubmit={submit} id="transfer-form">
        {companyA.logo && <img className="d-transfer-logo" src={companyA.logo} alt={companyA.company} />}
        <p>{msg.transferIntro(companyA.company)}</p>
        <p>{msg.transferUnlink}</p>
        {companyA.queueDate && <p>{msg.transferQueueDate(formatDateTime(companyA.queueDate))}</p>}
        <p>{msg.transferCancel}</p>
        <p>{msg.transferCodePrompt(code)}</p>
        <p className="d-code" aria-hidden="true" data-testid="transfer-code">
          {code}
        </p>
        <div className="d-field">
          <label htmlFor="transfer-code">{msg.transferCodeLabel}</label>
          <input
            id="transfer-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={5}
            value={typed}
            onChange={(e) => setTyped(maskCode(e.target.value))}
          />
        </div>
        <div className="d-row">
          <button type="button" className="d-btn d-btn-secondary" onClick={onNo}>
            {msg.transferNo}
          </button>
          <button type="submit" className="d-btn" disabled={busy} aria-busy={busy || undefined}>
            {msg.transferConfirm}
          </button>
        </div>
      </form>
    </Modal>
  );
}
