import { describe, expect, it } from 'vitest';
import {
  checkPersonal,
  checkTruck,
  emptyPersonal,
  emptyTruck,
  maskRenavam,
  normalizePlate,
  registerBody,
  registrationCaptchaSite,
  stepOfField,
  truckBody,
} from './registration';

describe('driver registration', () => {
  it('asks for the personal fields with the spec messages', () => {
    expect(checkPersonal(emptyPersonal)).toEqual({
      name: 'Nome é obrigatório!',
      cpf: 'Número de CPF é obrigatório!',
      cnh: 'Cnh é obrigatório!',
      birthDate: 'Data de nascimento é obrigatório!',
    });
    const bad = { ...emptyPersonal, name: 'x'.repeat(81), cpf: '111.111.111-11', cnh: '1', birthDate: '01/01/1990' };
    expect(checkPersonal(bad)).toEqual({ name: 'Tamanho máximo de 80 caracteres', cpf: 'Cpf Inválido' });
    expect(checkPersonal({ ...bad, name: 'Ana', cpf: '390.533.447-05', fone: '(65) 9 9999-8888' })).toEqual({
      email: 'Informe também o e-mail (ou deixe o telefone em branco).',
    });
  });

  it('asks for the truck fields and refuses a plate that is not a truck', () => {
    expect(checkTruck(emptyTruck, null)).toEqual({
      licensePlate: 'Placa é obrigatório!',
      renavam: 'Renavam é obrigatório!',
      modelId: 'Modelo é obrigatório!',
      implementType: 'Tipo de implemento é obrigatório!',
    });
    const t = { ...emptyTruck, licensePlate: 'ABC1D23', renavam: '123', modelId: '2', implementType: 'TRUCK', shaftQuantity: 3 };
    expect(checkTruck(t, true)).toEqual({});
    expect(checkTruck(t, false)).toEqual({ licensePlate: 'Placa inválida' });
    expect(checkTruck({ ...t, licensePlate: 'ABC1' }, null)).toEqual({ licensePlate: 'Placa inválida' });
  });

  it('masks the plate and the renavam', () => {
    expect(normalizePlate('abc-1d23x')).toBe('ABC1D23');
    expect(maskRenavam('12345678901')).toBe('123456789-01');
    expect(maskRenavam('1234')).toBe('1234');
  });

  it('builds the bodies and knows the step of a field', () => {
    const p = { ...emptyPersonal, name: ' joão silva ', cpf: '390.533.447-05', cnh: '12345678901', birthDate: '10/05/1991' };
    expect(registerBody(p, 3)).toMatchObject({
      name: 'JOÃO SILVA',
      birthDate: '1991-05-10',
      company: { id: 3 },
      contact: [],
    });
    const t = { ...emptyTruck, licensePlate: 'ABC1D23', renavam: '123456789-01', brandId: '1', modelId: '2', implementType: 'TRUCK', shaftQuantity: 3, grossCapacity: 23, netCapacity: 16 };
    expect(truckBody(t, 'joão')).toMatchObject({ renavam: '12345678901', owner: 'JOÃO', vehicleModel: { id: 2, truckBrand: { id: 1 } } });
    expect(registerBody(p, 3).recaptcha_token).toBe('');
    expect(registerBody(p, 3, 'tok').recaptcha_token).toBe('tok');
    expect(stepOfField('cpf')).toBe(0);
    expect(stepOfField('licensePlate')).toBe(1);
  });
});

describe('registrationCaptchaSite', () => {
  const host = { id: 3, enableRecaptcha: true, recaptchaSite: 'site-key' };
  it("is the host company's key when it asks for reCAPTCHA", () => {
    expect(registrationCaptchaSite(host, 3)).toBe('site-key');
  });
  it('is none for another company, reCAPTCHA off, a blank key or no host company', () => {
    expect(registrationCaptchaSite(host, 4)).toBeNull();
    expect(registrationCaptchaSite({ ...host, enableRecaptcha: false }, 3)).toBeNull();
    expect(registrationCaptchaSite({ ...host, recaptchaSite: '  ' }, 3)).toBeNull();
    expect(registrationCaptchaSite({ ...host, recaptchaSite: null }, 3)).toBeNull();
    expect(registrationCaptchaSite(null, 3)).toBeNull();
  });
});
