import { describe, expect, it } from 'vitest';
import {
  checkContact,
  checkField,
  checkForm,
  companyRules,
  customerRules,
  shippingRules,
  userRules,
} from './validation';

const goodCompany = {
  name: 'Demo Agro',
  cnpj: '11.222.333/0001-81',
  company: 'Demo Agro Armazéns Gerais Ltda',
  uf: 'MT',
  street: 'Avenida dos Estudantes',
  number: '1500',
  complement: '',
  city: 'Rondonópolis',
  district: 'Centro',
  zipCode: '78700-000',
  website: '',
};

describe('company form (spec 1 section 5)', () => {
  it('accepts a complete company', () => {
    expect(checkForm(companyRules, goodCompany)).toEqual({});
  });
  it('gives the spec message of every required field', () => {
    expect(checkForm(companyRules, {})).toEqual({
      name: 'Nome fantasia é obrigatório!',
      cnpj: 'Número de CNPJ é obrigatório!',
      company: 'Razão social é obrigatório!',
      uf: 'Estado é obrigatório!',
      street: 'Nome da rua é obrigatório!',
      city: 'Nome da cidade é obrigatório!',
      district: 'Nome do bairro é obrigatório!',
      zipCode: 'CEP é obrigatório!',
    });
  });
  it('limits lengths with "Tamanho máximo de N caracteres"', () => {
    const long = (n: number) => 'x'.repeat(n);
    const problems = checkForm(companyRules, {
      ...goodCompany,
      name: long(81),
      company: long(51),
      street: long(51),
      city: long(51),
      complement: long(26),
    });
    expect(problems).toEqual({
      name: 'Tamanho máximo de 80 caracteres',
      company: 'Tamanho máximo de 50 caracteres',
      street: 'Tamanho máximo de 50 caracteres',
      city: 'Tamanho máximo de 50 caracteres',
      complement: 'Tamanho máximo de 25 caracteres',
    });
    expect(checkField(companyRules.name, long(80))).toBeNull();
  });
  it('checks CNPJ, UF, number and CEP as the server does', () => {
    expect(checkForm(companyRules, { ...goodCompany, cnpj: '11.222.333/0001-82', uf: 'XX', number: '123456', zipCode: '7870' })).toEqual({
      cnpj: 'CNPJ inválido',
      uf: 'Estado inválido!',
      number: 'Número inválido!',
      zipCode: 'CEP inválido',
    });
  });
});

describe('customer form', () => {
  it('needs code and name only; a CPF is accepted as the document', () => {
    expect(checkForm(customerRules, {})).toEqual({ code: 'Código é obrigatório!', name: 'Nome é obrigatório!' });
    expect(checkForm(customerRules, { code: '10', name: 'Sítio', cnpj: '529.982.247-25' })).toEqual({});
    expect(checkForm(customerRules, { code: '0', name: 'Sítio' })).toEqual({ code: 'Código inválido!' });
  });
});

describe('shipping-company form: the company rules apply on edit only', () => {
  it('a new one needs code and name', () => {
    expect(checkForm(shippingRules(false), {})).toEqual({
      code: 'Código é obrigatório!',
      name: 'Nome fantasia é obrigatório!',
    });
    expect(checkField(shippingRules(false).street, 'x'.repeat(30))).toBeNull();
  });
  it('an edit also needs state registration and the address, street at most 25', () => {
    const problems = checkForm(shippingRules(true), { code: '1', name: 'Rápido', street: 'x'.repeat(26) });
    expect(problems).toEqual({
      cnpj: 'Número de CNPJ é obrigatório!',
      stateRegistration: 'Inscrição Estadual é obrigatório!',
      uf: 'Estado é obrigatório!',
      street: 'Tamanho máximo de 25 caracteres',
      city: 'Nome da cidade é obrigatório!',
      district: 'Nome do bairro é obrigatório!',
      zipCode: 'CEP é obrigatório!',
    });
  });
  it('the password has at most 11 characters', () => {
    expect(checkField(shippingRules(true).password, '123456789012')).toBe('Tamanho máximo de 11 caracteres');
    expect(checkField(shippingRules(true).password, '12345678901')).toBeNull();
  });
});

describe('user and profile forms', () => {
  it('name and e-mail are required; the password on create only', () => {
    expect(checkForm(userRules(true), {})).toEqual({
      name: 'Nome é obrigatório!',
      email: 'E-mail é obrigatório!',
      password: 'Senha é obrigatória!',
    });
    expect(checkForm(userRules(false), { name: 'Ana', email: 'ana@x.com' })).toEqual({});
  });
  it('e-mail shape, maximum lengths, CPF and phone', () => {
    expect(
      checkForm(userRules(false), {
        name: 'x'.repeat(26),
        email: 'ana@',
        cpf: '529.982.247-24',
        fone: '(01) 9 9999-9999',
        password: '123456789012',
      }),
    ).toEqual({
      name: 'Tamanho máximo de 25 caracteres',
      email: 'E-email inválido',
      cpf: 'Cpf Inválido',
      fone: 'Telefone inválido',
      password: 'Tamanho máximo de 11 caracteres',
    });
    expect(checkField(userRules(false).email, 'a'.repeat(20) + '@x.com')).toBe('Tamanho máximo de 25 caracteres');
  });
});

describe('contacts', () => {
  it('need name, phone and e-mail all filled', () => {
    expect(checkContact({ name: 'Ana', fone: '', email: 'a@b.com' })).toBe('Preencha nome, telefone e e-mail do contato!');
    expect(checkContact({ name: 'Ana', fone: '(66) 9 9999-0000', email: 'a@b.com' })).toBeNull();
    expect(checkContact({ name: 'Ana', fone: '(66) 9', email: 'a@b.com' })).toBe('Telefone inválido');
    expect(checkContact({ name: 'Ana', fone: '(66) 9 9999-0000', email: 'ab.com' })).toBe('E-email inválido');
  });
});
