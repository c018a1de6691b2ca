import { describe, expect, it } from 'vitest';
import { isValidBirthDate, isValidCnpj, isValidCpf, isValidEmail } from './validators';

describe('isValidCpf', () => {
  it('accepts a CPF with the right check digits, masked or not', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('111.444.777-35')).toBe(true);
  });
  it('refuses all-same digits', () => {
    for (let d = 0; d <= 9; d++) expect(isValidCpf(String(d).repeat(11))).toBe(false);
  });
  it('refuses a wrong check digit', () => {
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('529.982.247-15')).toBe(false);
  });
  it('refuses the wrong length', () => {
    expect(isValidCpf('529.982.247-2')).toBe(false);
    expect(isValidCpf('')).toBe(false);
  });
});

describe('isValidCnpj', () => {
  it('accepts a CNPJ with the right check digits', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
  });
  it('refuses wrong check digits, all-same digits and the wrong length', () => {
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-91')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(isValidCnpj('1122233300018')).toBe(false);
  });
});

describe('isValidEmail', () => {
  it('accepts plain addresses', () => {
    expect(isValidEmail('ana@empresa.com.br')).toBe(true);
    expect(isValidEmail(' ana@empresa.com ')).toBe(true);
  });
  it('refuses malformed ones', () => {
    for (const v of ['', 'ana', 'ana@', 'ana@empresa', '@empresa.com', 'a b@empresa.com']) {
      expect(isValidEmail(v)).toBe(false);
    }
  });
});

describe('isValidBirthDate', () => {
  const today = new Date(2025, 5, 15);
  it('accepts real past dates', () => {
    expect(isValidBirthDate('29/02/2000', today)).toBe(true);
    expect(isValidBirthDate('15/06/2025', today)).toBe(true);
  });
  it('refuses impossible, future or too old dates', () => {
    expect(isValidBirthDate('31/02/2000', today)).toBe(false);
    expect(isValidBirthDate('29/02/2001', today)).toBe(false);
    expect(isValidBirthDate('16/06/2025', today)).toBe(false);
    expect(isValidBirthDate('01/01/1899', today)).toBe(false);
    expect(isValidBirthDate('1/1/2000', today)).toBe(false);
    expect(isValidBirthDate('00/01/2000', today)).toBe(false);
  });
});
