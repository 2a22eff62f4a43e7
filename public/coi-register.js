/*
 * Registers coi-sw.js when the page is not cross-origin isolated (the host
 * sent no COOP/COEP headers), then reloads once so the worker can add them.
 * A sessionStorage flag stops a reload loop where service workers cannot
 * help (e.g. a private window that refuses them); the app then runs WASM on
 * one thread and says so.
 */
(() => {
  if (window.crossOriginIsolated || !window.isSecureContext || !('serviceWorker' in navigator)) return;
  const key = 'fairground.coiReloaded';
  const base = document.currentScript ? new URL('.', document.currentScript.src) : new URL('./', location.href);
  navigator.serviceWorker.register(new URL('coi-sw.js', base)).then(
    (registration) => {
      if (sessionStorage.getItem(key)) return;
      const reload = () => {
        sessionStorage.setItem(key, '1');
        location.reload();
      };
      if (registration.active && !navigator.serviceWorker.controller) reload();
      else if (!registration.active) registration.addEventListener('updatefound', () => registration.installing?.addEventListener('statechange', (e) => e.target.state === 'activated' && reload()));
    },
    (error) => console.warn('Fairground: no service worker for cross-origin isolation:', error),
  );
})();
