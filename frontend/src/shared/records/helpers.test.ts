import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../shared/apiError';
import { fillFromPostal } from './address';
import { likeUrl, listParams } from './api';
import { contactPayload, contactRows, removeUnsavedContact } from './contacts';
import { addDays, checkDashboardRange, checkLogRange, defaultDashboardRange, defaultLogRange, yardToday } from './dates';
import { errorLine } from './importErrors';
import { maskDocument, normalizeCode } from './masks';
import { deleteErrorText, saveErrorText, splitFieldErrors } from './serverErrors';
import { companyRules, shippingRules } from './validation';

const apiError = (over: Partial<ApiError>): ApiError => ({
  statusCode: 409,
  code: 'duplicate',
  message: 'Email já cadastrado!',
  fields: {},
  body: {},
  ...over,
});

describe('server errors', () => {
  it('save failures read "Erro ao Cadastrar: " plus the message', () => {
    expect(saveErrorText(apiError({}))).toBe('Erro ao Cadastrar: Email já cadastrado!');
  });
  it('a referenced delete shows the server message as is; others get the prefix', () => {
    const referenced = apiError({ code: 'referenced', message: 'Erro ao excluir, existe(m) pedido(s) para este cliente!' });
    expect(deleteErrorText(referenced)).toBe('Erro ao excluir, existe(m) pedido(s) para este cliente!');
    expect(deleteErrorText(apiError({ code: 'conflict', message: 'Você não pode excluir o próprio usuário!' }))).toBe(
      'Erro ao excluir: Você não pode excluir o próprio usuário!',
    );
  });
  it('422 fields go onto the form (renamed), others elsewhere', () => {
    const out = splitFieldErrors({ cnpj: 'CNPJ inválido', _company: 'Selecione uma empresa!', file: 'x' }, ['cnpj', 'companyId'], {
      _company: 'companyId',
    });
    expect(out.onForm).toEqual([
      { name: 'cnpj', errors: ['CNPJ inválido'] },
      { name: 'companyId', errors: ['Selecione uma empresa!'] },
    ]);
    expect(out.elsewhere).toEqual(['x']);
  });
  it('import errors name their line', () => {
    expect(errorLine('Linha 7: CNPJ inválido')).toBe(7);
    expect(errorLine('Nenhum registro para importar!')).toBeNull();
  });
});

describe('contacts', () => {
  const list = [
    { id: 4, name: 'Salvo', fone: '(66) 9 9999-0000', email: 's@x.com', whatsapp: false },
    { name: 'Novo', fone: '(66) 9 9999-0000', email: 'n@x.com', whatsapp: true },
    { name: 'Outro', fone: '(11) 9 8888-7777', email: 'o@x.com', whatsapp: false },
  ];
  it('an unsaved contact is removed by its phone; a saved one with the same phone stays', () => {
    expect(removeUnsavedContact(list, '66999990000').map((c) => c.name)).toEqual(['Salvo', 'Outro']);
    expect(removeUnsavedContact(list, '(99) 9 9999-9999')).toHaveLength(3);
  });
  it('rows and payload', () => {
    expect(contactRows([{ id: 1, name: 'A', fone: null, email: 'a@x.com', whatsapp: true }])).toEqual([
      { id: 1, name: 'A', fone: '', email: 'a@x.com', whatsapp: true },
    ]);
    expect(contactPayload([{ name: ' B ', fone: '(11) 9 1111-2222', email: ' b@x.com ', whatsapp: false }])).toEqual([
      { name: 'B', fone: '(11) 9 1111-2222', email: 'b@x.com', whatsapp: false },
    ]);
  });
});

describe('postal-code fill', () => {
  const address = { cep: '01310-100', street: 'Avenida Paulista de Todos os Santos', complement: '', district: 'Bela Vista', city: 'São Paulo', uf: 'sp' };
  it('fills city, district, street and uf, cut to the form lengths, skipping empty answers', () => {
    expect(fillFromPostal(address, companyRules)).toEqual({
      city: 'São Paulo',
      district: 'Bela Vista',
      street: 'Avenida Paulista de Todos os Santos',
      uf: 'SP',
    });
    expect(fillFromPostal(address, shippingRules(true)).street).toBe('Avenida Paulista de Todos');
    expect(fillFromPostal(address, shippingRules(true)).street).toHaveLength(25);
  });
});

describe('dates', () => {
  it('default ranges', () => {
    expect(defaultLogRange('2025-03-01')).toEqual({ start: '2025-02-28', end: '2025-03-01' });
    expect(defaultDashboardRange('2025-01-03')).toEqual({ start: '2024-12-27', end: '2025-01-03' });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });
  it('the end may not precede the start; the dashboard end may not pass today', () => {
    expect(checkLogRange('2025-03-02', '2025-03-01')).toBe('A data final não pode ser anterior à data inicial!');
    expect(checkLogRange('2025-03-01', '2025-03-01')).toBeNull();
    expect(checkDashboardRange('2025-03-01', '2025-03-05', '2025-03-04')).toBe('A data final não pode ser posterior a hoje!');
    expect(checkDashboardRange('2025-03-05', '2025-03-04', '2025-03-04')).toBe('A data final não pode ser anterior à data inicial!');
    expect(checkDashboardRange('2025-02-25', '2025-03-04', '2025-03-04')).toBeNull();
  });
  it("today in the yards' zone", () => {
    expect(yardToday(new Date('2025-01-12T02:00:00Z'))).toBe('2025-01-11');
    expect(yardToday(new Date('2025-01-12T15:00:00Z'))).toBe('2025-01-12');
  });
});

describe('list calls and masks', () => {
  it('leaves empty filters out', () => {
    expect(listParams({ page: 2, pageSize: 9, search: '  ' })).toEqual({ page: 2, pageSize: 9 });
    expect(listParams({ page: 1, pageSize: 8, search: ' ana ', companyId: 3, role: 'Usuario' })).toEqual({
      page: 1,
      pageSize: 8,
      search: 'ana',
      companyId: 3,
      role: 'Usuario',
    });
  });
  it('autocomplete paths', () => {
    expect(likeUrl({ resource: 'company' })).toBe('company/like');
    expect(likeUrl({ resource: 'shipping-company', text: 'Rá/pido', companyId: 2 })).toBe('shipping-company/like/R%C3%A1%2Fpido/company/2');
  });
  it('documents are masked as CPF up to 11 digits, then as CNPJ', () => {
    expect(maskDocument('52998224725')).toBe('529.982.247-25');
    expect(maskDocument('11222333000181')).toBe('11.222.333/0001-81');
    expect(normalizeCode('12a3')).toBe('123');
  });
});
