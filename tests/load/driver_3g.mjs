#!/usr/bin/env node
// The driver app on a weak phone (issue 14 "Tests that must exist", last bullet): `patio serve`
// with the built frontend (tests/e2e/serve.sh: a database of its own with the demo tenant,
// dropped at the end), Debian's Chromium through playwright-core (tests/e2e/node_modules) with
// the e2e flags, a 360x640 phone, and CDP Network.emulateNetworkConditions at two 3G profiles:
//   "Slow 3G": 400 ms latency, 400 kbit/s down, 400 kbit/s up;
//   "Fast 3G": 562.5 ms latency, 1.6 Mbit/s down, 750 kbit/s up  (kbit = 1000 bit).
// Measured from page.goto to:
//   /app/login               the CPF field visible and enabled;
//   /                        the driver home: the greeting and 'Minha Posição';
//   /app/agendamento/status  the driver's position shown ("Nº"), for a driver of Demo Agro in
//                            the queue (driver and truck written with SQL, signed in and queued
//                            through the API, as the e2e specs do; served.mjs).
// Cold: a new browser (empty HTTP cache, no service worker). Warm: the same context after one
// visit, the service worker active (its caches and the HTTP cache). RUNS (3) of each; medians.
// The budget is the wire (issue 23): the bytes Chromium received (CDP Network.loadingFinished
// encodedDataLength, headers included), all of them and the scripts alone; targets: script of
// /app/login and / at most 120 KB, Slow 3G sign-in cold at most 4 s and warm at most 1 s.
// Writes tests/load/results/driver_3g.json and prints it.
//
// node tests/load/driver_3g.mjs   (make bench; needs frontend/dist and target/release/patio)
// Environment: PATIO_BIN, PATIO_PG_URL (scripts/pg.sh url), DRIVER_3G_PORT (18449), RUNS, CHROMIUM_PATH.
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import os from 'node:os';
import { BIN, CHROMIUM, CHROMIUM_FLAGS, ROOT, median, queuedDriver, serve } from './served.mjs';

const require = createRequire(join(ROOT, 'tests', 'e2e', 'package.json'));
const { chromium } = require('playwright-core');

const PORT = Number(process.env.DRIVER_3G_PORT ?? 18449);
const RUNS = Number(process.env.RUNS ?? 3);
const OUT = join(ROOT, 'tests', 'load', 'results', 'driver_3g.json');
const PROFILES = {
  'Slow 3G': { latency: 400, downloadThroughput: (400 * 1000) / 8, uploadThroughput: (400 * 1000) / 8 },
  'Fast 3G': { latency: 562.5, downloadThroughput: (1600 * 1000) / 8, uploadThroughput: (750 * 1000) / 8 },
};
const TARGETS = { script_kb_first_screens: 120, slow_3g_login_cold_ms: 4000, slow_3g_login_warm_ms: 1000 };
const PHONE = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' };

const served = await serve(PORT);
const BASE = served.base;
const LOGIN = await queuedDriver(served);

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
  '/': async (page) => {
    await page.getByRole('button', { name: 'Minha Posição' }).waitFor({ state: 'visible', timeout: 120_000 });
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
  let script = 0;
  const types = new Map();
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
    if (types.get(e.requestId) === 'Script') script += e.encodedDataLength;
  });
  const t0 = performance.now();
  await page.goto(route, { waitUntil: 'commit', timeout: 120_000 });
  await ROUTES[route](page);
  const ms = Math.round(performance.now() - t0);
  await cdp.detach().catch(() => {});
  return { ms, bytes, script };
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
    const coldScript = [];
    for (let run = 0; run < RUNS; run++) {
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
      const context = await browser.newContext({ ...PHONE, baseURL: BASE });
      await signedIn(context, route);
      const first = await context.newPage();
      const c = await visit(context, first, route, profile);
      cold.push(c.ms);
      coldBytes.push(c.bytes);
      coldScript.push(c.script);
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
      cold_script_bytes_received: median(coldScript),
      warm_bytes_received: median(warmBytes),
    };
  }
}

