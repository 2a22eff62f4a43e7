// A local stand-in for the Hugging Face Hub: serves the fixture models in
// test/fixtures/models/hub/<org>/<name>/ at /<org>/<name>/resolve/<revision>/<file>,
// with CORS and CORP headers so a cross-origin-isolated page may fetch them.
// Datasets: mockHubDatasets.mjs serves the folders under `datasets` (default: the
// FAIRGROUND_MOCK_HUB_DATASETS folder, which run.mjs makes and the e2e tests fill).
// Used only by tests (env.remoteHost points here); the app's real loading
// code is exercised unchanged.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, normalize, resolve } from 'node:path';
import { serveDataset } from './mockHubDatasets.mjs';

const ROOT = resolve('test/fixtures/models/hub');

/**
 * Starts the mock Hub on a free port; resolves to { url, close, requests }.
 * @param {{ datasets?: string }} [options] the folder of Hub datasets (<owner>/<name>/…)
 */
export function startMockHub({ datasets = process.env.FAIRGROUND_MOCK_HUB_DATASETS } = {}) {
  const requests = [];
  const server = createServer((req, res) => {
    const url = decodeURIComponent((req.url ?? '').split('?')[0]);
    requests.push(url);
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Expose-Headers', 'Content-Length, ETag');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    if (serveDataset(datasets && resolve(datasets), req, res, url)) return;
    const m = /^\/([^/]+)\/([^/]+)\/resolve\/([^/]+)\/(.+)$/.exec(url);
    if (!m) {
      res.writeHead(404).end('not found');
      return;
    }
    const [, org, name, , file] = m;
    const path = join(ROOT, org, name, normalize(file));
    if (!path.startsWith(ROOT) || !existsSync(path) || !statSync(path).isFile()) {
      res.writeHead(404).end('Entry not found');
      return;
    }
    res.writeHead(200, { 'Content-Length': statSync(path).size, 'Content-Type': 'application/octet-stream' });
    if (req.method === 'HEAD') res.end();
    else createReadStream(path).pipe(res);
  });
  return new Promise((resolvePromise) => {
    server.listen(0, 'localhost', () => {
      const { port } = server.address();
      resolvePromise({
        url: `http://localhost:${port}/`,
        requests,
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}
