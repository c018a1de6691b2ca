import { useEffect, useState, type ReactNode } from 'react';
import { matchRoutes, Navigate, Outlet, useLocation } from 'react-router';
import { useStaffSessionQuery } from '../../features/auth/api';
import { loginPageFor, routeAllowed, routeRedirect } from '../session';
import { paths, staffTermsPath } from '../paths';
import { GUARD_REDIRECT_MS, msg } from '../../shared/messages';
import { Spinner } from '../../shared/ui/Spinner';

export interface GuardedRoute {
  path: string;
  /** Whether the pattern must be in the session's `routes` (else a staff session is enough). */
  byRoutes: boolean;
}

/**
 * A staff route needs a session whose `routes` (computed by the server) holds the route's
 * pattern. Signed out: after about 0.5 s with a spinner, the login page. Signed in but not
 * allowed: `forbidden` (it says so; it must not look like a sign-out). Roles are never decided
 * here. A user who must accept the terms is sent to the terms page first.
 */
export function StaffGuard({ routes, forbidden }: { routes: GuardedRoute[]; forbidden: ReactNode }) {
  const location = useLocation();
  const { data: session, isLoading, isFetching, isError, refetch } = useStaffSessionQuery();
  const match = matchRoutes(routes, location)?.[0]?.route;
  const allowed =
    !!session && !!match && (match.byRoutes ? routeAllowed(session.routes, match.path) : true);
  const mustApprove = !!session?.mustApproveTerms && match?.path !== paths.staffTerms;
  // A page that sends this role elsewhere (Transportadora: /dashboard -> /pedidos).
  const redirect = !allowed && match ? routeRedirect(session, match.path) : null;
  const refused = !allowed && !redirect && !isLoading && !isFetching && !isError;
  const [expiredFor, setExpiredFor] = useState<string | null>(null);

  useEffect(() => {
    if (!refused) return;
    const key = location.key;
    const t = setTimeout(() => setExpiredFor(key), GUARD_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [refused, location.key]);

  if (allowed) {
    if (mustApprove && session.company) {
      if (isFetching) return <Spinner />;
      return <Navigate to={staffTermsPath(session.company.id, session.id)} replace />;
    }
    return <Outlet />;
  }
  if (redirect) return <Navigate to={redirect} replace />;
  if (isError && !session) {
    return (
      <div className="patio-fatal" role="alert">
        <p>{msg.connectionError}</p>
        <button type="button" onClick={() => void refetch()}>
          {msg.retry}
        </button>
      </div>
    );
  }
  if (refused && session) return forbidden;
  if (refused && expiredFor === location.key) {
    return <Navigate to={loginPageFor(match?.path)} replace state={{ from: location.pathname + location.search }} />;
  }
  return <Spinner />;
}
