import { useCallback, useState } from 'react';
import type { CallEvent, RealtimeSignal } from '../../shared/realtime';
import { alertCall } from '../callAlert';
import { callFor } from '../checkinLogic';
import { dm } from '../messages';
import { timeOf } from '../queueLogic';
import { useYardZone } from '../session';
import { Modal } from '../ui/Modal';

/**
 * The yard's call of this driver (`checkInCallResponse` on /api/ws): the screen that listens
 * to the company's events passes each signal to `onSignal`; a call of this driver shows at
 * once, with a beep and a vibration where the phone allows.
 */
export function useYardCall(driverId: number): {
  call: CallEvent | null;
  onSignal: (signal: RealtimeSignal) => void;
  dismiss: () => void;
} {
  const [call, setCall] = useState<CallEvent | null>(null);
  const onSignal = useCallback(
    (signal: RealtimeSignal) => {
      const mine = callFor(signal, driverId);
      if (!mine) return;
      setCall(mine);
      alertCall();
    },
    [driverId],
  );
  const dismiss = useCallback(() => setCall(null), []);
  return { call, onSignal, dismiss };
}

/** The call's notice: 'Motorista chamado', the plate and the time of the call. */
export function YardCallNotice({ call, onClose }: { call: CallEvent; onClose: () => void }) {
  const zone = useYardZone();
  return (
    <Modal
      title={dm.calledTitle}
      onClose={onClose}
      footer={
        <button type="button" className="d-btn" onClick={onClose}>
          {dm.calledOk}
        </button>
      }
    >
      <div role="alert" className="d-call">
        <p className="d-call-plate">{call.licensePlate}</p>
        <p>{dm.calledText(call.licensePlate)}</p>
        <p className="d-muted">{dm.calledAt(timeOf(call.calledAt, zone))}</p>
      </div>
    </Modal>
  );
}
