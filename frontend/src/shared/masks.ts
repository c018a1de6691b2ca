/**
 * Input masks (spec 1 section 5, spec 3 section 5), as pure functions: each takes what the
 * person typed or pasted and returns the masked text, so the staff forms can use them as antd
 * `normalize` and the driver form on each change. Every mask is digits in fixed places: a
 * pattern's `0` takes the next digit, any other character is written when a digit follows it
 * (no mask library: the driver's sign-in screen carries these few lines instead, issue 23).
 */

function patternMask(pattern: string, maxLength?: number): (value: string) => string {
  return (value: string) => {
    // Digits only, so that pasted text with other separators still lands in place.
    const digits = (value ?? '').replace(/\D/g, '');
    let out = '';
    let next = 0;
    for (const slot of pattern) {
      if (next >= digits.length) break;
      out += slot === '0' ? digits[next++] : slot;
    }
    return maxLength === undefined ? out : out.slice(0, maxLength);
  };
}

/** 999.999.999-99 */
export const maskCpf = patternMask('000.000.000-00');
/** ##.###.###/####-## */
export const maskCnpj = patternMask('00.000.000/0000-00');
/** #####-### */
export const maskCep = patternMask('00000-000');
/** (##) # ####-####, truncated to 16 characters */
export const maskPhone = patternMask('(00) 0 0000-0000', 16);
/** 99/99/9999 */
export const maskDate = patternMask('00/00/0000');
/** Transfer and exit codes: 4 or 5 digits. */
export const maskCode = (value: string): string => (value ?? '').replace(/\D/g, '').slice(0, 5);

/**
 * Tonnage as a scale reads it (spec 3 section 5, mask 00,000): digits only, at most 5 of
 * them, a comma after the first 2 — a typed `14750` reads `14,750`. A comma (or a dot, as a
 * scale may print) typed after one digit keeps it there, so `9,5` reads `9,5`, not `95`.
 */
export function maskTonnes(value: string): string {
  const text = (value ?? '').replace(/\./g, ',');
  const comma = text.indexOf(',');
  const head = onlyDigits(comma < 0 ? text : text.slice(0, comma));
  const tail = comma < 0 ? '' : onlyDigits(text.slice(comma + 1));
  // One digit before a typed comma: a weight under 10 t.
  if (comma >= 0 && head.length === 1) return `${head},${tail.slice(0, 3)}`;
  const digits = (head + tail).slice(0, 5);
  if (digits.length > 2) return `${digits.slice(0, 2)},${digits.slice(2)}`;
  // `14,` as typed keeps its comma, so that the next digit lands after it.
  return comma >= 0 && digits.length === 2 ? `${digits},` : digits;
}

/** Digits only (the unmasked value). */
export const onlyDigits = (value: string): string => (value ?? '').replace(/\D/g, '');

/** dd/mm/yyyy -> yyyy-mm-dd; '' when the text is not a complete date. */
export function birthDateToIso(value: string): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec((value ?? '').trim());
  return m ? `${m[3]}-${m[2]}-${m[1]}` : '';
}

/** yyyy-mm-dd (or a longer ISO timestamp) -> dd/mm/yyyy; '' when not a date. */
export function isoToBirthDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec((value ?? '').trim());
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}
