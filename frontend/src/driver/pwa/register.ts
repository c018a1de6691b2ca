/**
 * Makes the driver app installable (issue 14): the web app manifest in the page's head and the
 * service worker (app shell and last known position offline). Nothing happens where the
 * browser has no service workers (or the page is not a secure context).
 */
export function installDriverApp(): void {
  if (typeof document === 'undefined' || document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = '/manifest.webmanifest';
  document.head.appendChild(link);
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      // This visit's files came before the worker could see them: ask it to keep them.
      const urls = performance.getEntriesByType('resource').map((e) => e.name);
      registration.active?.postMessage({ type: 'keep', urls });
    })
    .catch(() => {
      // No worker (private mode, old browser): the app works online as before.
    });
}

/** The driver signed out: drop the cached answers of its session. */
export function forgetDriverData(): void {
  if (typeof caches !== 'undefined') void caches.delete('patio-driver-data-v1').catch(() => undefined);
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.controller?.postMessage('signed-out');
}

let workerOffline = false;
const listeners = new Set<() => void>();

/** Whether the service worker last found the network down (a weak signal that still says online). */
export function workerSaysOffline(): boolean {
  return workerOffline;
}

/** Listens to the worker's 'offline'/'online' notes; asks once how things stand. */
export function subscribeWorkerNetwork(listener: () => void): () => void {
  listeners.add(listener);
  const sw = typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  const onMessage = (e: MessageEvent) => {
    if (e.data !== 'offline' && e.data !== 'online') return;
    workerOffline = e.data === 'offline';
    for (const l of listeners) l();
  };
  sw?.addEventListener('message', onMessage);
  sw?.controller?.postMessage('status');
  return () => {
    listeners.delete(listener);
    sw?.removeEventListener('message', onMessage);
  };
}
