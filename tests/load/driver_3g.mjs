#!/usr/bin/env node
// The driver app on a weak phone (issue 14 "Tests that must exist", last bullet): `patio serve`
// with the built frontend (tests/e2e/serve.sh: a database of its own with the demo tenant,
// dropped at the end), Debian's Chromium through playwright-core (tests/e2e/node_modules) with
// the e2e flags, a 360x640 phone, and CDP Network.emulateNetworkConditions at two 3G profiles:
//   "Slow 3G": 400 ms latency, 400 kbit/s down, 400 kbit/s up;
//   "Fast 3G": 562.5 ms latency, 1.6 Mbit/s down, 750 kbit/s up  (kbit = 1000 bit).
// Measured from page.goto to:
//   /app/login               the CPF field visible and enabled;
//   /app/agendamento/status  the driver's position shown ("Nº"), for a driver of Demo Agro in
//                            the queue (driver and truck written with SQL, signed in and queued
//                            through the API, as the e2e specs do).
// Cold: a new browser (empty HTTP cache, no service worker). Warm: the same context after one
// visit, the service worker active (its caches and the HTTP cache). RUNS (3) of each; medians.
// Also the critical bytes per driver route from frontend/scripts/size-report.js and the bytes
// the cold page actually received (CDP encodedDataLength).
// Writes tests/load/results/driver_3g.json and prints it.
//
// node tests/load/driver_3g.mjs   (make bench; needs frontend/dist and target/release/patio)
// Environment: PATIO_BIN, PATIO_PG_URL (scripts/pg.sh url), DRIVER_3G_PORT (18449), RUNS.
import { createRequire } from 'node:module';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(join(ROOT, 'tests', 'e2e', 'package.json'));
const { chromium, request: pwRequest } = require('playwright-core');

const PORT = Number(process.env.DRIVER_3G_PORT ?? 18449);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.RUNS ?? 3);
const BIN = process.env.PATIO_BIN ?? join(ROOT, 'target', 'release', 'patio');
const PG_URL = process.env.PATIO_PG_URL ?? execFileSync(join(ROOT, 'scripts', 'pg.sh'), ['url']).toString().trim();
const OUT = join(ROOT, 'tests', 'load', 'results', 'driver_3g.json');
const PROFILES = {
  'Slow 3G': { latency: 400, downloadThroughput: (400 * 1000) / 8, uploadThroughput: (400 * 1000) / 8 },
  'Fast 3G': { latency: 562.5, downloadThroughput: (1600 * 1000) / 8, uploadThroughput: (750 * 1000) / 8 },
};
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const PHONE = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' };

if (!existsSync(join(ROOT, 'frontend', 'dist', 'index.html'))) throw new Error('build first: cd frontend && npm run build');
if (!existsSync(BIN)) throw new Error(`build first: ${BIN}`);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : null;
};

// The server (serve.sh creates the database and drops it when it stops).
const server = spawn('bash', [join(ROOT, 'tests', 'e2e', 'serve.sh'), String(PORT)], {
  env: { ...process.env, PATIO_BIN: BIN, PATIO_PG_URL: PG_URL, RUST_LOG: 'warn' },
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
    if ((await fetch(`${BASE}/api/ready`)).ok) break;
  } catch {
    /* not yet */
  }
  await new Promise((r) => setTimeout(r, 200));
}
const dbUrl = readFileSync(join(ROOT, 'tests', 'e2e', `.db-url.${PORT}`), 'utf8').trim();
const sql = (s) => execFileSync('psql', [dbUrl, '-tAq', '-v', 'ON_ERROR_STOP=1', '-c', s]).toString().trim();

// A driver of Demo Agro (this host's company) with a truck; the queue open all day.
const company = sql("SELECT id FROM companies WHERE name = 'Demo Agro'");
sql(`UPDATE settings SET start_time = '00:00', end_time = '23:59', time_attendence = '00:30',
       week_days = '[true, true, true, true, true, true, true]'::jsonb, hour_entry_limit = 8,
       enable_queue_save = TRUE, enable_queue_without_scheduling = TRUE WHERE company_id = ${company}`);
const CPF = '39053344705';
const driverId = sql(`INSERT INTO drivers (company_id, name, cpf, birth_date, is_enabled, use_terms)
  VALUES (${company}, 'MOTORISTA 3G', '${CPF}', '1990-01-15', TRUE, TRUE) RETURNING id`);
const truckId = sql(`INSERT INTO trucks (company_id, driver_id, license_plate, renavam, implement_type, shaft_quantity, gross_capacity, net_capacity, is_enabled)
  VALUES (${company}, ${driverId}, 'TGG3G33', '12345678901', 'TRUCK', 3, 23, 16, TRUE) RETURNING id`);
