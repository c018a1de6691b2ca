/**
 * What the driver's phone receives (issue 23): every built file goes out as the build
 * compressed it (brotli 11 or gzip 9, chosen by Accept-Encoding, never compressed per request),
 * hashed files cached for a year and the shell and the service worker revalidated; API answers
 * compressed as they go; and the script a cold /app/login receives, counted by Chromium on the
 * wire (CDP Network.loadingFinished encodedDataLength), at most 120 KB.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';

test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

const DIST = join(__dirname, '..', '..', '..', 'frontend', 'dist');
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SCRIPT_BUDGET = 120 * 1024;
const isHashed = (name: string) => /^[^.].*\.[0-9a-f]{8,}\.(js|css)$/.test(name);

test('every built file goes out as the build compressed it, with its cache lifetime', async ({ request }) => {
  // Some 130 files, three encodings each, against a debug build on a busy machine.
  test.setTimeout(180_000);
  const files = readdirSync(DIST).filter((f) => !/\.(br|gz)$/.test(f) && statSync(join(DIST, f)).isFile());
  expect(files.filter((f) => f.endsWith('.js')).length).toBeGreaterThan(5);
  const check = async (f: string) => {
    const original = readFileSync(join(DIST, f));
    const cases: [string, string | undefined, string][] = [
      ['gzip, deflate, br, zstd', 'br', `${f}.br`],
      ['gzip, deflate', 'gzip', `${f}.gz`],
      ['identity', undefined, f],
    ];
    for (const [accept, encoding, variant] of cases) {
      const compressed = variant !== f && existsSync(join(DIST, variant));
      const res = await request.get(`/${f}`, { headers: { 'accept-encoding': accept } });
      const h = res.headers();
      const what = `${f} with Accept-Encoding: ${accept}`;
      expect(res.status(), what).toBe(200);
      expect(h['cache-control'], what).toBe(isHashed(f) ? IMMUTABLE : 'no-cache');
      expect(h['content-security-policy'], what).toContain("frame-ancestors 'none'");
      expect(h['x-content-type-options'], what).toBe('nosniff');
      // What was sent is the build's own file, byte for byte (its length), and decodes to the
      // original.
      const sent = compressed ? variant : f;
      expect(h['content-encoding'], what).toBe(compressed ? encoding : undefined);
      expect(Number(h['content-length']), what).toBe(statSync(join(DIST, sent)).size);
      expect(Buffer.compare(await res.body(), original), what).toBe(0);
      if (existsSync(join(DIST, `${f}.br`)) || existsSync(join(DIST, `${f}.gz`))) {
        expect(h['vary'], what).toMatch(/accept-encoding/i);
      }
    }
    // Every script, style and the shell has its brotli and gzip files.
    if (/\.(js|css|html)$/.test(f) && original.length > 1024) {
      expect(existsSync(join(DIST, `${f}.br`)), `${f}.br`).toBe(true);
      expect(existsSync(join(DIST, `${f}.gz`)), `${f}.gz`).toBe(true);
    }
  };
  // A few files at a time.
  for (let i = 0; i < files.length; i += 8) await Promise.all(files.slice(i, i + 8).map(check));
  // The shell for an app route, and the worker: revalidated.
  for (const path of ['/app/login', '/', '/sw.js']) {
    const res = await request.get(path, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers()['cache-control'], path).toBe('no-cache');
    expect(res.headers()['content-encoding'], path).toBe('br');
  }
  // API answers are compressed on the fly (gzip), static files never.
  const api = await request.get('/api/company/public', { headers: { 'accept-encoding': 'gzip' } });
  expect(api.status()).toBe(200);
  expect(api.headers()['content-encoding']).toBe('gzip');
  expect(api.headers()['cache-control'] ?? '').not.toContain('immutable');
});

test('a cold /app/login receives at most 120 KB of script on the wire, each file compressed and cached for a year', async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const types = new Map<string, string>();
  const urls = new Map<string, string>();
  const bytes = new Map<string, number>();
  cdp.on('Network.responseReceived', (e) => {
    types.set(e.requestId, e.type);
    urls.set(e.requestId, e.response.url);
  });
  cdp.on('Network.loadingFinished', (e) => {
    bytes.set(e.requestId, e.encodedDataLength);
  });
  const statics: { url: string; accept: string; encoding?: string; cache?: string; vary?: string }[] = [];
  page.on('response', async (res) => {
    const url = new URL(res.url());
    if (url.origin !== new URL(page.url() || res.url()).origin || url.pathname.startsWith('/api/')) return;
    const headers = await res.allHeaders();
    const accept = (await res.request().allHeaders())['accept-encoding'] ?? '';
    statics.push({ url: url.pathname, accept, encoding: headers['content-encoding'], cache: headers['cache-control'], vary: headers['vary'] });
  });
  await page.goto('/app/login');
  await expect(page.getByLabel('CPF')).toBeEnabled();
  await page.waitForLoadState('networkidle');

  let script = 0;
  let total = 0;
  for (const [id, n] of bytes) {
    total += n;
    if (types.get(id) === 'Script') script += n;
  }
  const scripts = [...bytes.keys()].filter((id) => types.get(id) === 'Script').map((id) => `${urls.get(id)} ${bytes.get(id)}`);
  test.info().annotations.push({ type: 'wire', description: `/app/login cold: script ${script} B, everything ${total} B` });
  console.log(`wire: /app/login cold received ${script} B of script, ${total} B in all`);
  expect(scripts.length, scripts.join('\n')).toBeGreaterThan(1);
  expect(script, `script received for /app/login:\n${scripts.join('\n')}`).toBeLessThanOrEqual(SCRIPT_BUDGET);

  // Every script and style, and the shell, came compressed in the best encoding the browser
  // offered; hashed files for a year, the shell revalidated.
  const seen = statics.filter((s) => /\.(js|css)$/.test(s.url) || s.url === '/app/login');
  expect(seen.length).toBeGreaterThan(2);
  for (const s of seen) {
    const best = /\bbr\b/.test(s.accept) ? 'br' : 'gzip';
    expect(s.encoding, `${s.url} (Accept-Encoding: ${s.accept})`).toBe(best);
    expect(s.vary ?? '', s.url).toMatch(/accept-encoding/i);
    const name = s.url.split('/').pop() ?? '';
    expect(s.cache, s.url).toBe(isHashed(name) ? IMMUTABLE : 'no-cache');
  }
});

/** CDP network conditions of Slow 3G (tests/load/driver_3g.mjs): 400 ms, 400 kbit/s. */
const SLOW_3G = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };

