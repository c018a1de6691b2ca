/** What the staff and dispatch login pages show for a refused sign-in (spec 1 sections 6 and 8). */
import type { ApiError } from '../../shared/apiError';
import { msg, TOAST_BLOCKED_SECONDS, TOAST_SECONDS } from '../../shared/messages';
import type { LoginPageKind } from './api';

export interface Toast {
  text: string;
  seconds: number;
}

export function loginErrorToast(err: ApiError, page: LoginPageKind): Toast {
  if (err.code === 'blocked') {
    const phone = typeof err.body.phone === 'string' ? err.body.phone.trim() : '';
    const text = page === 'dispatch' && phone ? `${msg.blocked} ${phone}` : msg.blocked;
    return { text, seconds: TOAST_BLOCKED_SECONDS };
  }
  if (err.statusCode === 401) return { text: msg.invalidCredentials, seconds: TOAST_SECONDS };
  if (err.statusCode === 403) return { text: msg.forbidden, seconds: TOAST_SECONDS };
  if (err.statusCode === 422) {
    const first = Object.values(err.fields)[0];
    return { text: first ?? err.message, seconds: TOAST_SECONDS };
  }
  // 429 rate_limited, 400 captcha and anything else: the server's message.
  return { text: err.message, seconds: TOAST_SECONDS };
}
