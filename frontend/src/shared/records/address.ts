/** The postal-code fill of the address forms (pure, unit-tested). */
import type { PostalAddress } from './api';
import type { FormRules } from './validation';

function cut(value: string, max: number | undefined): string {
  const v = (value ?? '').trim();
  return max === undefined ? v : Array.from(v).slice(0, max).join('');
}

/**
 * The fields the postal-code service fills (city, district, street, uf, complement), cut to
 * the form's maximum lengths. Empty answers are left out so that nothing typed is wiped.
 */
export function fillFromPostal(a: PostalAddress, rules: FormRules): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (field: string, value: string) => {
    const v = cut(value, rules[field]?.max ?? (field === 'uf' ? 2 : undefined));
    if (v) out[field] = v;
  };
  put('city', a.city);
  put('district', a.district);
  put('street', a.street);
  put('uf', (a.uf ?? '').toUpperCase());
  put('complement', a.complement);
  return out;
}
