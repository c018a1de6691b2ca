/**
 * The administration forms' rules (spec 1 section 5), as data: one `FieldRule` per field,
 * checked by pure functions (unit-tested) and handed to antd as validators. The server checks
 * the same rules again and answers 422 with the same messages.
 */
import type { Rule } from 'antd/es/form';
import { onlyDigits } from '../../shared/masks';
import { isValidCnpj, isValidCpf, isValidEmail } from '../../shared/validators';
import { adminMsg } from './messages';

export interface FieldRule {
  /** Message when the value is empty (the field is required). */
  required?: string;
  /** Most characters allowed: 'Tamanho máximo de N caracteres'. */
  max?: number;
  /** Further check of a non-empty value: the message, or null when fine. */
  check?: (value: string) => string | null;
}

export type FormRules = Record<string, FieldRule>;

/** The 27 federative units. */
export const UFS = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR',
  'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO',
] as const;

/** Maximum lengths (spec 1 section 5; ours where it gives none, as the server's). */
export const MAX = {
  companyName: 80,
  legalName: 50,
  street: 50,
  shippingStreet: 25,
  city: 50,
  district: 80,
  complement: 25,
  text: 80,
  shortText: 25,
  website: 120,
  number: 5,
  userName: 25,
  userEmail: 25,
  cpf: 14,
  password: 11,
  passwordMin: 6,
  phone: 16,
  cnpj: 18,
  cep: 9,
  uf: 2,
} as const;

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value.trim() : String(value).trim();
}

/** The first problem of one field's value, or null. */
export function checkField(rule: FieldRule, value: unknown): string | null {
  const v = text(value);
  if (!v) return rule.required ?? null;
  if (rule.max !== undefined && Array.from(v).length > rule.max) return adminMsg.maxLength(rule.max);
  return rule.check ? rule.check(v) : null;
}

/** Every field's first problem (fields without one are left out). */
export function checkForm(rules: FormRules, values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, rule] of Object.entries(rules)) {
    const problem = checkField(rule, values[field]);
    if (problem) out[field] = problem;
  }
  return out;
}

/** The antd rules of a field: one validator running `checkField`. */
export function antdRules(rule: FieldRule | undefined): Rule[] {
  if (!rule) return [];
  return [
    {
      validator: (_: unknown, value: unknown) => {
        const problem = checkField(rule, value);
        return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
      },
    },
  ];
}

// ---- Value checks (same wording as the server)

export const checkUf = (v: string) => ((UFS as readonly string[]).includes(v.toUpperCase()) ? null : adminMsg.ufInvalid);
export const checkNumber = (v: string) => (/^\d{1,5}$/.test(v) ? null : adminMsg.numberInvalid);
export const checkCep = (v: string) => (onlyDigits(v).length === 8 ? null : adminMsg.cepInvalid);
export const checkCnpj = (v: string) => (isValidCnpj(v) ? null : adminMsg.cnpjInvalid);
/** Customers and shipping companies may be people: a CNPJ or a CPF. */
export const checkCnpjOrCpf = (v: string) => (isValidCnpj(v) || isValidCpf(v) ? null : adminMsg.cnpjInvalid);
export const checkCpf = (v: string) => (isValidCpf(v) ? null : adminMsg.cpfInvalid);
export const checkEmail = (v: string) => (isValidEmail(v) ? null : adminMsg.emailInvalid);
/** 10 or 11 digits, no zero in the area code (as the server's Phone). */
export function checkPhone(v: string): string | null {
  const d = onlyDigits(v);
  return d.length >= 10 && d.length <= 11 && d[0] !== '0' && d[1] !== '0' ? null : adminMsg.phoneInvalid;
}
export const checkCode = (v: string) => (/^\d+$/.test(v) && Number(v) > 0 && Number(v) <= 2147483647 ? null : adminMsg.codeInvalid);
export function checkPassword(v: string): string | null {
  const n = Array.from(v).length;
  if (n > MAX.password) return adminMsg.maxLength(MAX.password);
  return n < MAX.passwordMin ? adminMsg.passwordTooShort : null;
}

// ---- The forms

/** Company form (spec 1 section 5, "Company form"). */
export const companyRules: FormRules = {
  name: { required: adminMsg.tradeNameRequired, max: MAX.companyName },
  cnpj: { required: adminMsg.cnpjRequired, check: checkCnpj },
  company: { required: adminMsg.legalNameRequired, max: MAX.legalName },
  uf: { required: adminMsg.ufRequired, check: checkUf },
  street: { required: adminMsg.streetRequired, max: MAX.street },
  number: { check: checkNumber },
  complement: { max: MAX.complement },
  city: { required: adminMsg.cityRequired, max: MAX.city },
  district: { required: adminMsg.districtRequired, max: MAX.district },
  zipCode: { required: adminMsg.zipRequired, check: checkCep },
  website: { max: MAX.website },
};

/** Customer form and each imported customer: code and name required, the rest valid when given. */
export const customerRules: FormRules = {
  code: { required: adminMsg.codeRequired, check: checkCode },
  name: { required: adminMsg.nameRequired, max: MAX.text },
  company: { max: MAX.text },
  cnpj: { check: checkCnpjOrCpf },
  stateRegistration: { max: MAX.shortText },
  uf: { check: checkUf },
  street: { max: MAX.text },
  number: { check: checkNumber },
  complement: { max: MAX.complement },
  city: { max: MAX.city },
  district: { max: MAX.district },
  zipCode: { check: checkCep },
};

/**
 * Shipping-company form. "The rules apply on edit only. They are the same as for the company,
 * plus stateRegistration required, and street max 25" (spec 1 section 5). A new one needs code
 * and name, and valid values where given.
 */
export function shippingRules(editing: boolean): FormRules {
  const req = (message: string) => (editing ? message : undefined);
  return {
    code: { required: adminMsg.codeRequired, check: checkCode },
    name: { required: adminMsg.tradeNameRequired, max: MAX.text },
    cnpj: { required: req(adminMsg.cnpjRequired), check: checkCnpjOrCpf },
    stateRegistration: { required: req(adminMsg.stateRegistrationRequired), max: MAX.shortText },
    uf: { required: req(adminMsg.ufRequired), check: checkUf },
    street: { required: req(adminMsg.streetRequired), max: editing ? MAX.shippingStreet : MAX.text },
    number: { check: checkNumber },
    complement: { max: MAX.complement },
    city: { required: req(adminMsg.cityRequired), max: MAX.city },
    district: { required: req(adminMsg.districtRequired), max: MAX.district },
    zipCode: { required: req(adminMsg.zipRequired), check: checkCep },
    login: { max: MAX.userEmail, check: checkEmail },
    password: { check: checkPassword },
  };
}

/** User and profile forms (spec 1 section 5). The password is required on create only. */
export function userRules(creating: boolean): FormRules {
  return {
    name: { required: adminMsg.nameRequired, max: MAX.userName },
    email: { required: adminMsg.emailRequired, max: MAX.userEmail, check: checkEmail },
    cpf: { check: checkCpf },
    fone: { check: checkPhone },
    password: { required: creating ? adminMsg.passwordRequired : undefined, check: checkPassword },
  };
}

/** Contact rows of a form: name, phone and e-mail all filled (spec 1 section 5, "Contacts"). */
export function checkContact(c: { name?: string; fone?: string; email?: string }): string | null {
  if (!text(c.name) || !text(c.fone) || !text(c.email)) return adminMsg.contactIncomplete;
  if (Array.from(text(c.name)).length > MAX.text) return adminMsg.maxLength(MAX.text);
  return checkPhone(text(c.fone)) ?? checkEmail(text(c.email));
}
