/** The cookie-consent cookie (spec 1 sections 1 and 9: it lasts 150 days). */
export const CONSENT_COOKIE = 'patio_cookie_consent';
export const CONSENT_DAYS = 150;

export function consentCookie(days: number = CONSENT_DAYS): string {
  return `${CONSENT_COOKIE}=1; Max-Age=${days * 24 * 60 * 60}; Path=/; SameSite=Lax`;
}

export function hasConsent(cookieString: string = document.cookie): boolean {
  return cookieString.split(';').some((c) => c.trim().startsWith(`${CONSENT_COOKIE}=`));
}

export function giveConsent(): void {
  document.cookie = consentCookie();
}
