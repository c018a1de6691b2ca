import { useEffect, useRef, useState } from 'react';
import { api } from '../../app/api';
import { paths } from '../../app/paths';
import { useAppDispatch } from '../../app/store';
import { useSaveTermsAuthorizationMutation } from '../../features/auth/api';
import { useCompanyTermQuery } from '../../features/company/api';
import { readApiError } from '../../shared/apiError';
import { formatDate } from '../../shared/formatters';
import { birthDateToIso, maskCpf, maskDate } from '../../shared/masks';
import { Spinner } from '../../shared/ui/Spinner';
import { useDriverLogoutMutation, useDriverSessionQuery } from '../api';
import { DELETE_REDIRECT_MS, dm } from '../messages';
import { driverPaths, editTruckPath } from '../paths';
import { useDriverProfileQuery, useUnbindTruckMutation } from '../profileApi';
import {
  useCompanySettingsQuery,
  useDeleteAccountMutation,
  useDriverPositionQuery,
  useDriverTrucksQuery,
  useHasDriverQuery,
} from '../queueApi';
import { insideLeaveWindow } from '../queueLogic';
import { useDriverGoTo } from '../session';
import { DriverShell } from '../ui/DriverShell';
import { ConfirmFooter, Modal } from '../ui/Modal';
import { toast } from '../ui/toast';
import type { Schema } from '../../shared/api/types';

type Channels = Schema<'AuthorizationView'>;

/**
 * /app/edit: 'Editar Perfil' (spec 3 section 2): name, CPF, birth date and CNH read-only; the
 * SMS, WhatsApp and e-mail authorisations; the trucks with edit and unbind; 'Novo Caminhão';
 * 'Deletar Conta' with the CPF and birth date typed again. Changes are blocked while the
 * driver's forecast is within the company's window (360 minutes by default), and the account
 * cannot go while the driver is in the queue.
 */
export default function DriverEditPage() {
  const { data: session } = useDriverSessionQuery();
  const goTo = useDriverGoTo();
  const dispatch = useAppDispatch();
  const skip = { skip: !session };
  const has = useHasDriverQuery(session?.id ?? 0, skip);
  const position = useDriverPositionQuery(session?.id ?? 0, skip);
  const settings = useCompanySettingsQuery(session?.company.id ?? 0, skip);
  const [logout] = useDriverLogoutMutation();
  const [toUnbind, setToUnbind] = useState<TruckToUnbind | null>(null);
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const [now] = useState(() => Date.now());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  if (!session) return null;
  const inQueue = !!has.data?.hasDriver;
  const hours = settings.data?.queue_edit_hours_limit ?? 6;
  const blocked = inQueue && insideLeaveWindow(position.data?.forecast, now, hours);

  /** The account is gone: sign out and go home after a moment. */
  function deleted() {
    setDone(true);
    setOpen(false);
    toast.success(dm.deleted);
    timer.current = setTimeout(() => {
      void logout()
        .unwrap()
        .catch(() => undefined)
        .finally(() => {
          goTo(paths.driverHome, { replace: true });
          dispatch(api.util.resetApiState());
        });
    }, DELETE_REDIRECT_MS);
  }

  return (
    <DriverShell>
      <ProfileCard session={session} blocked={blocked} hours={hours} />
      <TrucksCard driverId={session.id} blocked={blocked} onUnbind={setToUnbind} />
      <div className="d-stack">
        {inQueue && (
          <p className="d-notice" role="status">
            {dm.deleteInQueue}
          </p>
        )}
        <button type="button" className="d-btn d-btn-danger" disabled={inQueue || done} onClick={() => setOpen(true)}>
          {dm.deleteAccount}
        </button>
        <button type="button" className="d-btn d-btn-secondary" onClick={() => goTo(driverPaths.home)}>
          {dm.back}
        </button>
      </div>
      {toUnbind && <UnbindModal truck={toUnbind} onClose={() => setToUnbind(null)} />}
      {open && <DeleteAccountModal driverId={session.id} done={done} onDeleted={deleted} onClose={() => setOpen(false)} />}
    </DriverShell>
  );
}

