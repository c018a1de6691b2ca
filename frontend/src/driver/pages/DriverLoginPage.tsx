import { DriverLoginScreen } from '../components/DriverLoginScreen';

/** /app/login */
export default function DriverLoginPage() {
  return <DriverLoginScreen />;
}
