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
  const root = { roleAndCompany: true, rootSwitch: true, enabledSwitch: true };
  const own = { roleAndCompany: false, rootSwitch: false, enabledSwitch: false };
  it("a stored user's rights are the ones the server sent with it", () => {
    expect(formRights({ rights: own }, root)).toEqual(own);
  });
  it("on create, the session's rights on a new user", () => {
    expect(formRights(undefined, root)).toEqual(root);
  });
  it('nothing before the server says', () => {
    expect(formRights({ rights: null }, root)).toEqual(own);
    expect(formRights(undefined, null)).toEqual(own);
  });
  it('roles in the order of the user filter', () => {
    const roles = ['Administrador', 'Usuario', 'Transportadora', 'Expedicao', 'Espectador', 'Portaria'].map((id) => ({ id }));
    expect(orderRoles(roles).map((r) => r.id)).toEqual(['Usuario', 'Administrador', 'Expedicao', 'Transportadora', 'Espectador', 'Portaria']);
  });
});
