import { lazy, Suspense, useRef, useState } from 'react';
import { MobileLayout } from '../../app/layouts/MobileLayout';
import { driverTermsPath, paths } from '../../app/paths';
import { useAppDispatch } from '../../app/store';
import {
  currentHost,
  useCompanyByHostQuery,
  usePublicCompaniesQuery,
} from '../../features/company/api';
import { readApiError } from '../../shared/apiError';
import { companyChoiceLabel } from '../../shared/formatters';
import { birthDateToIso, onlyDigits } from '../../shared/masks';
import { msg } from '../../shared/messages';
import { Recaptcha, type RecaptchaHandle } from '../../shared/recaptcha';
import { CookieConsent } from '../../shared/ui/CookieConsent';
import { Spinner } from '../../shared/ui/Spinner';
import {
  useDriverLoginMutation,
  useTransferDriverMutation,
  type DriverLoginRequest,
  type DriverLoginResponse,
} from '../api';
import { registerPath } from '../paths';
import { rm } from '../registration';
import { refreshDriverSession, rememberCompany, rememberedCompany, useDriverGoTo } from '../session';
import { generateTransferCode, readTransferConflict, transferCodeMatches, type TransferConflict } from '../transfer';
import { toast } from '../ui/toast';
import { AttendanceBox } from './AttendanceBox';
import { DriverLoginForm, type DriverCredentials } from './DriverLoginForm';
import { PrivacyLink } from './PrivacyLink';

/** Only a driver of another company's queue needs it: not on the sign-in's first load. */
const TransferModal = lazy(() =>
  import(/* webpackChunkName: "driver-transfer" */ './TransferModal').then((m) => ({ default: m.TransferModal })),
);

interface PendingTransfer {
  conflict: TransferConflict;
  code: number;
  request: DriverLoginRequest;
}

/**
 * The driver login (/app/login and /driver-login/:token): company of the host (or a chooser),
 * attendance status, CPF and birth date, and the company-transfer confirmation.
 */
