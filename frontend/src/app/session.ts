/**
 * Small session helpers shared by the staff portal: which login page was used (so that
 * signing out returns there), the route allow-list check against the server's `routes` and
 * its `redirects`. The window-title prefix and the profile path are the session's `screens`.
 */
import { paths, type LoginPagePath } from './paths';

export const LOGIN_PAGE_KEY = 'patio.loginPage';

export function rememberLoginPage(page: LoginPagePath): void {
  try {
    localStorage.setItem(LOGIN_PAGE_KEY, page);
  } catch {
    // Private mode or storage full: signing out then goes to /login, which is fine.
  }
}

/** The login page the user signed in on: /expedicao for a dispatch sign-in, else /login. */
export function loginPagePath(): LoginPagePath {
  try {
    return localStorage.getItem(LOGIN_PAGE_KEY) === paths.dispatchLogin
      ? paths.dispatchLogin
      : paths.staffLogin;
  } catch {
    return paths.staffLogin;
  }
}

/** `{param}` and `:param` spell the same placeholder; trailing slashes do not matter. */
function normalizePattern(p: string): string {
  const s = p.trim().replace(/\{([^}/]+)\}/g, ':$1');
  return s.length > 1 ? s.replace(/\/+$/, '') : s;
}

/** Whether the server's allow-list (`routes` of GET /api/auth/session) holds `pattern`. */
export function routeAllowed(routes: readonly string[] | null | undefined, pattern: string): boolean {
  if (!routes) return false;
  const want = normalizePattern(pattern);
  return routes.some((r) => normalizePattern(r) === want);
}

/**
 * Pages that send a role elsewhere instead of refusing it (the server's `route_redirect`, spec 1
 * section 2: a Transportadora opening /dashboard goes to /pedidos), from the session's
 * `redirects` (pattern -> target).
 */
export function routeRedirect(
  session: { redirects: Record<string, string> } | null | undefined,
  pattern: string,
): string | null {
  if (!session) return null;
  const want = normalizePattern(pattern);
  for (const [from, to] of Object.entries(session.redirects)) if (normalizePattern(from) === want) return to;
  return null;
}

/**
 * The sign-in page for a signed-out visit of `pattern`: the dispatch routes (/expedicao/painel,
 * /elemidia) are for Expedicao, Espectador and Portaria, who sign in on /expedicao (spec 3
 * section 6); anything else on the page last used.
 */
export const DISPATCH_ONLY_ROUTES: readonly string[] = [paths.dispatchHome, paths.signagePanel];

export function loginPageFor(pattern: string | null | undefined): LoginPagePath {
  if (pattern && DISPATCH_ONLY_ROUTES.some((r) => normalizePattern(r) === normalizePattern(pattern))) {
    return paths.dispatchLogin;
  }
  return loginPagePath();
}

/**
 * Where a sign-in goes back to: the page that sent the visitor to sign in (`state.from`), when
 * it is a path of this site and not a sign-in page; `fallback` (the landing) otherwise.
 */
export function returnPath(state: unknown, fallback: string): string {
  const from = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return fallback;
  const path = normalizePattern(from.split(/[?#]/)[0]);
  const signIn = [paths.staffLogin, paths.dispatchLogin, paths.dispatchLoginAlias].map(normalizePattern);
  return signIn.includes(path) ? fallback : from;
}