test('a cold driver sign-in asks for the host company and the session with its scripts, each once', async ({ page }) => {
  test.setTimeout(120_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  // On Slow 3G the framework script takes seconds to arrive: a read the app's script made
  // could not start before it has.
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
  const keyOf = new Map<string, string>();
  const sent = new Map<string, number[]>();
  const finished = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (e) => {
    const url = new URL(e.request.url);
    const key = url.pathname + url.search;
    keyOf.set(e.requestId, key);
    sent.set(key, [...(sent.get(key) ?? []), e.timestamp]);
  });
  cdp.on('Network.loadingFinished', (e) => {
    const key = keyOf.get(e.requestId);
    if (key) finished.set(key, e.timestamp);
  });
  await page.goto('/app/login');
  await expect(page.getByLabel('CPF')).toBeEnabled({ timeout: 60_000 });

  const framework = [...finished.keys()].find((k) => /^\/framework\.[0-9a-f]{8}\.js$/.test(k));
  expect(framework, [...finished.keys()].join('\n')).toBeDefined();
  const scriptDone = finished.get(framework!)!;
  for (const read of [`/api/company/host?host=${new URL(page.url()).hostname}`, '/api/auth/app/session?probe=true']) {
    // Once: the app's own read took the preloaded answer.
    expect(sent.get(read)?.length, `${read}\n${[...sent.keys()].join('\n')}`).toBe(1);
    expect(sent.get(read)![0], `${read} goes out before the framework script has arrived`).toBeLessThan(scriptDone);
  }
});

test('a warm driver sign-in opens from the kept shell without waiting for the network', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.goto('/app/login');
  await expect(page.getByLabel('CPF')).toBeEnabled();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await expect
    .poll(() => page.evaluate(async () => !!(await (await caches.open('patio-shell-v1')).match('/__shell'))))
    .toBe(true);
  await page.close();

  // The shell's own request never gets an answer now (the worker's included); the API does.
  let asked = 0;
  await context.route(/\/app\/login$/, () => {
    asked += 1;
  });
  const again = await context.newPage();
  await again.goto('/app/login');
  await expect(again.getByLabel('CPF')).toBeEnabled();
  // The worker did ask the network for a fresh shell, for the next visit.
  expect(asked).toBeGreaterThan(0);
});
