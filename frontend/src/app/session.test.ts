// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_PAGE_KEY, loginPagePath, profilePath, rememberLoginPage, routeAllowed, routeRedirect, titlePrefix } from './session';

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

describe('chrome helpers', () => {
  it('window-title prefix by role', () => {
    expect(titlePrefix('Transportadora')).toBe('Transportadora - ');
    expect(titlePrefix('Administrador')).toBe('Admin - ');
    expect(titlePrefix('Expedicao')).toBe('Admin - ');
  });
  it('profile path by role', () => {
    expect(profilePath('Administrador')).toBe('/admin/edit');
    expect(profilePath('Usuario')).toBe('/user/edit');
    expect(profilePath('Expedicao')).toBe('/perfil');
    expect(profilePath('Transportadora')).toBe('/user/edit');
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

describe('routeRedirect (the server route_redirect rule)', () => {
  it('sends a Transportadora from /dashboard to /pedidos', () => {
    expect(routeRedirect({ role: 'Transportadora' }, '/dashboard')).toBe('/pedidos');
    expect(routeRedirect({ role: 'Usuario' }, '/dashboard')).toBeNull();
    expect(routeRedirect({ role: 'Transportadora' }, '/empresas')).toBeNull();
    expect(routeRedirect(null, '/dashboard')).toBeNull();
  });
  it("follows the session's own redirects when the server sends them", () => {
    expect(routeRedirect({ role: 'Transportadora', redirects: { '/dashboard': '/fila' } }, '/dashboard')).toBe('/fila');
    expect(routeRedirect({ role: 'Transportadora', redirects: {} }, '/dashboard')).toBeNull();
  });
});
