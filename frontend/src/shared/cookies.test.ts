import { describe, expect, it } from 'vitest';
import { CONSENT_COOKIE, consentCookie, hasConsent } from './cookies';

describe('cookie consent', () => {
  it('lasts 150 days', () => {
    expect(consentCookie()).toContain(`${CONSENT_COOKIE}=1`);
    expect(consentCookie()).toContain(`Max-Age=${150 * 24 * 3600}`);
    expect(consentCookie()).toContain('Path=/');
  });
  it('is found among other cookies', () => {
    expect(hasConsent('a=1; patio_cookie_consent=1; b=2')).toBe(true);
    expect(hasConsent('a=1')).toBe(false);
    expect(hasConsent('')).toBe(false);
  });
});