/**
 * What the script of a cold /app/login leaves unused (Chromium's block coverage through
 * Playwright's page.coverage): per file, the bytes of functions and blocks that never ran
 * while the page loaded and showed the sign-in. Uncompressed (minified) bytes.
 */
async function unusedOnLogin() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const page = await (await browser.newContext({ ...PHONE, baseURL: BASE })).newPage();
  await page.coverage.startJSCoverage({ resetOnNavigation: false, reportAnonymousScripts: false });
  await page.goto('/app/login');
  await ROUTES['/app/login'](page);
  await page.waitForLoadState('networkidle');
  const entries = await page.coverage.stopJSCoverage();
  await browser.close();
  const files = [];
  for (const entry of entries) {
    const url = new URL(entry.url);
    if (url.origin !== BASE || !entry.source) continue;
    // Ranges come outer first: a later (inner) range overrides the one around it.
    const used = new Uint8Array(entry.source.length);
    for (const fn of entry.functions) for (const r of fn.ranges) used.fill(r.count > 0 ? 1 : 0, r.startOffset, r.endOffset);
    const usedBytes = used.reduce((a, b) => a + b, 0);
    files.push({ file: url.pathname, bytes: entry.source.length, unused_bytes: entry.source.length - usedBytes });
  }
  const total = files.reduce((a, f) => a + f.bytes, 0);
  const unused = files.reduce((a, f) => a + f.unused_bytes, 0);
  return { total_bytes: total, unused_bytes: unused, unused_share: Number((unused / total).toFixed(3)), files };
}
const unusedLogin = await unusedOnLogin();
console.error(`/app/login unused script: ${unusedLogin.unused_bytes} of ${unusedLogin.total_bytes} B`);

const slow = results['Slow 3G'];
const scriptKb = (route) => Number((slow[route].cold_script_bytes_received / 1024).toFixed(1));
const verdict = {
  login_script_kb: scriptKb('/app/login'),
  home_script_kb: scriptKb('/'),
  script_within_budget: scriptKb('/app/login') <= TARGETS.script_kb_first_screens && scriptKb('/') <= TARGETS.script_kb_first_screens,
  slow_3g_login_cold_ms: slow['/app/login'].cold_ms_median,
  slow_3g_login_warm_ms: slow['/app/login'].warm_ms_median,
  slow_3g_within_targets:
    slow['/app/login'].cold_ms_median <= TARGETS.slow_3g_login_cold_ms && slow['/app/login'].warm_ms_median <= TARGETS.slow_3g_login_warm_ms,
};

const result = {
  benchmark: 'driver_app_3g',
  machine: `${os.cpus().length} cores, shared with other builds and tests (figures are noisy); server and browser on the same machine`,
  browser: execFileSync(CHROMIUM, ['--version']).toString().trim(),
  server: `${BIN.replace(ROOT + '/', '')} serve with frontend/dist (tests/e2e/serve.sh)`,
  profiles: Object.fromEntries(
    Object.entries(PROFILES).map(([k, v]) => [
      k,
      { latency_ms: v.latency, down_kbit_s: (v.downloadThroughput * 8) / 1000, up_kbit_s: (v.uploadThroughput * 8) / 1000 },
    ]),
  ),
  usable_when: {
    '/app/login': 'the CPF field visible and enabled',
    '/': "the signed-in driver's home shows 'Minha Posição'",
    '/app/agendamento/status': 'the signed-in driver in the queue sees its position (data-testid my-position, "Nº")',
  },
  runs_each: RUNS,
  targets: TARGETS,
  verdict,
  unused_js_on_login: unusedLogin,
  timings: results,
};
writeFileSync(OUT, JSON.stringify(result, null, 2) + '\n');
console.log(JSON.stringify(result, null, 2));
served.stop();
process.exit(0);
