#!/usr/bin/env node
// Lighthouse (12, pinned in tests/load/package.json) on the driver's first screens (issue 23),
// as a phone: its default mobile run (Moto G Power screen, simulated Slow 4G and a 4x slower
// CPU) of Debian's Chromium with the e2e flags, against release `patio serve` with the built
// frontend (served.mjs). Pages: /app/login, and the driver home (/) of a signed-in driver in the
// queue (its cookie sent with every request). RUNS (3) of each; the median scores.
// Targets: performance >= 95, accessibility 100. Writes tests/load/results/lighthouse.json, with
// each run's main-thread CPU time from its trace (a figure the machine's load does not stretch).
//
// node tests/load/lighthouse.mjs   (make bench; needs tests/load/node_modules: npm ci there)
// Environment: PATIO_BIN, PATIO_PG_URL, CHROME_PATH (/usr/bin/chromium), LIGHTHOUSE_PORT (18451), RUNS,
// LIGHTHOUSE_LHR_DIR (keeps each run's full report there, to read its trace diagnostics),
// LIGHTHOUSE_PAGES (`login`, `home` or both, the default).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM, CHROMIUM_FLAGS, ROOT, driverCookie, median, queuedDriver, serve } from './served.mjs';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 18451);
const RUNS = Number(process.env.RUNS ?? 3);
const OUT = join(ROOT, 'tests', 'load', 'results', 'lighthouse.json');
const TARGET = { performance: 95, accessibility: 100 };
const LHR_DIR = process.env.LIGHTHOUSE_LHR_DIR;
const PAGES = (process.env.LIGHTHOUSE_PAGES ?? 'login,home').split(',');
if (LHR_DIR) mkdirSync(LHR_DIR, { recursive: true });

// Other work on the machine stretches every task Lighthouse times (its simulation multiplies
// them by 4): the load average goes into the figures.
const loadStart = os.loadavg().map((x) => Number(x.toFixed(2)));
const served = await serve(PORT);
const login = await queuedDriver(served);

/**
 * The page's main-thread work in CPU time (the trace's thread time, `tdur`), which other work on
 * the machine does not stretch: its total from navigation on, and the blocking time it would give
 * under Lighthouse's 4x CPU slowdown (sum of 4 * cpu - 50 ms over its tasks) on a quiet machine.
 */
function mainThreadCpu(trace) {
  const events = trace.traceEvents;
  const nav = events.filter((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame).at(-1);
  if (!nav) return null;
  const main = events.find((e) => e.name === 'thread_name' && e.pid === nav.pid && e.args?.name === 'CrRendererMain');
  if (!main) return null;
  const tasks = events
    .filter((e) => e.pid === nav.pid && e.tid === main.tid && e.ph === 'X' && e.ts >= nav.ts && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'))
    .sort((a, b) => a.ts - b.ts);
  let end = 0;
  let cpu = 0;
  let blocking = 0;
  for (const t of tasks) {
    if (t.ts < end) continue; // nested
    end = t.ts + t.dur;
    const ms = (t.tdur ?? 0) / 1000;
    cpu += ms;
    blocking += Math.max(0, 4 * ms - 50);
  }
  return { cpu_ms: Math.round(cpu), blocking_at_4x_ms: Math.round(blocking) };
}

async function audit(path, cookie, label) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    const result = await lighthouse(
      `${served.base}${path}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      },
      undefined,
    );
    const lhr = result.lhr;
    if (LHR_DIR) {
      writeFileSync(join(LHR_DIR, `${label}.json`), JSON.stringify(lhr));
      writeFileSync(join(LHR_DIR, `${label}.trace.json`), JSON.stringify(result.artifacts.Trace));
    }
    const audits = lhr.audits;
    return {
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      fcp_ms: Math.round(audits['first-contentful-paint'].numericValue),
      lcp_ms: Math.round(audits['largest-contentful-paint'].numericValue),
      tbt_ms: Math.round(audits['total-blocking-time'].numericValue),
      cls: Number(audits['cumulative-layout-shift'].numericValue.toFixed(3)),
      si_ms: Math.round(audits['speed-index'].numericValue),
      unused_js_bytes: audits['unused-javascript'].details?.overallSavingsBytes ?? 0,
      total_bytes: audits['total-byte-weight'].numericValue,
      main_thread_cpu: mainThreadCpu(result.artifacts.Trace),
      failed_audits: Object.values(audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
        .map((a) => a.id),
    };
  } finally {
    await chrome.kill();
  }
}

const pages = {};
for (const [key, name, path, signedIn] of [
  ['login', '/app/login', '/app/login', false],
  ['home', 'driver home (/)', '/', true],
].filter(([key]) => PAGES.includes(key))) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    // A fresh session per run: the cookie is the only state the browser gets.
    const cookie = signedIn ? await driverCookie(served.base, login) : null;
    const r = await audit(path, cookie, `${key}-${i + 1}`);
    runs.push(r);
    console.error(`${name} run ${i + 1}: performance ${r.performance}, accessibility ${r.accessibility}, LCP ${r.lcp_ms} ms, TBT ${r.tbt_ms} ms`);
  }
  const performance = median(runs.map((r) => r.performance));
  const cpu = runs.map((r) => r.main_thread_cpu).filter(Boolean);
  const accessibility = median(runs.map((r) => r.accessibility));
  pages[name] = {
    performance_median: performance,
    accessibility_median: accessibility,
    meets_targets: performance >= TARGET.performance && accessibility >= TARGET.accessibility,
    main_thread_cpu_median_ms: median(cpu.map((c) => c.cpu_ms)),
    blocking_at_4x_from_cpu_median_ms: median(cpu.map((c) => c.blocking_at_4x_ms)),
    runs,
  };
}

const result = {
  benchmark: 'driver_app_lighthouse',
  lighthouse: JSON.parse(execFileSync('node', ['-p', 'JSON.stringify(require("lighthouse/package.json").version)'], { cwd: join(ROOT, 'tests', 'load') }).toString()),
  machine: `${os.cpus().length} cores, shared with other builds and tests (figures are noisy); server and browser on the same machine`,
  load_average_1_5_15: { start: loadStart, end: os.loadavg().map((x) => Number(x.toFixed(2))) },
  browser: execFileSync(CHROMIUM, ['--version']).toString().trim(),
  settings: 'Lighthouse defaults: mobile form factor, simulated throttling (150 ms RTT, 1.6 Mbit/s, 4x CPU)',
  targets: TARGET,
  runs_each: RUNS,
  pages,
};
// A partial run (LIGHTHOUSE_PAGES) is for diagnosis: the recorded figures cover both pages.
if (Object.keys(pages).length === 2) writeFileSync(OUT, JSON.stringify(result, null, 2) + '\n');
console.log(JSON.stringify(result, null, 2));
served.stop();
process.exit(0);
