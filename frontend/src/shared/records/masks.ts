/** Masks of the administration forms built on the shared ones. */
import { maskCnpj, maskCpf, onlyDigits } from '../../shared/masks';

/**
 * Customers and shipping companies may be companies or people: up to 11 digits are masked as
 * a CPF (###.###.###-##), more as a CNPJ (##.###.###/####-##, 18 characters).
 */
export function maskDocument(value: string): string {
  const d = onlyDigits(value ?? '');
  return d.length <= 11 ? maskCpf(d) : maskCnpj(d);
}

/** Codes of customers and shipping companies: digits only, at most 9. */
export const normalizeCode = (v: string | number | undefined): string => String(v ?? '').replace(/\D/g, '').slice(0, 9);
