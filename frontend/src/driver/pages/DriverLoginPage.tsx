import { Navigate } from 'react-router';
import { paths } from '../../app/paths';
import { Spinner } from '../../shared/ui/Spinner';
import { useDriverSessionQuery } from '../api';
import { DriverLoginScreen } from '../components/DriverLoginScreen';

/** /app/login; a driver already signed in goes to the home page (the guard there handles terms). */
export default function DriverLoginPage() {
  const { data: session, isLoading } = useDriverSessionQuery();
  if (isLoading) return <Spinner />;
  if (session) return <Navigate to={paths.driverHome} replace />;
  return <DriverLoginScreen />;
}
