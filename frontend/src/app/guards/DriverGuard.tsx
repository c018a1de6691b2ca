import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useDriverSessionQuery } from '../../driver/api';
import { driverTermsPath, paths } from '../paths';
import { Spinner } from '../../shared/ui/Spinner';
import { msg } from '../../shared/messages';

/**
 * Driver routes need a driver session (GET /api/auth/app/session); otherwise the driver login
 * shows. A driver who still has to accept the company's terms is sent to the terms page.
 */
export function DriverGuard({ children, termsPage = false }: { children: ReactNode; termsPage?: boolean }) {
  const { data: session, isLoading, isFetching, isError, refetch } = useDriverSessionQuery();

  if (session) {
    if (session.mustApproveTerms && !termsPage) {
      // The flag may be stale right after accepting: wait for the fresh session.
      if (isFetching) return <Spinner />;
      return <Navigate to={driverTermsPath(session.company.id, session.id)} replace />;
    }
    return children;
  }
  if (isLoading || isFetching) return <Spinner />;
  if (isError) {
    return (
      <div className="patio-fatal" role="alert">
        <p>{msg.connectionError}</p>
        <button type="button" onClick={() => void refetch()}>
          {msg.retry}
        </button>
      </div>
    );
  }
  return <Navigate to={paths.driverLogin} replace />;
}
