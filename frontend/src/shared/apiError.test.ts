import { describe, expect, it } from 'vitest';
import { readApiError } from './apiError';
import { msg } from './messages';

describe('readApiError', () => {
  it('reads an RTK Query error with the API body', () => {
    const e = readApiError({
      status: 409,
      data: { statusCode: 409, code: 'duplicate', message: 'Email já cadastrado!' },
    });
    expect(e).toMatchObject({ statusCode: 409, code: 'duplicate', message: 'Email já cadastrado!', fields: {} });
  });
  it('reads the fields of a 422', () => {
    const e = readApiError({
      status: 422,
      data: { statusCode: 422, code: 'validation', message: 'Dados inválidos', fields: { cpf: 'Cpf Inválido', x: 3 } },
    });
    expect(e.fields).toEqual({ cpf: 'Cpf Inválido' });
  });
  it('keeps the extra fields of the body (phone of a blocked dispatch login)', () => {
    const e = readApiError({
      status: 403,
      data: { statusCode: 403, code: 'blocked', message: msg.blocked, phone: '(11) 3333-4444' },
    });
    expect(e.code).toBe('blocked');
    expect(e.body.phone).toBe('(11) 3333-4444');
  });
  it('reads a bare API body', () => {
    expect(readApiError({ statusCode: 404, code: 'not_found', message: 'x' }).statusCode).toBe(404);
  });
  it('turns network failures into a connection message', () => {
    for (const err of [{ status: 'FETCH_ERROR', error: 'TypeError' }, { status: 'TIMEOUT_ERROR', error: 'x' }]) {
      expect(readApiError(err)).toMatchObject({ statusCode: 0, code: 'network', message: msg.connectionError });
    }
  });
  it('copes with a non-JSON answer and odd input', () => {
    expect(readApiError({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'x' })).toMatchObject({
      statusCode: 502,
      code: 'internal',
      message: msg.unexpectedError,
    });
    expect(readApiError({ status: 401, data: null })).toMatchObject({ statusCode: 401, code: 'unauthorized' });
    expect(readApiError(undefined).message).toBe(msg.unexpectedError);
  });
});
