// What the browser benchmarks share (driver_3g.mjs, lighthouse.mjs): `patio serve` with the
// built frontend on a database of its own (tests/e2e/serve.sh, dropped when it stops), and a
// driver of Demo Agro (this host's company) with a truck, in the queue, the queue open all day.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** The flags of the e2e specs (tests/e2e/playwright.config.ts). */
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
export const BIN = process.env.PATIO_BIN ?? join(ROOT, 'target', 'release', 'patio');
export const DRIVER_CPF = '39053344705';

/** Starts the server on `port`; resolves when /api/ready answers. */
export async function serve(port) {
  if (!existsSync(join(ROOT, 'frontend', 'dist', 'index.html'))) throw new Error('build first: cd frontend && npm run build');
  if (!existsSync(BIN)) throw new Error(`build first: ${BIN}`);
  const pgUrl = process.env.PATIO_PG_URL ?? execFileSync(join(ROOT, 'scripts', 'pg.sh'), ['url']).toString().trim();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn('bash', [join(ROOT, 'tests', 'e2e', 'serve.sh'), String(port)], {
    env: { ...process.env, PATIO_BIN: BIN, PATIO_PG_URL: pgUrl, RUST_LOG: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  };
  process.on('exit', stop);
  for (let i = 0; ; i++) {
    if (i > 600) throw new Error('patio serve never came up');
    try {
      if ((await fetch(`${base}/api/ready`)).ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const dbUrl = readFileSync(join(ROOT, 'tests', 'e2e', `.db-url.${port}`), 'utf8').trim();
  const sql = (s) => execFileSync('psql', [dbUrl, '-tAq', '-v', 'ON_ERROR_STOP=1', '-c', s]).toString().trim();
  return { base, sql, stop };
}

/**
 * A driver of Demo Agro with a truck, in the queue. Returns the login body, for the API or for
 * a browser's own sign-in.
 */
export async function queuedDriver({ base, sql }) {
  const company = sql("SELECT id FROM companies WHERE name = 'Demo Agro'");
  sql(`UPDATE settings SET start_time = '00:00', end_time = '23:59', time_attendence = '00:30',
         week_days = '[true, true, true, true, true, true, true]'::jsonb, hour_entry_limit = 8,
         enable_queue_save = TRUE, enable_queue_without_scheduling = TRUE WHERE company_id = ${company}`);
  const driverId = sql(`INSERT INTO drivers (company_id, name, cpf, birth_date, is_enabled, use_terms)
    VALUES (${company}, 'MOTORISTA 3G', '${DRIVER_CPF}', '1990-01-15', TRUE, TRUE) RETURNING id`);
  const truckId = sql(`INSERT INTO trucks (company_id, driver_id, license_plate, renavam, implement_type, shaft_quantity, gross_capacity, net_capacity, is_enabled)
    VALUES (${company}, ${driverId}, 'TGG3G33', '12345678901', 'TRUCK', 3, 23, 16, TRUE) RETURNING id`);
  const login = { cpf: DRIVER_CPF, company: { id: Number(company) }, birthDate: '1990-01-15', recaptcha_token: '' };
  const cookie = await driverCookie(base, login);
  const joined = await fetch(`${base}/api/queue/save`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: base },
    body: JSON.stringify({ truck: { id: Number(truckId) } }),
  });
  if (joined.status >= 300) throw new Error(`join: ${joined.status} ${await joined.text()}`);
  return login;
}

/** Signs the driver in through the API; returns its `Cookie` header. */
export async function driverCookie(base, login) {
  const res = await fetch(`${base}/api/auth/app/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(login),
  });
  if (res.status !== 201) throw new Error(`login: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : null;
};
