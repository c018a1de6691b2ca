import { MobileLayout } from '../../app/layouts/MobileLayout';
import { firstName } from '../../shared/formatters';
import { msg } from '../../shared/messages';
import { useDriverSessionQuery } from '../api';
import { useDriverLogout } from '../session';

/** / : the driver home. For now the greeting and 'Sair'; queue actions come with their issues. */
export default function DriverHomePage() {
  const { data: session } = useDriverSessionQuery();
  const logout = useDriverLogout();
  if (!session) return null;
  return (
    <MobileLayout
      logo={session.company.logo}
      companyName={session.company.name}
      actions={
        <button type="button" className="d-btn-header" onClick={() => void logout()}>
          {msg.logout}
        </button>
      }
    >
      <section className="d-card">
        <h1>{msg.hello(firstName(session.name))}</h1>
        <p className="d-muted">{msg.driverGreetingCompany(session.company.name)}</p>
      </section>
    </MobileLayout>
  );
}
