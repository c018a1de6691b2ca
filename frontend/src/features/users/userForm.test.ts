import { describe, expect, it } from 'vitest';
import { formRights, formShape, orderRoles } from './userForm';

describe('user form shape (spec 1 sections 2 and 6)', () => {
  it('company picker for every role but Administrador; shipping company for Transportadora', () => {
    expect(formShape('Administrador', false)).toMatchObject({ company: false, shippingCompany: false, rootSwitch: true });
    expect(formShape('Transportadora', false)).toMatchObject({ company: true, shippingCompany: true, contactFlags: false });
    expect(formShape('Portaria', false)).toMatchObject({ company: true, shippingCompany: false, rootSwitch: false });
  });
  it('the daily report only for Usuario and Expedicao', () => {
    expect(['Usuario', 'Expedicao', 'Administrador', 'Transportadora', 'Espectador', 'Portaria'].filter((r) => formShape(r, false).dailyReport)).toEqual([
      'Usuario',
      'Expedicao',
    ]);
  });
  it('a Transportadora sees the contact authorizations in its profile', () => {
    expect(formShape('Transportadora', true).contactFlags).toBe(true);
    expect(formShape('Usuario', true).contactFlags).toBe(false);
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
