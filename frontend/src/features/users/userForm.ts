/**
 * Which parts of the user and profile forms are offered (spec 1 sections 2, 5 and 6). These
 * only shape the form: the server decides again what an actor may change and keeps the
 * stored value of anything else.
 */

export const ROLES = ['Usuario', 'Administrador', 'Expedicao', 'Transportadora', 'Espectador', 'Portaria'] as const;

export interface UserFormShape {
  /** Company picker: every role but Administrador. */
  company: boolean;
  /** Shipping-company picker: Transportadora only. */
  shippingCompany: boolean;
  /** Daily loading report: Usuario and Expedicao only. */
  dailyReport: boolean;
  /** Root switch: administrators only. */
  rootSwitch: boolean;
  /** SMS / WhatsApp / e-mail authorizations: a Transportadora in its profile. */
  contactFlags: boolean;
}

export function formShape(role: string | null | undefined, profile: boolean): UserFormShape {
  const r = role || 'Usuario';
  return {
    company: r !== 'Administrador',
    shippingCompany: r === 'Transportadora',
    dailyReport: r === 'Usuario' || r === 'Expedicao',
    rootSwitch: r === 'Administrador',
    contactFlags: profile && r === 'Transportadora',
  };
}

export interface UserFormRights {
  /** Role, company and shipping company. */
  roleAndCompany: boolean;
  rootSwitch: boolean;
  enabledSwitch: boolean;
}

/**
 * What the signed-in user may change (mirrors the server's rule, to grey out the rest): role
 * and company only a root administrator or on create; the root switch a root administrator;
 * nobody switches themselves off.
 */
export function formRights(actor: { id: number; isRoot: boolean }, targetId: number | null): UserFormRights {
  const creating = !targetId;
  return {
    roleAndCompany: creating || actor.isRoot,
    rootSwitch: actor.isRoot,
    enabledSwitch: targetId !== actor.id,
  };
}

/** The roles in the order of the user filter (spec 1 section 6). */
export function orderRoles<T extends { id: string }>(roles: readonly T[]): T[] {
  const rank = (id: string) => {
    const i = (ROLES as readonly string[]).indexOf(id);
    return i < 0 ? ROLES.length : i;
  };
  return [...roles].sort((a, b) => rank(a.id) - rank(b.id));
}
