import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The database `serve.sh` made for this run. */
export function dbUrl(): string {
  const port = process.env.PATIO_E2E_PORT ?? '18080';
  return readFileSync(join(__dirname, '..', `.db-url.${port}`), 'utf8').trim();
}

/** Runs SQL against the served database (fixtures the screens of this issue cannot create yet). */
export function sql(statement: string): string {
  return execFileSync('psql', [dbUrl(), '-qtAX', '-v', 'ON_ERROR_STOP=1', '-c', statement], {
    encoding: 'utf8',
  }).trim();
}

export const PASSWORD = 'patio123';
export const DEMO_CPF = '529.982.247-25';
export const DEMO_BIRTH = '15/01/1990';

/** A valid CNPJ (masked) built from `n`, so each spec can make records of its own. */
export function cnpjOf(n: number): string {
  const base = String(n % 1e8).padStart(8, '0') + '0001';
  const digits = [...base].map(Number);
  const check = (ds: number[]) => {
    const weights = ds.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const r = ds.reduce((s, d, i) => s + d * weights[i], 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  digits.push(check(digits));
  digits.push(check(digits));
  const s = digits.join('');
  return `${s.slice(0, 2)}.${s.slice(2, 5)}.${s.slice(5, 8)}/${s.slice(8, 12)}-${s.slice(12)}`;
}

/** A number unlikely to repeat between runs and specs (names, CNPJs). */
export function unique(): number {
  return (Date.now() % 1e7) * 10 + Math.floor(Math.random() * 10);
}

/**
 * A company of this spec's own, created through the API as the root administrator (seeded by
 * `patio seed-demo`). Returns its id; the spec never touches the demo company.
 */
export async function createCompany(api: import('@playwright/test').APIRequestContext, name: string): Promise<number> {
  const login = await api.post('/api/auth/login', {
    data: { email: 'admin@patio.local', password: PASSWORD, company: null, recaptcha_token: '', page: 'staff' },
  });
  if (!login.ok()) throw new Error(`admin login: ${login.status()}`);
  const res = await api.post('/api/company/create', {
    data: {
      name,
      company: `${name} Ltda`,
      cnpj: cnpjOf(unique()),
      uf: 'MT',
      city: 'Cuiabá',
      street: 'Rua das Flores',
      number: 120,
      complement: null,
      district: 'Centro',
      zipCode: '78000-000',
      website: null,
      status: true,
      contact: [],
    },
  });
  if (!res.ok()) throw new Error(`company create: ${res.status()} ${await res.text()}`);
  const companies = (await (await api.get('/api/company')).json()) as { id: number; name: string }[];
  const mine = companies.find((c) => c.name === name);
  if (!mine) throw new Error(`company ${name} not listed`);
  return mine.id;
}
