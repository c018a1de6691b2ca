/* global self, caches */
/* The driver app's service worker (issue 14): the app shell and the last known position
 * when the network drops. Navigations get the kept shell at once and refresh it behind (the
 * next visit gets the new one: stale-while-revalidate, issue 23: a warm start must not wait a
 * 3G round trip for a page that rarely changes); built files (hashed names) come from the cache
 * first; the driver's session, position
 * and panel reads go to the network first and fall back to their last answer. Writes are never
 * cached or queued: offline they fail, and the screen says so. */
const SHELL = 'patio-shell-v1';
const DATA = 'patio-driver-data-v1';
const SHELL_KEY = '/__shell';
/** The driver app's paths (app/paths.ts DRIVER_PATH). */
const DRIVER_PATH = /^\/(?:$|app(?:\/|$)|driver-login\/|aprovar-termo\/empresa\/)/;

/** Built files: hashed names, read from the cache first. */
const ASSET = /\.(?:js|css|ico|png|webmanifest)$/;

const LAST_KNOWN = [/^\/api\/auth\/app\/session$/, /^\/api\/queue\/position\/driver\/\d+$/, /^\/api\/queue\/active\/\d+$/, /^\/api\/queue\/hasDriver\/\d+$/];

/** Whether the last network attempt failed (the pages show 'sem conexão'). */
let offline = false;

function tell(client) {
  client.postMessage(offline ? 'offline' : 'online');
}

function setOffline(value) {
  if (offline === value) return;
  offline = value;
  self.clients.matchAll().then((clients) => clients.forEach(tell));
}

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

async function networkFirst(request, cacheName, key) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    setOffline(false);
    if (response.ok) await cache.put(key || request, response.clone());
    return response;
  } catch (err) {
    setOffline(true);
    const cached = await cache.match(key || request);
    if (cached) return cached;
    throw err;
  }
}

/** The kept shell at once, refreshed from the network behind; the network when none is kept. */
async function shellFirst(event) {
  const cache = await caches.open(SHELL);
  const cached = await cache.match(SHELL_KEY);
  const fresh = fetch(event.request).then(
    async (response) => {
      setOffline(false);
      if (response.ok) await cache.put(SHELL_KEY, response.clone());
      return response;
    },
    (err) => {
      setOffline(true);
      throw err;
    },
  );
  if (!cached) return fresh;
  event.waitUntil(fresh.catch(() => undefined));
  return cached;
}

async function cacheFirst(request) {
  const cache = await caches.open(SHELL);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // Only the driver's pages (the staff portal is not an offline app).
    if (!DRIVER_PATH.test(url.pathname)) return;
    event.respondWith(shellFirst(event));
  } else if (ASSET.test(url.pathname)) {
    event.respondWith(cacheFirst(request));
  } else if (LAST_KNOWN.some((re) => re.test(url.pathname))) {
    // Kept by path: the session is read with `?probe=true`, primed without it (same answer).
    event.respondWith(networkFirst(request, DATA, url.pathname));
  }
});

/** Keeps the shell, the files and the session a page read before this worker controlled it
 * (its first visit), so the app opens offline after one visit. Files kept already are not
 * fetched again. */
async function keep(urls) {
  // The signed-in driver's session (a signed-out phone gets 401: nothing is kept), whether it
  // is in the queue and its position: what the home and the position screens read first.
  const session = await networkFirst(new Request('/api/auth/app/session'), DATA).catch(() => null);
  const driver = session && session.ok ? await session.json().catch(() => null) : null;
  if (driver && driver.id) {
    await Promise.all(
      [`/api/queue/hasDriver/${driver.id}`, `/api/queue/position/driver/${driver.id}`].map((path) =>
        networkFirst(new Request(path), DATA).catch(() => undefined),
      ),
    );
  }
  const cache = await caches.open(SHELL);
  const wanted = [];
  if (!(await cache.match(SHELL_KEY))) wanted.push([SHELL_KEY, '/']);
  for (const u of urls) {
    const url = new URL(u, self.location.origin);
    if (url.origin === self.location.origin && ASSET.test(url.pathname) && !(await cache.match(url.pathname))) {
      wanted.push([url.pathname, url.pathname]);
    }
  }
  await Promise.all(
    wanted.map(([key, path]) =>
      fetch(path).then(
        (response) => (response.ok ? cache.put(key, response) : undefined),
        () => undefined,
      ),
    ),
  );
}

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'keep' && Array.isArray(event.data.urls)) event.waitUntil(keep(event.data.urls));
  // Sign-out: the last known answers belong to the driver who left.
  if (event.data === 'signed-out') event.waitUntil(caches.delete(DATA));
  // A page that just opened asks how the network was.
  if (event.data === 'status' && event.source) tell(event.source);
});
