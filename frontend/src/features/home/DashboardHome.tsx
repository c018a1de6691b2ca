import { LandingPage } from './LandingPage';
import { msg } from '../../shared/messages';

/** /dashboard (Administrador, Usuario). */
export default function DashboardHome() {
  return <LandingPage note={msg.landingDashboard} />;
}
