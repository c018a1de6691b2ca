// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../app/api';
import { store } from '../../app/store';
import DriverCheckinPage from './DriverCheckinPage';

type Reply = { status: number; body?: unknown };
let save: Reply;
let calls: { method: string; path: string; body: unknown }[];

const RealRequest = globalThis.Request;
class TestRequest extends RealRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    const url = typeof input === 'string' ? new URL(input, 'http://localhost').toString() : input;
    super(url, init ? { ...init, signal: undefined } : init);
  }
}

const session = {
  kind: 'driver',
  id: 9,
  name: 'MOTORISTA TESTE',
  cpf: '52998224725',
  company: { id: 2, name: 'Cooperativa B', logo: null },
  useTerms: true,
  mustApproveTerms: false,
};

function reply(method: string, path: string): Reply {
  if (path === '/api/auth/app/session') return { status: 200, body: session };
  if (path === '/api/queue/hasDriver/9') return { status: 200, body: { hasDriver: true, queueId: 5 } };
  if (method === 'POST' && path === '/api/checkins/save') return save;
  return { status: 404, body: { statusCode: 404, code: 'not_found', message: 'x' } };
}

beforeEach(() => {
  calls = [];
  save = { status: 201, body: { id: 1 } };
  store.dispatch(api.util.resetApiState());
  vi.stubGlobal('Request', TestRequest);
  vi.stubGlobal('fetch', async (input: Request) => {
    const url = new URL(input.url);
    const text = input.method === 'GET' ? '' : await input.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    calls.push({ method: input.method, path: url.pathname, body });
    const res = reply(input.method, url.pathname);
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

function renderPage(state?: unknown) {
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[{ pathname: '/app/checkin', state }]}>
        <Routes>
          <Route path="/app/checkin" element={<DriverCheckinPage />} />
          <Route path="/" element={<p>home</p>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

describe('DriverCheckinPage', () => {
  it('warning, confirmation, done: sends the entry and goes home after 3 s', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Continuar' }));
    expect(screen.getByText('Etapa 2 de 3')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar check-in' }));
    expect(await screen.findByText('Check-in realizado!')).toBeTruthy();
    expect(screen.getByText('Aguarde ser chamado')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/checkins/save').map((c) => c.body)).toEqual([{ queue: { id: 5 } }]);
    await waitFor(() => expect(screen.getByText('home')).toBeTruthy(), { timeout: 4_500 });
  }, 8_000);

  it("shows the server's refusal and stays on the confirmation", async () => {
    save = {
      status: 403,
      body: { statusCode: 403, code: 'forbidden', message: 'Check-in permitido apenas na rede do pátio da empresa.' },
    };
    renderPage({ step: 2 });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar check-in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Check-in permitido apenas na rede do pátio da empresa.');
    expect(screen.getByText('Etapa 2 de 3')).toBeTruthy();
  });

  it("any other failure reads 'Erro ao fazer check-in'", async () => {
    save = { status: 500, body: { statusCode: 500, code: 'internal', message: 'boom' } };
    renderPage({ step: 2 });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar check-in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Erro ao fazer check-in');
  });

  it('the cancelled notice shows its date; Ok goes home', async () => {
    renderPage({ step: 4, updatedAt: '2026-11-25T13:05:00Z' });
    expect(await screen.findByText('Check-in cancelado')).toBeTruthy();
    expect(screen.getByTestId('checkin-cancelled-at').textContent).toBe('Cancelado em 25/11/2026 10:05');
    fireEvent.click(screen.getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('home')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/checkins/save')).toBe(false);
  });
});
