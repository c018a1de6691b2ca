import { useEffect, useState } from 'react';
import { TermsHtml } from '../../shared/ui/TermsHtml';
import { useIdle } from '../../shared/useIdle';
import { dm, POPUP_COUNTDOWN_S } from '../messages';
import { useActivePopupsQuery, useReadPopupMutation } from '../queueApi';
import { Modal } from '../ui/Modal';

const SEEN_KEY = 'patio.driverPopupsSeen';

function seen(): number[] {
  try {
    return JSON.parse(localStorage.getItem(SEEN_KEY) ?? '[]') as number[];
  } catch {
    return [];
  }
}

function remember(id: number): void {
  try {
    localStorage.setItem(SEEN_KEY, JSON.stringify([...seen(), id].slice(-50)));
  } catch {
    // no storage: it may show again next time
  }
}

/**
 * The company's pop-up on the home (spec 3 section 2): the first active one this phone has not
 * closed yet, shown once; it can be closed only after a 5-second countdown, and closing it
 * records the read (POST /popups/read, READ_POPUP). Read once the home is idle: it opens over
 * the home, so the home's own first answers come first.
 */
export function CompanyPopup({ driverId, companyId }: { driverId: number; companyId: number }) {
  const idle = useIdle();
  const popups = useActivePopupsQuery(companyId, { skip: !idle });
  const [read] = useReadPopupMutation();
  const [closed, setClosed] = useState<number | null>(null);
  const [left, setLeft] = useState(POPUP_COUNTDOWN_S);
  const popup = (popups.data ?? []).find((p) => p.active && !seen().includes(p.id) && p.id !== closed);

  useEffect(() => {
    if (!popup || left <= 0) return undefined;
    const t = setTimeout(() => setLeft((n) => n - 1), 1_000);
    return () => clearTimeout(t);
  }, [popup, left]);

  if (!popup) return null;
  const close = () => {
    if (left > 0) return;
    remember(popup.id);
    setClosed(popup.id);
    void read({ id: popup.id, driverId, companyId }).catch(() => undefined);
  };
  return (
    <Modal
      title={popup.title}
      onClose={left > 0 ? undefined : close}
      footer={
        <button type="button" className="d-btn" disabled={left > 0} onClick={close}>
          {left > 0 ? dm.popupWait(left) : dm.popupClose}
        </button>
      }
    >
      {popup.label && <p>{popup.label}</p>}
      {popup.imageUrl && <img className="d-popup-img" src={popup.imageUrl} alt={popup.title} />}
      {popup.content && <TermsHtml html={popup.content} />}
    </Modal>
  );
}
