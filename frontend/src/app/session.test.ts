// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_PAGE_KEY, loginPagePath, rememberLoginPage, routeAllowed, routeRedirect } from './session';

describe('routeAllowed (server allow-list)', () => {
  const routes = ['/dashboard', '/empresa/novo/:id', '/expedicao/painel'];
  it('finds the pattern', () => {
    expect(routeAllowed(routes, '/dashboard')).toBe(true);
    expect(routeAllowed(routes, '/empresa/novo/:id')).toBe(true);
    expect(routeAllowed(routes, '/expedicao/transportadora')).toBe(false);
  });
  it('treats {param} like :param and ignores a trailing slash', () => {
    expect(routeAllowed(['/empresa/novo/{id}'], '/empresa/novo/:id')).toBe(true);
    expect(routeAllowed(['/dashboard/'], '/dashboard')).toBe(true);
  });
  it('refuses without a list', () => {
    expect(routeAllowed(undefined, '/dashboard')).toBe(false);
    expect(routeAllowed([], '/dashboard')).toBe(false);
  });
});

describe('login page memory', () => {
  beforeEach(() => localStorage.clear());
  it('defaults to /login and remembers /expedicao', () => {
    expect(loginPagePath()).toBe('/login');
    rememberLoginPage('/expedicao');
    expect(localStorage.getItem(LOGIN_PAGE_KEY)).toBe('/expedicao');
    expect(loginPagePath()).toBe('/expedicao');
    rememberLoginPage('/login');
    expect(loginPagePath()).toBe('/login');
  });
});

describe("routeRedirect (the session's redirects)", () => {
  it('follows the redirects the server sends', () => {
    const transp = { redirects: { '/dashboard': '/pedidos' } };
    expect(routeRedirect(transp, '/dashboard')).toBe('/pedidos');
    expect(routeRedirect(transp, '/dashboard/')).toBe('/pedidos');
    expect(routeRedirect(transp, '/empresas')).toBeNull();
    expect(routeRedirect({ redirects: {} }, '/dashboard')).toBeNull();
    expect(routeRedirect(null, '/dashboard')).toBeNull();
  });
});
