import { useEffect, useRef, useState } from 'react';
import { api } from '../../app/api';
import { useAppDispatch } from '../../app/store';
import { paths } from '../../app/paths';
import { readApiError } from '../../shared/apiError';
import { birthDateToIso, maskCpf, maskDate } from '../../shared/masks';
import { Spinner } from '../../shared/ui/Spinner';
import { useDriverLogoutMutation, useDriverSessionQuery } from '../api';
import { DELETE_REDIRECT_MS, dm } from '../messages';
import { driverPaths } from '../paths';
import { useDeleteAccountMutation, useDriverTrucksQuery, useHasDriverQuery } from '../queueApi';
import { useDriverGoTo } from '../session';
import { DriverShell } from '../ui/DriverShell';
import { Modal } from '../ui/Modal';
import { toast } from '../ui/toast';

/**
 * /app/edit (first part): the read-only identity, the driver's trucks and 'Deletar Conta' with
 * the CPF and birth date typed again; a driver in the queue must leave it first. Contact
 * authorisations, truck edit and unbind and 'Novo Caminhão' are still to come.
 */
export default function DriverEditPage() {
  const { data: session } = useDriverSessionQuery();
  const goTo = useDriverGoTo();
  const dispatch = useAppDispatch();
  const trucks = useDriverTrucksQuery(session?.id ?? 0, { skip: !session });
  const has = useHasDriverQuery(session?.id ?? 0, { skip: !session });
  const [remove, removing] = useDeleteAccountMutation();
  const [logout] = useDriverLogoutMutation();
  const [open, setOpen] = useState(false);
  const [cpf, setCpf] = useState('');
  const [birth, setBirth] = useState('');
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  if (!session) return null;
  const inQueue = !!has.data?.hasDriver;

  async function confirmDelete() {
    if (!session || removing.isLoading || done) return;
    try {
      await remove({ id: session.id, cpf, birthDate: birthDateToIso(birth) || birth }).unwrap();
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
    } catch (err) {
      const e = readApiError(err);
      toast.error(e.statusCode === 409 || e.statusCode === 422 ? (Object.values(e.fields)[0] ?? e.message) : dm.deleteError);
    }
  }

  return (
    <DriverShell>
      <section className="d-card" aria-labelledby="d-edit-title">
        <h1 id="d-edit-title">{dm.editProfile}</h1>
        <div className="d-field">
          <label htmlFor="edit-name">Nome</label>
          <input id="edit-name" value={session.name} readOnly />
        </div>
        <div className="d-field">
          <label htmlFor="edit-cpf">{dm.cpf}</label>
          <input id="edit-cpf" value={maskCpf(session.cpf)} readOnly />
        </div>
      </section>
      <section className="d-card" aria-labelledby="d-trucks-title">
        <h2 id="d-trucks-title">Caminhões</h2>
        {trucks.isLoading ? (
          <Spinner />
        ) : (trucks.data ?? []).length === 0 ? (
          <p>{dm.noTruck}</p>
        ) : (
          <table className="d-table">
            <thead>
              <tr>
                <th scope="col">{dm.plate}</th>
                <th scope="col">Renavam</th>
              </tr>
            </thead>
            <tbody>
              {(trucks.data ?? []).map((t) => (
                <tr key={t.id}>
                  <td>{t.licensePlate}</td>
                  <td>{t.renavam ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <div className="d-stack">
        {inQueue && (
          <p className="d-notice" role="status">
            {dm.deleteInQueue}
          </p>
        )}
        <button
          type="button"
          className="d-btn d-btn-danger"
          disabled={inQueue || done}
          onClick={() => {
            setCpf('');
            setBirth('');
            setOpen(true);
          }}
        >
          {dm.deleteAccount}
        </button>
        <button type="button" className="d-btn d-btn-secondary" onClick={() => goTo(driverPaths.home)}>
          {dm.back}
        </button>
      </div>
      {open && (
        <Modal
          title={dm.deleteTitle}
          onClose={() => setOpen(false)}
          footer={
            <>
              <button type="button" className="d-btn d-btn-secondary" onClick={() => setOpen(false)}>
                {dm.cancel}
              </button>
              <button
                type="button"
                className="d-btn d-btn-danger"
                disabled={removing.isLoading || cpf.length < 14 || birth.length < 10}
                aria-busy={removing.isLoading || undefined}
                onClick={() => void confirmDelete()}
              >
                {dm.deleteButton}
              </button>
            </>
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
      )}
    </DriverShell>
  );
}