export function DriverLoginScreen({
  initialCpf,
  initialBirthDate,
  linkCompanyId,
  notice,
}: {
  initialCpf?: string;
  initialBirthDate?: string;
  /** The company a sign-in link was issued for. */
  linkCompanyId?: number;
  notice?: string;
}) {
  const dispatch = useAppDispatch();
  const goTo = useDriverGoTo();
  const hostQ = useCompanyByHostQuery(currentHost());
  const hostCompany = hostQ.data ?? null;
  const needsChooser = hostQ.isSuccess && hostQ.data === null && linkCompanyId === undefined;
  const companiesQ = usePublicCompaniesQuery(undefined, { skip: !needsChooser });
  const [chosen, setChosen] = useState<number | null>(() => rememberedCompany());
  const [companyError, setCompanyError] = useState<string | undefined>();
  const [captcha, setCaptcha] = useState('');
  const captchaRef = useRef<RecaptchaHandle>(null);
  const [transfer, setTransfer] = useState<PendingTransfer | null>(null);
  const [driverLogin, loginState] = useDriverLoginMutation();
  const [transferDriver, transferState] = useTransferDriverMutation();

  const companies = companiesQ.data ?? [];
  const chosenCompany = companies.find((c) => c.id === chosen) ?? null;
  const companyId: number | null = linkCompanyId ?? hostCompany?.id ?? chosenCompany?.id ?? null;
  const header = hostCompany ?? chosenCompany;
  const captchaSite = hostCompany?.enableRecaptcha && hostCompany.recaptchaSite ? hostCompany.recaptchaSite : null;
  const busy = loginState.isLoading || transferState.isLoading;

  async function finishLogin(res: DriverLoginResponse, chosenId: number): Promise<void> {
    if (needsChooser) rememberCompany(chosenId);
    await refreshDriverSession(dispatch);
    goTo(res.mustApproveTerms ? driverTermsPath(res.company.id, res.id) : paths.driverHome, { replace: true });
  }

  async function attempt(request: DriverLoginRequest): Promise<void> {
    try {
      const res = await driverLogin(request).unwrap();
      await finishLogin(res, request.company.id);
    } catch (e) {
      const err = readApiError(e);
      captchaRef.current?.reset();
      setCaptcha('');
      if (err.statusCode === 406 || err.code === 'transfer_conflict') {
        const conflict = readTransferConflict(err.body);
        if (conflict) {
          setTransfer({ conflict, code: generateTransferCode(), request });
          return;
        }
      }
      toast.error(err.statusCode === 422 ? (Object.values(err.fields)[0] ?? err.message) : err.message);
    }
  }

  function submit(values: DriverCredentials) {
    if (companyId === null) {
      setCompanyError(msg.companyRequired);
      return;
    }
    if (captchaSite && !captcha) {
      toast.error(msg.captchaRequired);
      return;
    }
    void attempt({
      cpf: onlyDigits(values.cpf),
      company: { id: companyId },
      birthDate: birthDateToIso(values.birthDate),
      recaptcha_token: captcha,
    });
  }

  async function confirmTransfer(typed: string) {
    if (!transfer) return;
    if (!transferCodeMatches(transfer.code, typed)) {
      toast.error(msg.transferTokenInvalid);
      return;
    }
    let login;
    try {
      ({ login } = await transferDriver({
        override: true,
        id: transfer.conflict.driver.id,
        company: { id: transfer.request.company.id },
        transferToken: transfer.conflict.transferToken,
      }).unwrap());
    } catch {
      toast.error(msg.invalidCredentials);
      return;
    }
    const { request } = transfer;
    setTransfer(null);
    if (login) {
      // Signed in by the transfer itself: a captcha token cannot be used twice.
      await finishLogin(login, request.company.id);
    } else {
      await attempt(request);
    }
  }

  let body;
  if (hostQ.isLoading) {
    body = <Spinner />;
  } else if (hostQ.isError) {
    body = (
      <div className="d-card" role="alert">
        <p>{msg.connectionError}</p>
        <button type="button" className="d-btn" onClick={() => void hostQ.refetch()}>
          {msg.retry}
        </button>
      </div>
    );
  } else {
    body = (
      <>
        {needsChooser && (
          <div className="d-card">
            <div className="d-field">
              <label htmlFor="driver-company">{msg.company}</label>
              <select
                id="driver-company"
                value={chosenCompany?.id ?? ''}
                aria-invalid={companyError ? true : undefined}
                aria-describedby={companyError ? 'driver-company-error' : undefined}
                onChange={(e) => {
                  setChosen(e.target.value ? Number(e.target.value) : null);
                  setCompanyError(undefined);
                }}
              >
                <option value="">{companiesQ.isLoading ? msg.loading : msg.chooseCompany}</option>
                {companies.map((c) => (
                  <option key={c.id} value={c.id}>
                    {companyChoiceLabel(c.name)}
                  </option>
                ))}
              </select>
              {companyError && (
                <p id="driver-company-error" className="d-field-error" role="alert">
                  {companyError}
                </p>
              )}
            </div>
          </div>
        )}
        {companyId !== null && <AttendanceBox companyId={companyId} />}
        <div className="d-card">
          <h1>{msg.driverLoginTitle}</h1>
          <DriverLoginForm
            initialCpf={initialCpf}
            initialBirthDate={initialBirthDate}
            submitting={busy}
            onSubmit={submit}
            beforeSubmit={
              captchaSite ? <Recaptcha ref={captchaRef} siteKey={captchaSite} onToken={setCaptcha} /> : null
            }
          />
        </div>
        {companyId !== null && (
          <button type="button" className="d-link" onClick={() => goTo(registerPath(companyId))}>
            {rm.signUpLink}
          </button>
        )}
        <PrivacyLink companyId={companyId} />
      </>
    );
  }

  return (
    <MobileLayout logo={header?.logo} companyName={header?.name}>
      {notice && (
        <p className="d-notice" role="alert">
          {notice}
        </p>
      )}
      {body}
      {transfer && (
        <Suspense fallback={null}>
          <TransferModal
            key={transfer.code}
            conflict={transfer.conflict}
            code={transfer.code}
            busy={busy}
            onConfirm={(typed) => void confirmTransfer(typed)}
            onNo={() => window.location.reload()}
          />
        </Suspense>
      )}
      <CookieConsent />
    </MobileLayout>
  );
}
