import type { InputHTMLAttributes, ReactNode } from 'react';
import { maskRenavam, rm, type Errors, type TruckStep } from '../registration';
import {
  useRegistrationBrandsQuery,
  useRegistrationImplementTypesQuery,
  useRegistrationModelsQuery,
} from '../registrationApi';

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
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
 * The truck's fields of the driver app (registration, new truck, truck edit): plate, renavam,
 * brand and model, implement type filling axles and capacities, colour.
 */
export function TruckFields({
  truck,
  errors,
  onChange,
  onPlate,
  renavamMax = 12,
}: {
  truck: TruckStep;
  errors: Errors;
  onChange: (patch: Partial<TruckStep>) => void;
  onPlate: (value: string) => void;
  renavamMax?: number;
}) {
  const brands = useRegistrationBrandsQuery();
  const models = useRegistrationModelsQuery(Number(truck.brandId), { skip: !truck.brandId });
  const types = useRegistrationImplementTypesQuery();
  const setTruck = onChange;

  function onType(name: string) {
    const t = types.data?.find((x) => x.name === name);
    setTruck({
      implementType: name,
      shaftQuantity: t?.shaftQuantity ?? null,
      grossCapacity: t?.grossCapacity ?? null,
      netCapacity: t?.netCapacity ?? null,
    });
  }

  return (
    <>
          <Field id="reg-plate" label={rm.plate} error={errors.licensePlate}>
            <input
              {...inputProps('reg-plate', errors.licensePlate)}
              autoCapitalize="characters"
              maxLength={8}
              value={truck.licensePlate}
              onChange={(e) => onPlate(e.target.value)}
            />
          </Field>
          <Field id="reg-renavam" label={rm.renavam} error={errors.renavam}>
            <input
              {...inputProps('reg-renavam', errors.renavam)}
              inputMode="numeric"
              placeholder="999999999-99"
              value={truck.renavam}
              maxLength={renavamMax}
              onChange={(e) => setTruck({ renavam: maskRenavam(e.target.value) })}
            />
          </Field>
          <div className="d-field">
            <label htmlFor="reg-brand">{rm.brand}</label>
            <select
              id="reg-brand"
              value={truck.brandId}
              onChange={(e) => setTruck({ brandId: e.target.value, modelId: '' })}
            >
              <option value="">{rm.chooseBrand}</option>
              {(brands.data ?? []).map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </select>
          </div>
          <div className="d-field">
            <label htmlFor="reg-model">{rm.model}</label>
            <select
              id="reg-model"
              value={truck.modelId}
              disabled={!truck.brandId}
              aria-invalid={errors.modelId ? true : undefined}
              aria-describedby={errors.modelId ? 'reg-model-error' : undefined}
              onChange={(e) => setTruck({ modelId: e.target.value })}
            >
              <option value="">{rm.chooseModel}</option>
              {(models.data ?? []).map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </select>
            {errors.modelId && (
              <p id="reg-model-error" className="d-field-error" role="alert">
                {errors.modelId}
              </p>
            )}
          </div>
          <div className="d-field">
            <label htmlFor="reg-type">{rm.implementType}</label>
            <select
              id="reg-type"
              value={truck.implementType}
              aria-invalid={errors.implementType ? true : undefined}
              aria-describedby={errors.implementType ? 'reg-type-error' : undefined}
              onChange={(e) => onType(e.target.value)}
            >
              <option value="">{rm.chooseImplement}</option>
              {(types.data ?? []).map((t) => (
                <option key={t.name} value={t.name}>
                  {t.name}
                </option>
              ))}
            </select>
            {errors.implementType && (
              <p id="reg-type-error" className="d-field-error" role="alert">
                {errors.implementType}
              </p>
            )}
          </div>
          <div className="d-row">
            <Field id="reg-axles" label={rm.axles} error={errors.shaftQuantity}>
              <input {...inputProps('reg-axles', errors.shaftQuantity)} readOnly value={truck.shaftQuantity ?? ''} />
            </Field>
            <Field id="reg-color" label={rm.color}>
              <input id="reg-color" type="color" value={truck.color} onChange={(e) => setTruck({ color: e.target.value })} />
            </Field>
          </div>
          <div className="d-row">
            <Field id="reg-gross" label={rm.gross}>
              <input id="reg-gross" readOnly value={truck.grossCapacity ?? ''} />
            </Field>
            <Field id="reg-net" label={rm.net}>
              <input id="reg-net" readOnly value={truck.netCapacity ?? ''} />
            </Field>
          </div>
    </>
  );
}
