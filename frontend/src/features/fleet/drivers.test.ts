import { describe, expect, it } from 'vitest';
import { checkField } from '../../shared/records/validation';
import { canAddContact } from '../../shared/records/contacts';
import {
  checkBirthDate,
  checkDriverLogRange,
  defaultDriverLogRange,
  driverBody,
  driverMsg,
  driverName,
  driverRules,
  driverValues,
  readMoveConflict,
} from './drivers';

describe('driver form rules (spec 2 section 5)', () => {
  it('answers the spec messages, written as the spec writes them', () => {
    expect(checkField(driverRules.name, '')).toBe('Nome e obrigatorio!');
    expect(checkField(driverRules.name, 'A'.repeat(81))).toBe('Tamanho maximo de 80 caracteres');
    expect(checkField(driverRules.cpf, '')).toBe('Numero de CPF e obrigatorio!');
    expect(checkField(driverRules.cpf, '529.982.247')).toBe('Cpf deve ter 11 caracteres');
    expect(checkField(driverRules.cpf, '529.982.247-26')).toBe('Cpf Inválido');
    expect(checkField(driverRules.cpf, '529.982.247-25')).toBeNull();
    expect(checkField(driverRules.cnh, '')).toBe('Cnh e obrigatorio!');
    expect(checkField(driverRules.cnh, '123456789012')).toBe('Tamanho maximo de 11 caracteres');
    expect(checkField(driverRules.birthDate, '')).toBe('Data de nascimento e obrigatorio!');
  });

  it('checks the birth date is a real past day', () => {
    const today = new Date(2026, 2, 5);
    expect(checkBirthDate('15/01/1990', today)).toBeNull();
    expect(checkBirthDate('31/02/1990', today)).toBe(driverMsg.birthInvalid);
    expect(checkBirthDate('06/03/2026', today)).toBe(driverMsg.birthInvalid);
    expect(checkBirthDate('1990-01-15', today)).toBe(driverMsg.birthInvalid);
  });

  it('uppercases the name and collapses its spaces', () => {
    expect(driverName('  joão   da silva ')).toBe('JOÃO DA SILVA');
  });
});

describe('contacts', () => {
  it('can be added only with name, phone and e-mail', () => {
    expect(canAddContact({ name: 'Ana', fone: '(66) 9 9999-0000', email: 'a@b.com' })).toBe(true);
    expect(canAddContact({ name: 'Ana', fone: '', email: 'a@b.com' })).toBe(false);
    expect(canAddContact({ name: ' ', fone: '(66) 9 9999-0000', email: 'a@b.com' })).toBe(false);
    expect(canAddContact({ name: 'Ana', fone: '(66) 9 9999-0000', email: '' })).toBe(false);
  });
});

describe('the save body', () => {
  const record = {
    name: 'MOTORISTA DEMO',
    cpf: '529.982.247-25',
    cnh: '123',
    birthDate: '1990-01-15',
    isEnabled: true,
    company: { id: 3 },
    shippingCompany: { id: 7 },
    contact: [{ id: 9, name: 'Ana', fone: '(66) 9 9999-0000', email: 'a@b.com', whatsapp: true }],
    truck: [{ id: 4, licensePlate: 'DEM0A12', renavam: '12345678901', model: 'FH 540', netCapacity: 16 }],
  };

  it('round-trips a driver through the form', () => {
    const v = driverValues(record);
    expect(v.birthDate).toBe('15/01/1990');
    expect(v.shippingCompanyId).toBe(7);
    const body = driverBody(5, { ...v, name: ' motorista  demo ' });
    expect(body).toEqual({
      id: 5,
      name: 'MOTORISTA DEMO',
      cpf: '529.982.247-25',
      cnh: '123',
      birthDate: '1990-01-15',
      isEnabled: true,
      company: { id: 3 },
      shippingCompany: { id: 7 },
      contact: [{ id: 9, name: 'Ana', fone: '(66) 9 9999-0000', email: 'a@b.com', whatsapp: true }],
      truck: [],
    });
    expect(driverBody(5, v, true).override).toBe(true);
    // A truck added in the dialog goes without an id: the server binds or creates it.
    // An edited row goes with its id.
    const added = driverBody(5, {
      ...v,
      truck: [{ ...v.truck[0], renavam: '10987654321', changed: true }, { licensePlate: 'ABC1D23', renavam: '98765432100' }],
    });
    expect(added.truck).toEqual([
      { id: 4, licensePlate: 'DEM0A12', renavam: '10987654321' },
      { licensePlate: 'ABC1D23', renavam: '98765432100' },
    ]);
  });

  it('starts a new driver active, without company or contacts', () => {
    expect(driverValues(undefined)).toMatchObject({ isEnabled: true, companyId: null, contact: [] });
  });
});

describe('the move-company warning', () => {
  it('reads the 409 body of company_move only', () => {
    const body = { company_a: { company: 'Demo Agro', queue: { date: '2026-03-02T12:00:00Z' } } };
    expect(readMoveConflict('company_move', body)).toEqual({ company: 'Demo Agro', queueDate: '2026-03-02T12:00:00Z' });
    expect(readMoveConflict('company_move', { company_a: { company: 'X', queue: null } })).toEqual({
      company: 'X',
      queueDate: null,
    });
    expect(readMoveConflict('duplicate', body)).toBeNull();
  });
});

describe('the driver log range', () => {
  it('defaults to today and seven days later; To may not precede From', () => {
    expect(defaultDriverLogRange('2026-03-28')).toEqual({ start: '2026-03-28', end: '2026-04-04' });
    expect(checkDriverLogRange('2026-03-10', '2026-03-09')).toBe('A data final não pode ser menor que a data inicial.');
    expect(checkDriverLogRange('2026-03-10', '2026-03-10')).toBeNull();
    expect(checkDriverLogRange(null, '2026-03-01')).toBeNull();
  });
});
