import { describe, expect, it } from 'vitest';
import { formRights, formShape, orderRoles } from './userForm';

describe("user form shape (the role lookup's form fields)", () => {
  const transp = {
    company: true,
    companyRequired: false,
    shippingCompany: true,
    dailyReport: false,
    rootSwitch: false,
    contactFlags: true,
  };
  it("offers the server's fields of the role", () => {
    expect(formShape(transp, false)).toMatchObject({ company: true, shippingCompany: true, companyRequired: false });
  });
  it('offers the contact authorizations only in the own profile', () => {
    expect(formShape(transp, true).contactFlags).toBe(true);
    expect(formShape(transp, false).contactFlags).toBe(false);
  });
  it('offers nothing role-dependent before the roles are read', () => {
    expect(Object.values(formShape(undefined, true)).some(Boolean)).toBe(false);
  });
});

describe('what the signed-in user may change', () => {
  it('role and company only on create or by a root administrator', () => {
    expect(formRights({ id: 1, isRoot: false }, null).roleAndCompany).toBe(true);
    expect(formRights({ id: 1, isRoot: false }, 5).roleAndCompany).toBe(false);
    expect(formRights({ id: 1, isRoot: true }, 5)).toEqual({ roleAndCompany: true, rootSwitch: true, enabledSwitch: true });
  });
  it('nobody switches themselves off', () => {
    expect(formRights({ id: 5, isRoot: true }, 5).enabledSwitch).toBe(false);
  });
  it('roles in the order of the user filter', () => {
    const roles = ['Administrador', 'Usuario', 'Transportadora', 'Expedicao', 'Espectador', 'Portaria'].map((id) => ({ id }));
    expect(orderRoles(roles).map((r) => r.id)).toEqual(['Usuario', 'Administrador', 'Expedicao', 'Transportadora', 'Espectador', 'Portaria']);
  });
});
