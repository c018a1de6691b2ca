import { Link } from 'react-router';
import { MobileLayout } from '../../app/layouts/MobileLayout';
import { paths } from '../../app/paths';
import { msg } from '../../shared/messages';

export function DriverNotFound() {
  return (
    <MobileLayout>
      <section className="d-card">
        <h1>{msg.notFoundTitle}</h1>
        <Link to={paths.driverHome}>{msg.notFoundBack}</Link>
      </section>
    </MobileLayout>
  );
}