type Session = NonNullable<ReturnType<typeof useDriverSessionQuery>['data']>;
type TruckToUnbind = { id: number; plate: string };

/** The read-only identity and the SMS, WhatsApp and e-mail authorisations with 'Salvar'. */
function ProfileCard({ session, blocked, hours }: { session: Session; blocked: boolean; hours: number }) {
  const profile = useDriverProfileQuery();
  const term = useCompanyTermQuery(session.company.id);
  const [saveAuth, savingAuth] = useSaveTermsAuthorizationMutation();
  const [channels, setChannels] = useState<Channels | null>(null);
  const p = profile.data;
  const stored: Channels = {
    hasSMS: p?.authorization[0]?.hasSMS ?? false,
    hasWhats: p?.authorization[0]?.hasWhats ?? false,
    hasEmail: p?.authorization[0]?.hasEmail ?? false,
  };
  const shown = channels ?? stored;

  async function saveChannels() {
    if (!term.data || savingAuth.isLoading) return;
    const c = p?.contact[0];
    try {
      await saveAuth({
        ...shown,
        user: null,
        driver: { id: session.id },
        useTerm: { id: term.data.id, updatedAt: term.data.updatedAt },
        contact: [{ name: c?.name ?? session.name, fone: c?.fone ?? '', email: c?.email ?? '' }],
      }).unwrap();
      toast.success(dm.saved);
      void profile.refetch();
    } catch (err) {
      const e = readApiError(err);
      toast.error(Object.values(e.fields)[0] ?? e.message);
    }
  }

  const readOnly = (id: string, label: string, value: string) => (
    <div className="d-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} value={value} readOnly />
    </div>
  );

  return (
    <section className="d-card" aria-labelledby="d-edit-title">
      <h1 id="d-edit-title">{dm.editProfile}</h1>
      {profile.isLoading ? (
        <Spinner />
      ) : (
        <>
          {readOnly('edit-name', dm.name, p?.name ?? session.name)}
          {readOnly('edit-cpf', dm.cpf, maskCpf(p?.cpf ?? session.cpf))}
          {readOnly('edit-birth', dm.birthDate, formatDate(p?.birthDate))}
          {readOnly('edit-cnh', dm.cnh, p?.cnh ?? '')}
        </>
      )}
      {blocked && (
        <p className="d-notice" role="status">
          {dm.blockedEdit(hours)}
        </p>
      )}
      <fieldset className="d-fieldset" disabled={blocked || !term.data}>
        <legend>{dm.authorisations}</legend>
        {(
          [
            ['hasSMS', dm.sms],
            ['hasWhats', dm.whatsapp],
            ['hasEmail', dm.emailChannel],
          ] as const
        ).map(([key, label]) => (
          <label key={key} className="d-check">
            <input
              type="checkbox"
              checked={shown[key]}
              onChange={(e) => setChannels({ ...shown, [key]: e.target.checked })}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {!term.isLoading && !term.data && <p className="d-muted">{dm.noTerm}</p>}
      <button
        type="button"
        className="d-btn"
        disabled={blocked || !term.data || savingAuth.isLoading}
        aria-busy={savingAuth.isLoading || undefined}
        onClick={() => void saveChannels()}
      >
        {dm.save}
      </button>
    </section>
  );
}

/** The driver's trucks with 'Editar' and 'Desvincular', and 'Novo Caminhão'. */
function TrucksCard({
  driverId,
  blocked,
  onUnbind,
}: {
  driverId: number;
  blocked: boolean;
  onUnbind: (t: TruckToUnbind) => void;
}) {
  const goTo = useDriverGoTo();
  const trucks = useDriverTrucksQuery(driverId);
  return (
    <section className="d-card" aria-labelledby="d-trucks-title">
      <h2 id="d-trucks-title">{dm.trucks}</h2>
      {trucks.isLoading ? (
        <Spinner />
      ) : (trucks.data ?? []).length === 0 ? (
        <p>{dm.noTruck}</p>
      ) : (
        <table className="d-table">
          <thead>
            <tr>
              <th scope="col">{dm.plate}</th>
              <th scope="col">{dm.renavam}</th>
              <th scope="col">{dm.actions}</th>
            </tr>
          </thead>
          <tbody>
            {(trucks.data ?? []).map((t) => (
              <tr key={t.id}>
                <td>{t.licensePlate.replace('-', '')}</td>
                <td>{t.renavam ?? ''}</td>
                <td>
                  <div className="d-row-actions">
                    <button
                      type="button"
                      className="d-btn-small"
                      disabled={blocked}
                      aria-label={`${dm.edit} ${t.licensePlate}`}
                      onClick={() => goTo(editTruckPath(t.id))}
                    >
                      {dm.edit}
                    </button>
                    <button
                      type="button"
                      className="d-btn-small"
                      disabled={blocked}
                      aria-label={`${dm.unbind} ${t.licensePlate}`}
                      onClick={() => onUnbind({ id: t.id, plate: t.licensePlate })}
                    >
                      {dm.unbind}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button
        type="button"
        className="d-btn d-btn-link"
        style={{ marginTop: 12 }}
        disabled={blocked}
        onClick={() => goTo(driverPaths.createTruck)}
      >
        {dm.newTruck}
      </button>
    </section>
  );
}

/** 'Desvincular' a truck, after the confirmation. */
function UnbindModal({ truck, onClose }: { truck: TruckToUnbind; onClose: () => void }) {
  const [unbind, unbinding] = useUnbindTruckMutation();

  async function confirmUnbind() {
    if (unbinding.isLoading) return;
    try {
      await unbind(truck.id).unwrap();
      toast.success(dm.unbound);
    } catch (err) {
      const e = readApiError(err);
      toast.error(e.statusCode === 409 ? e.message : dm.unbindError(e.statusCode));
    }
    onClose();
  }

  return (
    <Modal
      title={dm.unbind}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="d-btn d-btn-secondary" onClick={onClose}>
            {dm.cancel}
          </button>
          <button type="button" className="d-btn d-btn-danger" disabled={unbinding.isLoading} onClick={() => void confirmUnbind()}>
            {dm.unbind}
          </button>
        </>
      }
    >
      <p>{dm.unbindConfirm(truck.plate)}</p>
    </Modal>
  );
}

/** 'Deletar Conta': the CPF and birth date typed again. */
function DeleteAccountModal({
  driverId,
  done,
  onDeleted,
  onClose,
}: {
  driverId: number;
  done: boolean;
  onDeleted: () => void;
  onClose: () => void;
}) {
  const [remove, removing] = useDeleteAccountMutation();
  const [cpf, setCpf] = useState('');
  const [birth, setBirth] = useState('');

  async function confirmDelete() {
    if (removing.isLoading || done) return;
    try {
      await remove({ id: driverId, cpf, birthDate: birthDateToIso(birth) || birth }).unwrap();
      onDeleted();
    } catch (err) {
      const e = readApiError(err);
      toast.error(e.statusCode === 409 || e.statusCode === 422 ? (Object.values(e.fields)[0] ?? e.message) : dm.deleteError);
    }
  }

  return (
    <Modal
      title={dm.deleteTitle}
      onClose={onClose}
      footer={
        <ConfirmFooter
          label={dm.deleteButton}
          busy={removing.isLoading}
          disabled={removing.isLoading || cpf.length < 14 || birth.length < 10}
          onCancel={onClose}
          onConfirm={() => void confirmDelete()}
        />
      }
    >
      <p>{dm.deleteHint}</p>
      <div className="d-field">
        <label htmlFor="del-cpf">{dm.cpf}</label>
        <input id="del-cpf" inputMode="numeric" value={cpf} onChange={(e) => setCpf(maskCpf(e.target.value))} />
      </div>
      <div className="d-field">
        <label htmlFor="del-birth">{dm.birthDate}</label>
        <input
          id="del-birth"
          inputMode="numeric"
          placeholder="dd/mm/aaaa"
          value={birth}
          onChange={(e) => setBirth(maskDate(e.target.value))}
        />
      </div>
    </Modal>
  );
}
