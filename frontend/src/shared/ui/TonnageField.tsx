/**
 * The tonnage field of Finalizar, Editar peso and Recuperar (spec 3 section 5): the 00,000
 * mask as the person types, and the warnings (truck capacity, order balance) under it.
 */
import { useId } from 'react';
import { Alert, Input } from 'antd';
import { maskTonnes, parseTonnes, tonnageWarnings, type TonnageLimits } from '../tonnage';

export function TonnageField({
  label,
  value,
  onChange,
  limits,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  limits: TonnageLimits;
}) {
  const id = useId();
  const warnings = tonnageWarnings(parseTonnes(value), limits);
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <label htmlFor={id}>{label}</label>
      <Input
        id={id}
        inputMode="decimal"
        maxLength={6}
        placeholder="00,000"
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(maskTonnes(e.target.value))}
        aria-describedby={warnings.length > 0 ? `${id}-warn` : undefined}
      />
      {warnings.length > 0 && (
        <div id={`${id}-warn`} role="status" style={{ display: 'grid', gap: 4 }}>
          {warnings.map((w) => (
            <Alert key={w} type="warning" showIcon title={w} />
          ))}
        </div>
      )}
    </div>
  );
}
