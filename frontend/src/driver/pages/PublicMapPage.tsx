import { MobileLayout } from '../../app/layouts/MobileLayout';
import { paths } from '../../app/paths';
import { currentHost, useCompanyByHostQuery } from '../../features/company/api';
import { dm } from '../messages';
import { useDriverGoTo } from '../session';
import { CompanyMap } from './DriverMapPage';

/**
 * /maps (spec 3 section 2): the public company map, no sign-in: the map embed of the company
 * served on this host (`googleMaps` in `GET /api/company/host`), as /app/como-chegar shows it.
 */
export default function PublicMapPage() {
  const host = useCompanyByHostQuery(currentHost());
  const goTo = useDriverGoTo();
  const company = host.data ?? null;
  return (
    <MobileLayout logo={company?.logo} companyName={company?.name}>
      <CompanyMap url={company?.googleMaps} companyName={company?.name ?? ''} loading={host.isLoading} />
      <button type="button" className="d-btn d-btn-secondary" onClick={() => goTo(paths.driverLogin)}>
        {dm.signIn}
      </button>
    </MobileLayout>
  );
}
