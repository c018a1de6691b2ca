import { Spinner } from '../../shared/ui/Spinner';
import { useDriverSessionQuery } from '../api';
import { dm } from '../messages';
import { driverPaths } from '../paths';
import { useCompanySettingsQuery } from '../queueApi';
import { useDriverGoTo } from '../session';
import { DriverShell } from '../ui/DriverShell';

/** Only Google Maps embeds are framed (the app's CSP admits no other frame). */
export function mapEmbed(url: string | null | undefined): string | null {
  const u = (url ?? '').trim();
  return /^https:\/\/www\.google\.com\/maps\//.test(u) ? u : null;
}

/** The company's map card: its embed, or the no-map notice (shared by /app/como-chegar and /maps). */
export function CompanyMap({ url, companyName, loading }: { url: string | null | undefined; companyName: string; loading: boolean }) {
  const src = mapEmbed(url);
  return (
    <section className="d-card" aria-labelledby="d-map-title">
      <h1 id="d-map-title">{dm.howToArrive}</h1>
      {loading ? (
        <Spinner />
      ) : src ? (
        <iframe
          className="d-map"
          src={src}
          title={dm.mapTitle(companyName)}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
        />
      ) : (
        <p>{dm.noMap}</p>
      )}
    </section>
  );
}

/** /app/como-chegar: the company's map (its Google Maps embed setting). */
export default function DriverMapPage() {
  const { data: session } = useDriverSessionQuery();
  const goTo = useDriverGoTo();
  const settings = useCompanySettingsQuery(session?.company.id ?? 0, { skip: !session });
  if (!session) return null;
  return (
    <DriverShell>
      <CompanyMap url={settings.data?.googleMaps} companyName={session.company.name} loading={settings.isLoading} />
      <button type="button" className="d-btn d-btn-secondary" onClick={() => goTo(driverPaths.home)}>
        {dm.back}
      </button>
    </DriverShell>
  );
}
