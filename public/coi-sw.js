/*
 * Cross-origin isolation for static hosts that cannot send headers.
 *
 * Threaded WASM (SharedArrayBuffer) needs the page to be cross-origin
 * isolated: `Cross-Origin-Opener-Policy: same-origin` and
 * `Cross-Origin-Embedder-Policy: require-corp` on the document. `npm start`
 * and `npm run dev` send them; a plain static host (GitHub Pages, a file
 * share) may not. This service worker adds them to every response it passes
 * through. It is registered by coi-register.js only when the page is not
 * already isolated, so on a host with the headers it never installs.
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const request = event.request;
  // A request the worker cannot re-issue (a cache-only cross-origin probe): leave it alone.
  if (request.cache === 'only-if-cached' && request.mode !== 'same-origin') return;
  event.respondWith(
    fetch(request).then((response) => {
      if (response.status === 0) return response; // opaque: cannot be rewritten
      const headers = new Headers(response.headers);
      headers.set('Cross-Origin-Opener-Policy', 'same-origin');
      headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
      if (!headers.has('Cross-Origin-Resource-Policy')) headers.set('Cross-Origin-Resource-Policy', 'same-origin');
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    }),
  );
});
