import assert from 'node:assert/strict';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { e2e, ONE_PATH } from './browser.ts';

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json' };

/** Serves dist/ like a plain static host: no COOP/COEP headers at all. */
function plainHost(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    let path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0]));
    if (path.endsWith('/')) path += 'index.html';
    const file = join('dist', path);
    if (!file.startsWith('dist') || !existsSync(file) || !statSync(file).isFile()) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, 'localhost', () => resolve({ url: `http://localhost:${(server.address() as { port: number }).port}/`, server })));
}

e2e('on a static host without COOP/COEP the service worker makes the page cross-origin isolated', async ({ page }) => {
  const { url, server } = await plainHost();
  try {
    await page.goto(url);
    await page.waitForFunction(() => window.crossOriginIsolated === true, undefined, { timeout: 20_000 });
    assert.equal(await page.evaluate(() => navigator.serviceWorker.controller !== null), true);
    await page.locator('[data-testid="device-badge"][data-device]:not([data-device="probing"])').waitFor();
  } finally {
    server.close();
  }
}, { devices: ONE_PATH });
