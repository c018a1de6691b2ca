import { useState } from 'react';
import { giveConsent, hasConsent } from '../cookies';
import { msg } from '../messages';

/** The cookie-consent banner; accepting stores a 150-day cookie, so it is not shown again. */
export function CookieConsent() {
  const [shown, setShown] = useState(() => !hasConsent());
  if (!shown) return null;
  return (
    <div className="patio-cookie" role="region" aria-label={msg.cookieRegion}>
      <p>{msg.cookieText}</p>
      <button
        type="button"
        onClick={() => {
          giveConsent();
          setShown(false);
        }}
      >
        {msg.cookieAccept}
      </button>
    </div>
  );
}