const LOGIN = { cpf: CPF, company: { id: Number(company) }, birthDate: '1990-01-15', recaptcha_token: '' };
{
  const api = await pwRequest.newContext({ baseURL: BASE });
  const login = await api.post('/api/auth/app/login', { data: LOGIN });
  if (login.status() !== 201) throw new Error(`login: ${login.status()} ${await login.text()}`);
  const joined = await api.post('/api/queue/save', { data: { truck: { id: Number(truckId) } } });
  if (joined.status() >= 300) throw new Error(`join: ${joined.status()} ${await joined.text()}`);
  await api.dispose();
}

const ROUTES = {
  '/app/login': async (page) => {
    const cpf = page.getByLabel('CPF');
    await cpf.waitFor({ state: 'visible', timeout: 120_000 });
    await page.waitForFunction(
      () => {
        const el = [...document.querySelectorAll('input')].find((i) => i.labels?.[0]?.textContent?.includes('CPF'));
        return el && !el.disabled;
      },
      null,
      { timeout: 120_000 },
    );
  },
  '/app/agendamento/status': async (page) => {
    await page.getByTestId('my-position').filter({ hasText: /^\d+º$/ }).waitFor({ state: 'visible', timeout: 120_000 });
  },
};

/** One measured visit of `route` in `page` under `profile`: milliseconds and bytes received. */
async function visit(context, page, route, profile) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...PROFILES[profile] });
  let bytes = 0;
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
  });
  const t0 = performance.now();
  await page.goto(route, { waitUntil: 'commit', timeout: 120_000 });
  await ROUTES[route](page);
  const ms = Math.round(performance.now() - t0);
  await cdp.detach().catch(() => {});
  return { ms, bytes };
}

async function signedIn(context, route) {
  if (route === '/app/login') return;
  const res = await context.request.post(`${BASE}/api/auth/app/login`, { data: LOGIN });
  if (res.status() !== 201) throw new Error(`login: ${res.status()}`);
}

const results = {};
for (const profile of Object.keys(PROFILES)) {
  for (const route of Object.keys(ROUTES)) {
    const cold = [];
    const warm = [];
    const coldBytes = [];
    const warmBytes = [];
    for (let run = 0; run < RUNS; run++) {
      const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
      const context = await browser.newContext({ ...PHONE, baseURL: BASE });
      await signedIn(context, route);
      const first = await context.newPage();
      const c = await visit(context, first, route, profile);
      cold.push(c.ms);
      coldBytes.push(c.bytes);
      // The service worker installed and active before the warm visit.
      await first.evaluate(async () => {
        if ('serviceWorker' in navigator) await navigator.serviceWorker.ready;
      });
      await first.waitForTimeout(1000);
      await first.close();
      const second = await context.newPage();
      const w = await visit(context, second, route, profile);
      warm.push(w.ms);
      warmBytes.push(w.bytes);
      await browser.close();
      console.error(`${profile} ${route} run ${run + 1}: cold ${c.ms} ms (${c.bytes} B), warm ${w.ms} ms (${w.bytes} B)`);
    }
    results[profile] ??= {};
    results[profile][route] = {
      cold_ms_median: median(cold),
      warm_ms_median: median(warm),
      cold_ms: cold,
      warm_ms: warm,
      cold_bytes_received: median(coldBytes),
      warm_bytes_received: median(warmBytes),
    };
  }
}

// The critical bytes per driver route (frontend/scripts/size-report.js, gzip -9 of dist/).
const report = execFileSync('node', [join(ROOT, 'frontend', 'scripts', 'size-report.js')]).toString();
const critical = {};
for (const m of report.matchAll(/^\s+(driver [^\n]*?\))\s+([0-9.]+) KB\s+\((\d+) files\)/gm)) {
  critical[m[1]] = { gzip_kb: Number(m[2]), files: Number(m[3]) };
}

const result = {
  benchmark: 'driver_app_3g',
  machine: `${os.cpus().length} cores, shared with other builds and tests (figures are noisy); server and browser on the same machine`,
  browser: execFileSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['--version']).toString().trim(),
  server: `${BIN.replace(ROOT + '/', '')} serve with frontend/dist (tests/e2e/serve.sh)`,
  profiles: Object.fromEntries(
    Object.entries(PROFILES).map(([k, v]) => [
      k,
      { latency_ms: v.latency, down_kbit_s: (v.downloadThroughput * 8) / 1000, up_kbit_s: (v.uploadThroughput * 8) / 1000 },
    ]),
  ),
  usable_when: {
    '/app/login': 'the CPF field visible and enabled',
    '/app/agendamento/status': 'the signed-in driver in the queue sees its position (data-testid my-position, "Nº")',
  },
  runs_each: RUNS,
  timings: results,
  critical_bytes_gzip: critical,
};
writeFileSync(OUT, JSON.stringify(result, null, 2) + '\n');
console.log(JSON.stringify(result, null, 2));
stop();
process.exit(0);
