import { useState } from 'react';
import { useParams } from 'react-router';
import { readApiError } from '../../shared/apiError';
import { Spinner } from '../../shared/ui/Spinner';
import { useDriverSessionQuery } from '../api';
import { TruckFields } from '../components/TruckFields';
import { dm } from '../messages';
import { driverPaths } from '../paths';
import { useDriverTruckQuery, useEditTruckMutation, type DriverProfile } from '../profileApi';
import { useDriverProfileQuery } from '../profileApi';
import { checkTruck, emptyTruck, normalizePlate, rm, truckBody, type Errors, type TruckStep } from '../registration';
import { useLazyIsTruckQuery, useRebindTruckMutation } from '../registrationApi';
import { useDriverGoTo } from '../session';
import { DriverShell } from '../ui/DriverShell';
import { Modal } from '../ui/Modal';
import { toast } from '../ui/toast';
import type { Schema } from '../../shared/api/types';

function fromTruck(t: Schema<'TruckView'>): TruckStep {
  return {
    licensePlate: t.licensePlate,
    renavam: t.renavam ?? '',
    brandId: t.vehicleModel ? String(t.vehicleModel.truckBrand.id) : '',
    modelId: t.vehicleModel ? String(t.vehicleModel.id) : '',
    implementType: t.implementType ?? '',
    shaftQuantity: t.shaftQuantity ?? null,
    grossCapacity: t.grossCapacity ?? null,
    netCapacity: t.netCapacity ?? null,
    color: t.color ?? '#1d4ed8',
  };
}

/** The owner the truck carries: the driver's name (read-only in the form). */
function ownerOf(profile: DriverProfile | undefined, fallback: string): string {
  return profile?.name ?? fallback;
}

function TruckForm({ initial, id }: { initial: TruckStep; id: number | null }) {
  const { data: session } = useDriverSessionQuery();
  const profile = useDriverProfileQuery();
  const goTo = useDriverGoTo();
  const [truck, setTruckState] = useState<TruckStep>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [step, setStep] = useState(0);
  const [isTruck, setIsTruck] = useState<boolean | null>(id === null ? null : true);
  const [notTruck, setNotTruck] = useState(false);
  const [checkPlate] = useLazyIsTruckQuery();
  const [rebind, rebinding] = useRebindTruckMutation();
  const [edit, editing] = useEditTruckMutation();
  const busy = rebinding.isLoading || editing.isLoading;
  const owner = ownerOf(profile.data, session?.name ?? '');
  const setTruck = (patch: Partial<TruckStep>) => setTruckState((t) => ({ ...t, ...patch }));

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
      if (!res.isTruck) setNotTruck(true);
    } catch (err) {
      toast.error(`Erro: ${readApiError(err).message}`);
    }
  }

  function check(): boolean {
    const found = checkTruck(truck, isTruck);
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  async function submit() {
    if (busy || !check()) return;
    try {
      if (id === null) await rebind(truckBody(truck, owner)).unwrap();
      else await edit({ ...truckBody(truck, owner), id }).unwrap();
      toast.success(id === null ? rm.registered : dm.saved);
      goTo(driverPaths.edit, { replace: true });
    } catch (err) {
      const e = readApiError(err);
      const entries = Object.entries(e.fields);
      if (entries.length > 0) {
        setErrors(Object.fromEntries(entries.map(([k, v]) => [k === 'vehicleModel' ? 'modelId' : k, v])));
        setStep(0);
      }
      toast.error(entries[0]?.[1] ?? e.message);
    }
  }

  const creating = id === null;
  return (
    <DriverShell>
      <section className="d-card" aria-labelledby="d-truck-title">
        <h1 id="d-truck-title">{creating ? dm.newTruckTitle : dm.editTruckTitle}</h1>
        {creating && <p className="d-muted">{rm.stepOf(step + 1, 2)}</p>}
        {step === 0 ? (
          <>
            <div className="d-field">
              <label htmlFor="truck-owner">{dm.owner}</label>
              <input id="truck-owner" value={owner} readOnly />
            </div>
            <TruckFields truck={truck} errors={errors} onChange={setTruck} onPlate={(v) => void onPlate(v)} />
          </>
        ) : (
          <dl className="d-facts" aria-label={dm.review}>
            <dt>{dm.plate}</dt>
            <dd>{truck.licensePlate}</dd>
            <dt>{dm.renavam}</dt>
            <dd>{truck.renavam}</dd>
            <dt>{rm.implementType}</dt>
            <dd>{truck.implementType}</dd>
            <dt>{rm.axles}</dt>
            <dd>{truck.shaftQuantity}</dd>
          </dl>
        )}
      </section>
      <div className="d-row">
        <button
          type="button"
          className="d-btn d-btn-secondary"
          disabled={busy}
          onClick={() => (step === 0 ? goTo(driverPaths.edit) : setStep(0))}
        >
          {dm.back}
        </button>
        {creating && step === 0 ? (
          <button type="button" className="d-btn" onClick={() => check() && setStep(1)}>
            {rm.next}
          </button>
        ) : (
          <button type="button" className="d-btn" disabled={busy} aria-busy={busy || undefined} onClick={() => void submit()}>
            {creating ? rm.finish : dm.save}
          </button>
        )}
      </div>
      {notTruck && (
        <Modal title={rm.plate} onClose={() => setNotTruck(false)}>
          <p>{rm.notTruck}</p>
        </Modal>
      )}
    </DriverShell>
  );
}

/** /app/create/truck: the driver's new truck in two steps (form, review; 'Concluir'). */
export function DriverCreateTruckPage() {
  return <TruckForm initial={emptyTruck} id={null} />;
}

/** /app/edit/truck/:id: one of the driver's trucks (another's answers 404). */
export function DriverEditTruckPage() {
  const id = Number(useParams().id);
  const truck = useDriverTruckQuery(id, { skip: !Number.isInteger(id) });
  if (truck.isLoading) return <Spinner />;
  if (!truck.data) {
    return (
      <DriverShell>
        <p className="d-notice">{dm.loadError}</p>
      </DriverShell>
    );
  }
  return <TruckForm key={truck.data.id} initial={fromTruck(truck.data)} id={truck.data.id} />;
}
