import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { maskCpf, maskDate } from '../../shared/masks';
import { isValidBirthDate, isValidCpf } from '../../shared/validators';
import { msg } from '../../shared/messages';

export interface DriverCredentials {
  /** As typed, masked: 999.999.999-99 */
  cpf: string;
  /** As typed, masked: dd/mm/yyyy */
  birthDate: string;
}

interface Errors {
  cpf?: string;
  birthDate?: string;
}

/** Checks the two fields; the messages are the spec's where it has them. */
export function validateDriverCredentials(values: DriverCredentials, today?: Date): Errors {
  const errors: Errors = {};
  if (!values.cpf.trim()) errors.cpf = msg.cpfRequired;
  else if (!isValidCpf(values.cpf)) errors.cpf = msg.cpfInvalid;
  if (!values.birthDate.trim()) errors.birthDate = msg.birthDateRequired;
  else if (!isValidBirthDate(values.birthDate, today)) errors.birthDate = msg.birthDateInvalid;
  return errors;
}

/**
 * The driver's CPF and birth-date form (plain HTML: it is on the driver's critical path).
 * Masks apply as the driver types; nothing is sent until both fields are valid.
 */
export function DriverLoginForm({
  initialCpf = '',
  initialBirthDate = '',
  submitting = false,
  onSubmit,
  beforeSubmit,
}: {
  initialCpf?: string;
  initialBirthDate?: string;
  submitting?: boolean;
  onSubmit: (values: DriverCredentials) => void;
  /** Shown above the button (the reCAPTCHA widget). */
  beforeSubmit?: ReactNode;
}) {
  const [cpf, setCpf] = useState(() => maskCpf(initialCpf));
  const [birthDate, setBirthDate] = useState(() => maskDate(initialBirthDate));
  const [errors, setErrors] = useState<Errors>({});
  const cpfRef = useRef<HTMLInputElement>(null);
  const birthRef = useRef<HTMLInputElement>(null);

  function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (submitting) return;
    const found = validateDriverCredentials({ cpf, birthDate });
    setErrors(found);
    if (found.cpf) cpfRef.current?.focus();
    else if (found.birthDate) birthRef.current?.focus();
    else onSubmit({ cpf, birthDate });
  }

  return (
    <form className="d-login-form" onSubmit={handleSubmit} noValidate>
      <div className="d-field">
        <label htmlFor="driver-cpf">{msg.cpf}</label>
        <input
          ref={cpfRef}
          id="driver-cpf"
          name="cpf"
          inputMode="numeric"
          autoComplete="off"
          placeholder={msg.cpfPlaceholder}
          maxLength={14}
          value={cpf}
          aria-invalid={errors.cpf ? true : undefined}
          aria-describedby={errors.cpf ? 'driver-cpf-error' : undefined}
          onChange={(e) => {
            setCpf(maskCpf(e.target.value));
            if (errors.cpf) setErrors({ ...errors, cpf: undefined });
          }}
        />
        {errors.cpf && (
          <p id="driver-cpf-error" className="d-field-error" role="alert">
            {errors.cpf}
          </p>
        )}
      </div>
      <div className="d-field">
        <label htmlFor="driver-birth-date">{msg.birthDate}</label>
        <input
          ref={birthRef}
          id="driver-birth-date"
          name="birthDate"
          inputMode="numeric"
          autoComplete="bday"
          placeholder={msg.birthDatePlaceholder}
          maxLength={10}
          value={birthDate}
          aria-invalid={errors.birthDate ? true : undefined}
          aria-describedby={errors.birthDate ? 'driver-birth-date-error' : undefined}
          onChange={(e) => {
            setBirthDate(maskDate(e.target.value));
            if (errors.birthDate) setErrors({ ...errors, birthDate: undefined });
          }}
        />
        {errors.birthDate && (
          <p id="driver-birth-date-error" className="d-field-error" role="alert">
            {errors.birthDate}
          </p>
        )}
      </div>
      {beforeSubmit}
      <button type="submit" className="d-btn" disabled={submitting} aria-busy={submitting || undefined}>
        {msg.enter}
      </button>
    </form>
  );
}
