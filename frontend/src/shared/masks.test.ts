import { describe, expect, it } from 'vitest';
import { birthDateToIso, isoToBirthDate, maskCep, maskCnpj, maskCode, maskCpf, maskDate, maskPhone, onlyDigits } from './masks';

describe('maskCpf (999.999.999-99)', () => {
  it('masks digits as they are typed', () => {
    expect(maskCpf('5')).toBe('5');
    expect(maskCpf('529')).toBe('529');
    expect(maskCpf('5299')).toBe('529.9');
    expect(maskCpf('5299822472')).toBe('529.982.247-2');
    expect(maskCpf('52998224725')).toBe('529.982.247-25');
  });
  it('re-masks pasted text and drops extra digits and letters', () => {
    expect(maskCpf('529.982.247-25')).toBe('529.982.247-25');
    expect(maskCpf('529 982 247 25 99')).toBe('529.982.247-25');
    expect(maskCpf('abc')).toBe('');
    expect(maskCpf('')).toBe('');
  });
});

describe('other masks', () => {
  it('CNPJ ##.###.###/####-## (18 characters)', () => {
    expect(maskCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(maskCnpj('11222333000181').length).toBe(18);
    expect(maskCnpj('112223')).toBe('11.222.3');
  });
  it('CEP #####-### (9 characters)', () => {
    expect(maskCep('01310100')).toBe('01310-100');
    expect(maskCep('0131')).toBe('0131');
  });
  it('phone (##) # ####-####, truncated to 16', () => {
    expect(maskPhone('11987654321')).toBe('(11) 9 8765-4321');
    expect(maskPhone('11987654321').length).toBe(16);
    expect(maskPhone('119876543219999')).toBe('(11) 9 8765-4321');
    expect(maskPhone('119')).toBe('(11) 9');
  });
  it('birth date 99/99/9999', () => {
    expect(maskDate('31121990')).toBe('31/12/1990');
    expect(maskDate('3112')).toBe('31/12');
    expect(maskDate('31/12/19901')).toBe('31/12/1990');
  });
  it('transfer code keeps at most 5 digits', () => {
    expect(maskCode('12a345678')).toBe('12345');
  });
  it('onlyDigits', () => {
    expect(onlyDigits('529.982.247-25')).toBe('52998224725');
  });
});

describe('birth date conversion', () => {
  it('dd/mm/yyyy -> yyyy-mm-dd', () => {
    expect(birthDateToIso('31/12/1990')).toBe('1990-12-31');
    expect(birthDateToIso('01/02/2000')).toBe('2000-02-01');
  });
  it('incomplete dates give an empty string', () => {
    expect(birthDateToIso('31/12/19')).toBe('');
    expect(birthDateToIso('')).toBe('');
  });
  it('yyyy-mm-dd -> dd/mm/yyyy', () => {
    expect(isoToBirthDate('1990-12-31')).toBe('31/12/1990');
    expect(isoToBirthDate('1990-12-31T00:00:00Z')).toBe('31/12/1990');
    expect(isoToBirthDate('x')).toBe('');
  });
});
