import { useEffect, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { MobileLayout } from '../../app/layouts/MobileLayout';
import { paths } from '../../app/paths';
import { useAppDispatch } from '../../app/store';
import { currentHost, useCompanyByHostQuery } from '../../features/company/api';
import { readApiError } from '../../shared/apiError';
import { maskCpf, maskDate, maskPhone } from '../../shared/masks';
import { msg } from '../../shared/messages';
import { Recaptcha, type RecaptchaHandle } from '../../shared/recaptcha';
import {
  checkPersonal,
  checkTruck,
  emptyPersonal,
  emptyTruck,
  maskCnh,
  normalizePlate,
  REGISTER_REDIRECT_MS,
  registerBody,
  registrationCaptchaSite,
  rm,
  stepOfField,
  truckBody,
  type Errors,
  type PersonalStep,
  type TruckStep,
} from '../registration';
import {
  useLazyIsTruckQuery,
  useRebindTruckMutation,
  useRegisterDriverMutation,
  useRegistrationBrandsQuery,
  useRegistrationModelsQuery,
} from '../registrationApi';
import { refreshDriverSession, useDriverGoTo } from '../session';
import { Modal } from '../ui/Modal';
import { TruckFields } from '../components/TruckFields';
import { clearToasts, toast } from '../ui/toast';

const DRAFT_KEY = 'patio.driverRegistration';

interface Draft {
  step: number;
  personal: PersonalStep;
  truck: TruckStep;
  /** The driver saved by an earlier 'Concluir' whose truck failed: a retry sends the truck only. */
  driverId: number | null;
}

/** What the driver typed survives a reload or a lost signal (the session storage of the tab). */
function loadDraft(companyId: number): Draft {
  try {
    const raw = sessionStorage.getItem(`${DRAFT_KEY}.${companyId}`);
    if (raw) return JSON.parse(raw) as Draft;
  } catch {
    // no storage: start empty
  }
  return { step: 0, personal: emptyPersonal, truck: emptyTruck, driverId: null };
}

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="d-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <p id={`${id}-error`} className="d-field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function inputProps(id: string, error?: string): InputHTMLAttributes<HTMLInputElement> {
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined };
}

/**
 * /app/driver/novo/:companyId: the registration wizard (spec 3 sections 2, 5 and 8): 0
 * personal data, 1 truck, 2 review; 'Concluir' saves the driver (which signs it in), then its
 * truck. A refusal returns to the step of the failing field. When the company asks for
 * reCAPTCHA, the review step shows it and 'Concluir' sends its token.
 */
