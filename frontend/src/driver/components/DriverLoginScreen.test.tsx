// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../app/api';
import { store } from '../../app/store';
import { Toasts } from '../ui/Toasts';
import { DriverLoginScreen } from './DriverLoginScreen';

type Handler = (req: Request, body: unknown) => { status: number; body?: unknown };
let handler: Handler;
let calls: { method: string; path: string; body: unknown }[];

// fetchBaseQuery builds `new Request('/api/...')`: give Node's Request a base URL, and drop
// jsdom's AbortSignal, which Node's fetch does not accept.
const RealRequest = globalThis.Request;
class TestRequest extends RealRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    const url = typeof input === 'string' ? new URL(input, 'http://localhost').toString() : input;
    super(url, init ? { ...init, signal: undefined } : init);
  }
}

beforeEach(() => {
  calls = [];
  store.dispatch(api.util.resetApiState());
  localStorage.clear();
  vi.stubGlobal('Request', TestRequest);
  vi.stubGlobal('fetch', async (input: Request) => {
    const url = new URL(input.url);
    const text = input.method === 'GET' ? '' : await input.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    calls.push({ method: input.method, path: url.pathname + url.search, body });
    const res = handler(input, body);
    return new Response(res.body === undefined ? '' : JSON.stringify(res.body), {
      status: res.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderScreen() {
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/app/login']}>
        <Routes>
          <Route path="/app/login" element={<DriverLoginScreen />} />
          <Route path="/" element={<p>home</p>} />
        </Routes>
      </MemoryRouter>
      <Toasts />
    </Provider>,
  );
}

const company = { id: 2, name: 'Cooperativa B', logo: null, enableRecaptcha: false, recaptchaSite: null };

function baseRoutes(path: string): { status: number; body?: unknown } | null {
  if (path.startsWith('/api/company/host')) return { status: 200, body: company };
  if (path === '/api/attendances/today/company/2') return { status: 200, body: { id: 1, status: true } };
  if (path === '/api/settings/operating-data/2')
    return { status: 200, body: { start: '07:00', end: '17:00', weekDays: [false, true, true, true, true, true, false], programmedTotal: 0 } };
  return null;
}

async function login() {
  fireEvent.change(await screen.findByLabelText('CPF'), { target: { value: '52998224725' } });
  fireEvent.change(screen.getByLabelText('Data de nascimento'), { target: { value: '31121990' } });
  fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('DriverLoginScreen', () => {
  it('shows the attendance box and sends the login as the API expects', async () => {
    handler = (req) => {
      const url = new URL(req.url);
      const known = baseRoutes(url.pathname + url.search);
      if (known) return known;
      if (url.pathname === '/api/auth/app/login')
        return { status: 201, body: { id: 5, name: 'João', accessToken: 't', company: { id: 2, name: 'B' }, useTerms: true, mustApproveTerms: false } };
      if (url.pathname === '/api/auth/app/session')
        return { status: 200, body: { kind: 'driver', id: 5, name: 'João', cpf: '52998224725', company: { id: 2, name: 'B', logo: null }, useTerms: true, mustApproveTerms: false } };
      return { status: 404, body: { statusCode: 404, code: 'not_found', message: 'x' } };
    };
    renderScreen();
    expect(await screen.findByText('Aberto')).toBeTruthy();
    expect(await screen.findByText('Horário: 07:00 às 17:00')).toBeTruthy();
    expect(screen.getByText('Dias: Seg, Ter, Qua, Qui, Sex')).toBeTruthy();
    await login();
    expect(await screen.findByText('home')).toBeTruthy();
    const sent = calls.find((c) => c.path === '/api/auth/app/login');
    expect(sent?.body).toEqual({ cpf: '52998224725', company: { id: 2 }, birthDate: '1990-12-31', recaptcha_token: '' });
  });

  it('offers the company chooser (16 characters, uppercase) when the host matches no company', async () => {
    handler = (req) => {
      const url = new URL(req.url);
      if (url.pathname === '/api/company/host') return { status: 404, body: { statusCode: 404, code: 'not_found', message: 'x' } };
      if (url.pathname === '/api/company/public')
        return { status: 200, body: [{ id: 2, name: 'Cooperativa Agroindustrial do Sul', logo: null }] };
      return baseRoutes(url.pathname) ?? { status: 404, body: {} };
    };
    renderScreen();
    const select = (await screen.findByLabelText('Empresa')) as HTMLSelectElement;
    expect(await screen.findByRole('option', { name: 'COOPERATIVA AGRO' })).toBeTruthy();
    await login();
    expect(await screen.findByText('Selecione uma empresa!')).toBeTruthy();
    fireEvent.change(select, { target: { value: '2' } });
    expect(await screen.findByText('Aberto')).toBeTruthy();
  });

  it('406: the transfer modal; a wrong code gives Token inválido, the right one transfers and retries', async () => {
    let logins = 0;
    handler = (req) => {
      const url = new URL(req.url);
      const known = baseRoutes(url.pathname + url.search);
      if (known) return known;
      if (url.pathname === '/api/auth/app/login') {
        logins += 1;
        if (logins === 1)
          return {
            status: 406,
            body: {
              statusCode: 406,
              code: 'transfer_conflict',
              message: 'x',
              company_a: { company: 'Cooperativa A', logo: null, queue: { date: '2025-01-12T13:05:00Z' } },
              driver: { id: 5, name: 'João' },
              transferToken: 'tok',
            },
          };
        return { status: 201, body: { id: 5, name: 'João', accessToken: 't', company: { id: 2, name: 'B' }, useTerms: true, mustApproveTerms: false } };
      }
      if (url.pathname === '/api/driver/save') return { status: 200, body: { id: 5, company: { id: 2 } } };
      if (url.pathname === '/api/auth/app/session') return { status: 401, body: {} };
      return { status: 404, body: {} };
    };
    vi.spyOn(Math, 'random').mockReturnValue(0.2345);
    renderScreen();
    await login();
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(screen.getByText('Você está cadastrado na empresa Cooperativa A.')).toBeTruthy();
    expect(screen.getByText('Data na fila: 12/01/2025 10:05')).toBeTruthy();
    expect(screen.getByText('Para confirmar, digite o código 3345:')).toBeTruthy();

    const code = screen.getByLabelText('Código de confirmação');
    fireEvent.change(code, { target: { value: '9999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText('Token inválido')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/driver/save')).toBe(false);

    fireEvent.change(code, { target: { value: '3345' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sim' }));
    });
    await waitFor(() => expect(logins).toBe(2));
    expect(calls.find((c) => c.path === '/api/driver/save')?.body).toEqual({
      override: true,
      id: 5,
      company: { id: 2 },
      transferToken: 'tok',
    });
  });

  it('409: shows the server message', async () => {
    handler = (req) => {
      const url = new URL(req.url);
      const known = baseRoutes(url.pathname + url.search);
      if (known) return known;
      if (url.pathname === '/api/auth/app/login')
        return { status: 409, body: { statusCode: 409, code: 'conflict', message: 'Motorista não encontrado.' } };
      return { status: 404, body: {} };
    };
    renderScreen();
    await login();
    expect(await screen.findByText('Motorista não encontrado.')).toBeTruthy();
  });
});
