import { useEffect, useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useParams } from 'react-router';
import { MobileLayout } from '../../app/layouts/MobileLayout';
import { paths } from '../../app/paths';
import { useSaveTermsAuthorizationMutation } from '../../features/auth/api';
import { driverAuthorization, driverContactMissing, type ContactEntry } from '../../features/auth/terms';
import { useCompanyTermQuery } from '../../features/company/api';
import { readApiError } from '../../shared/apiError';
import { formatDate } from '../../shared/formatters';
import { maskPhone } from '../../shared/masks';
import { msg, TERMS_REDIRECT_MS } from '../../shared/messages';
import { Spinner } from '../../shared/ui/Spinner';
import { TermsHtml } from '../../shared/ui/TermsHtml';
import { useDriverSessionQuery } from '../api';
import { useDriverProfileQuery } from '../profileApi';
import { useDriverGoTo, useDriverLogout } from '../session';
import { clearToasts, toast } from '../ui/toast';

/** /aprovar-termo/empresa/:companyId/:driverId (spec 3 section 2, "Terms approval"). */
export default function DriverTermsPage() {
  const params = useParams();
  const companyId = Number(params.companyId);
  const driverId = Number(params.driverId);
  const { data: session } = useDriverSessionQuery();
  const term = useCompanyTermQuery(companyId, { skip: !Number.isInteger(companyId) });
  const [save, saving] = useSaveTermsAuthorizationMutation();
  const logout = useDriverLogout();
  const goTo = useDriverGoTo();
  // What the driver typed in the registration wizard (or saved before) fills the fields until
  // they are edited here: the phone and e-mail are not asked twice (issue 22).
  const profile = useDriverProfileQuery(undefined, { skip: !session });
  const known = profile.data?.contact?.[0];
  const [edited, setEdited] = useState<Partial<ContactEntry>>({});
  const contact: ContactEntry = {
    name: edited.name ?? session?.name ?? '',
    fone: edited.fone ?? maskPhone(known?.fone ?? ''),
    email: edited.email ?? known?.email ?? '',
  };
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function accept(e: FormEvent) {
    e.preventDefault();
    if (!term.data || saving.isLoading || done) return;
    const missing = driverContactMissing(contact);
    if (missing.length > 0) {
      // The spec's text, then what is missing.
      toast.error(`${msg.termsFillAll} ${msg.termsMissingFields(missing)}`);
      return;
    }
    try {
      const res = await save(driverAuthorization(driverId, term.data, contact)).unwrap();
      setDone(true);
      // The earlier 'Preencha todos os campos!' belonged to a failed attempt.
      clearToasts();
      toast.success(msg.termsAccepted);
      timer.current = setTimeout(() => goTo(res.redirect || paths.driverHome, { replace: true }), TERMS_REDIRECT_MS);
    } catch (err) {
      const e2 = readApiError(err);
      toast.error(e2.statusCode === 422 ? (Object.values(e2.fields)[0] ?? e2.message) : e2.message);
    }
  }

  const field = (key: keyof ContactEntry, label: string, extra: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <div className="d-field">
      <label htmlFor={`terms-${key}`}>{label}</label>
      <input
        id={`terms-${key}`}
        value={contact[key]}
        onChange={(ev) =>
          setEdited((e) => ({ ...e, [key]: key === 'fone' ? maskPhone(ev.target.value) : ev.target.value }))
        }
        {...extra}
      />
    </div>
  );

  return (
    <MobileLayout logo={session?.company.logo} companyName={session?.company.name}>
      <section className="d-card">
        <h1>{msg.termsTitle}</h1>
        {term.isLoading ? (
          <Spinner />
        ) : term.data ? (
          <>
            <p className="d-muted">{msg.termsVersion(formatDate(term.data.updatedAt))}</p>
            {term.data.title && <h2>{term.data.title}</h2>}
            <TermsHtml html={term.data.content} />
          </>
        ) : (
          <>
            <p>{term.isError ? msg.connectionError : msg.termsMissing}</p>
            {!term.isError && (
              <button type="button" className="d-btn" onClick={() => goTo(paths.driverHome, { replace: true })}>
                {msg.termsContinue}
              </button>
            )}
          </>
        )}
      </section>
      {term.data && (
        <form className="d-card" onSubmit={(e) => void accept(e)} noValidate>
          <h2>{msg.termsContactTitle}</h2>
          {field('name', msg.termsName, { autoComplete: 'name', maxLength: 80 })}
          {field('fone', msg.termsPhone, { inputMode: 'tel', autoComplete: 'tel', maxLength: 16, placeholder: msg.phonePlaceholder })}
          {field('email', msg.termsEmail, { type: 'email', inputMode: 'email', autoComplete: 'email', maxLength: 50 })}
          <div className="d-row">
            <button type="button" className="d-btn d-btn-secondary" onClick={() => void logout()}>
              {msg.termsRefuse}
            </button>
            <button type="submit" className="d-btn" disabled={saving.isLoading || done} aria-busy={saving.isLoading || undefined}>
              {msg.termsAccept}
            </button>
          </div>
        </form>
      )}
    </MobileLayout>
  );
}
