/**
 * Which parts of the user and profile forms are offered (spec 1 sections 2, 5 and 6): the role
 * lookup carries each role's `form` fields, decided by the server (`roles::user_form_fields`).
 * These only shape the form: the server decides again what an actor may change and keeps the
 * stored value of anything else.
 */
import type { Schema } from '../../shared/api/types';

export const ROLES = ['Usuario', 'Administrador', 'Expedicao', 'Transportadora', 'Espectador', 'Portaria'] as const;

export type UserFormShape = Schema<'UserFormFields'>;

/** Nothing role-dependent until the roles are read. */
const NO_FIELDS: UserFormShape = {
  company: false,
  companyRequired: false,
  shippingCompany: false,
  dailyReport: false,
  rootSwitch: false,
  contactFlags: false,
};

/**
 * The form's fields for a user of the role chosen, from the role lookup's `form`; the contact
 * authorizations only in the user's own profile.
 */
export function formShape(fields: UserFormShape | null | undefined, profile: boolean): UserFormShape {
  const f = fields ?? NO_FIELDS;
  return { ...f, contactFlags: profile && f.contactFlags };
}

export type UserFormRights = Schema<'UserEditRights'>;

/** Nothing may be changed until the server says what. */
const NO_RIGHTS: UserFormRights = { roleAndCompany: false, rootSwitch: false, enabledSwitch: false };

/**
 * What the signed-in user may change, as the server decides it (`access::user_edit_rights`):
 * a stored user's own `rights`, or on create the session's `screens.newUser`.
 */
export function formRights(
  record: { rights?: UserFormRights | null } | undefined,
  newUser: UserFormRights | null | undefined,
): UserFormRights {
  return (record ? record.rights : newUser) ?? NO_RIGHTS;
}

/** The roles in the order of the user filter (spec 1 section 6). */
export function orderRoles<T extends { id: string }>(roles: readonly T[]): T[] {
  const rank = (id: string) => {
    const i = (ROLES as readonly string[]).indexOf(id);
    return i < 0 ? ROLES.length : i;
  };
  return [...roles].sort((a, b) => rank(a.id) - rank(b.id));
}
