import { describe, expect, it } from 'vitest';
import { readApiError } from '../../shared/apiError';
import { msg } from '../../shared/messages';
import { loginErrorToast } from './loginErrors';

const err = (status: number, data: Record<string, unknown>) => readApiError({ status, data: { statusCode: status, ...data } });

describe('loginErrorToast', () => {
  it('401: invalid user or password for 5 s', () => {
    expect(loginErrorToast(err(401, { code: 'unauthorized', message: 'x' }), 'staff')).toEqual({
      text: 'Usuário ou senha inválido',
      seconds: 5,
    });
  });
  it('403 blocked: 10 s; the dispatch page appends the company phone', () => {
    const blocked = err(403, { code: 'blocked', message: msg.blocked, phone: '(11) 3333-4444' });
    expect(loginErrorToast(blocked, 'staff')).toEqual({
      text: 'Usuário bloqueado, fale com o administrador do sistema!',
      seconds: 10,
    });
    expect(loginErrorToast(blocked, 'dispatch')).toEqual({
      text: 'Usuário bloqueado, fale com o administrador do sistema! (11) 3333-4444',
      seconds: 10,
    });
    expect(loginErrorToast(err(403, { code: 'blocked', message: msg.blocked }), 'dispatch').text).toBe(msg.blocked);
  });
  it('403 forbidden: no permission for 5 s', () => {
    expect(loginErrorToast(err(403, { code: 'forbidden', message: 'x' }), 'dispatch')).toEqual({
      text: 'Você não tem permissão de acesso!',
      seconds: 5,
    });
  });
  it('429 and 400: the server message', () => {
    expect(loginErrorToast(err(429, { code: 'rate_limited', message: 'Muitas tentativas.' }), 'staff').text).toBe(
      'Muitas tentativas.',
    );
    expect(loginErrorToast(err(400, { code: 'captcha', message: 'Captcha inválido.' }), 'staff').text).toBe(
      'Captcha inválido.',
    );
  });
  it('no connection: the connection message', () => {
    expect(loginErrorToast(readApiError({ status: 'FETCH_ERROR', error: 'x' }), 'staff').text).toBe(msg.connectionError);
  });
});