export default function DriverRegisterPage() {
  const params = useParams();
  const companyId = Number(params.companyId);
  const goTo = useDriverGoTo();
  const dispatch = useAppDispatch();
  const [draft, setDraft] = useState<Draft>(() => loadDraft(companyId));
  const [errors, setErrors] = useState<Errors>({});
  const [isTruck, setIsTruck] = useState<boolean | null>(null);
  const [notTruckOpen, setNotTruckOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const brands = useRegistrationBrandsQuery();
  const models = useRegistrationModelsQuery(Number(draft.truck.brandId), { skip: !draft.truck.brandId });
  const [checkPlate] = useLazyIsTruckQuery();
  const [register] = useRegisterDriverMutation();
  const [rebind] = useRebindTruckMutation();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const host = useCompanyByHostQuery(currentHost());
  const captchaSite = registrationCaptchaSite(host.data, companyId);
  const [captcha, setCaptcha] = useState('');
  const captchaRef = useRef<RecaptchaHandle>(null);
  const { step, personal, truck } = draft;

  useEffect(() => {
    try {
      sessionStorage.setItem(`${DRAFT_KEY}.${companyId}`, JSON.stringify(draft));
    } catch {
      // no storage
    }
  }, [draft, companyId]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const setPersonal = (patch: Partial<PersonalStep>) => setDraft((d) => ({ ...d, personal: { ...d.personal, ...patch } }));
  const setTruck = (patch: Partial<TruckStep>) => setDraft((d) => ({ ...d, truck: { ...d.truck, ...patch } }));
  const goStep = (n: number) => setDraft((d) => ({ ...d, step: n }));

  async function onPlate(value: string) {
    const plate = normalizePlate(value);
    setTruck({ licensePlate: plate });
    if (plate.length < 7) {
      setIsTruck(null);
      return;
    }
    try {
      const res = await checkPlate(plate).unwrap();
      setIsTruck(res.isTruck);
      if (!res.isTruck) setNotTruckOpen(true);
    } catch (err) {
      toast.error(`Erro: ${readApiError(err).message}`);
    }
  }

  function next() {
    const found = step === 0 ? checkPersonal(personal) : checkTruck(truck, isTruck);
    setErrors(found);
    if (Object.keys(found).length === 0) goStep(step + 1);
  }

  function refusal(err: unknown, fallbackStep: 0 | 1) {
    const e = readApiError(err);
    const entries = Object.entries(e.fields);
    if (e.statusCode === 422 && entries.length > 0) {
      setErrors(Object.fromEntries(entries.map(([k, v]) => [k === 'vehicleModel' ? 'modelId' : k, v])));
      goStep(stepOfField(entries[0][0]));
      toast.error(`${rm.errorPrefix}${entries[0][1]}`);
      return;
    }
    goStep(fallbackStep);
    toast.error(e.code === 'duplicate' && fallbackStep === 0 ? rm.duplicate : `${rm.errorPrefix}${e.message}`);
  }

  async function finish() {
    if (busy || done) return;
    let driverId = draft.driverId;
    if (driverId === null && captchaSite && !captcha) {
      toast.error(msg.captchaRequired);
      return;
    }
    setBusy(true);
    try {
      if (driverId === null) {
        try {
          const res = await register(registerBody(personal, companyId, captcha)).unwrap();
          driverId = res.id;
          setDraft((d) => ({ ...d, driverId: res.id }));
        } catch (err) {
          // A token is good for one try.
          captchaRef.current?.reset();
          setCaptcha('');
          if (readApiError(err).code === 'captcha') {
            toast.error(readApiError(err).message);
            return;
          }
          refusal(err, 0);
          return;
        }
      }
      try {
        await rebind(truckBody(truck, personal.name)).unwrap();
      } catch (err) {
        refusal(err, 1);
        return;
      }
      setDone(true);
      clearToasts();
      toast.success(rm.registered);
      try {
        sessionStorage.removeItem(`${DRAFT_KEY}.${companyId}`);
      } catch {
        // no storage
      }
      await refreshDriverSession(dispatch);
      timer.current = setTimeout(() => goTo(paths.driverHome, { replace: true }), REGISTER_REDIRECT_MS);
    } finally {
      setBusy(false);
    }
  }

  const brandName = brands.data?.find((b) => String(b.id) === truck.brandId)?.name ?? '';
  const modelName = models.data?.find((m) => String(m.id) === truck.modelId)?.name ?? '';

  return (
    <MobileLayout>
      <section className="d-card" aria-labelledby="reg-title">
        <h1 id="reg-title">{rm.title}</h1>
        <p className="d-muted">
          {rm.stepOf(step + 1, 3)}: {rm.steps[step]}
        </p>
      </section>
      {step === 0 && <PersonalStepCard personal={personal} errors={errors} onChange={setPersonal} />}
      {step === 1 && (
        <section className="d-card" aria-label={rm.steps[1]}>
          <TruckFields truck={truck} errors={errors} onChange={setTruck} onPlate={(v) => void onPlate(v)} />
        </section>
      )}
      {step === 2 && (
        <ReviewStep personal={personal} truck={truck} brandName={brandName} modelName={modelName}>
          {captchaSite && draft.driverId === null && (
            <Recaptcha ref={captchaRef} siteKey={captchaSite} onToken={setCaptcha} />
          )}
        </ReviewStep>
      )}
      <div className="d-row">
        <button
          type="button"
          className="d-btn d-btn-secondary"
          disabled={busy || done}
          onClick={() => (step === 0 ? goTo(paths.driverLogin) : goStep(step - 1))}
        >
          {rm.back}
        </button>
        {step < 2 ? (
          <button type="button" className="d-btn" onClick={next}>
            {rm.next}
          </button>
        ) : (
          <button
            type="button"
            className="d-btn"
            disabled={busy || done}
            aria-busy={busy || undefined}
            onClick={() => void finish()}
          >
            {rm.finish}
          </button>
        )}
      </div>
      {notTruckOpen && <NotTruckModal onClose={() => setNotTruckOpen(false)} />}
    </MobileLayout>
  );
}

/** Step 0: name, CPF, CNH, birth date, phone and e-mail. */
function PersonalStepCard({
  personal,
  errors,
  onChange,
}: {
  personal: PersonalStep;
  errors: Errors;
  onChange: (patch: Partial<PersonalStep>) => void;
}) {
  return (
    <section className="d-card" aria-label={rm.steps[0]}>
      <Field id="reg-name" label={rm.name} error={errors.name}>
        <input
          {...inputProps('reg-name', errors.name)}
          autoComplete="name"
          maxLength={80}
          value={personal.name}
          onChange={(e) => onChange({ name: e.target.value })}
        />
      </Field>
      <Field id="reg-cpf" label={rm.cpf} error={errors.cpf}>
        <input
          {...inputProps('reg-cpf', errors.cpf)}
          inputMode="numeric"
          placeholder="000.000.000-00"
          value={personal.cpf}
          onChange={(e) => onChange({ cpf: maskCpf(e.target.value) })}
        />
      </Field>
      <Field id="reg-cnh" label={rm.cnh} error={errors.cnh}>
        <input
          {...inputProps('reg-cnh', errors.cnh)}
          inputMode="numeric"
          value={personal.cnh}
          onChange={(e) => onChange({ cnh: maskCnh(e.target.value) })}
        />
      </Field>
      <Field id="reg-birth" label={rm.birthDate} error={errors.birthDate}>
        <input
          {...inputProps('reg-birth', errors.birthDate)}
          inputMode="numeric"
          placeholder="dd/mm/aaaa"
          value={personal.birthDate}
          onChange={(e) => onChange({ birthDate: maskDate(e.target.value) })}
        />
      </Field>
      <Field id="reg-phone" label={rm.phone} error={errors.fone}>
        <input
          {...inputProps('reg-phone', errors.fone)}
          inputMode="tel"
          autoComplete="tel"
          placeholder="(00) 0 0000-0000"
          value={personal.fone}
          onChange={(e) => onChange({ fone: maskPhone(e.target.value) })}
        />
      </Field>
      <Field id="reg-email" label={rm.email} error={errors.email}>
        <input
          {...inputProps('reg-email', errors.email)}
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={50}
          value={personal.email}
          onChange={(e) => onChange({ email: e.target.value })}
        />
      </Field>
    </section>
  );
}

/** Step 2: what will be saved, and the reCAPTCHA when the company asks for it (`children`). */
function ReviewStep({
  personal,
  truck,
  brandName,
  modelName,
  children,
}: {
  personal: PersonalStep;
  truck: TruckStep;
  brandName: string;
  modelName: string;
  children: ReactNode;
}) {
  return (
    <section className="d-card" aria-label={rm.steps[2]}>
      <dl className="d-facts">
        <dt>{rm.name}</dt>
        <dd>{personal.name.toLocaleUpperCase('pt-BR')}</dd>
        <dt>{rm.cpf}</dt>
        <dd>{personal.cpf}</dd>
        <dt>{rm.birthDate}</dt>
        <dd>{personal.birthDate}</dd>
        <dt>{rm.plate}</dt>
        <dd>{truck.licensePlate}</dd>
        <dt>{rm.model}</dt>
        <dd>
          {brandName} {modelName}
        </dd>
        <dt>{rm.implementType}</dt>
        <dd>{truck.implementType}</dd>
      </dl>
      {children}
    </section>
  );
}

/** The plate is not a truck's: where to learn more. */
function NotTruckModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal title={rm.plate} onClose={onClose}>
      <p>{rm.notTruck}</p>
      <a
        className="d-link"
        href="https://www.gov.br/transportes/pt-br/assuntos/transito/senatran"
        target="_blank"
        rel="noreferrer"
      >
        {rm.learnMore}
      </a>
    </Modal>
  );
}
