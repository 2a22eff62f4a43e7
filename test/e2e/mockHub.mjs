// A local stand-in for the Hugging Face Hub, answering as huggingface.co does a client that sends
// no token: the fixture models in test/fixtures/models/hub/<org>/<name>/ at
// /<org>/<name>/resolve/<revision>/<file>, the Hub datasets of mockHubDatasets.mjs (the folders
// under `datasets`, default: FAIRGROUND_MOCK_HUB_DATASETS, which run.mjs makes and the e2e tests
// fill). As on the Hub (mockHubCdn.mjs):
// - files stored through LFS/Xet (.onnx, .parquet, .gz, …, and any of 10 MiB or more) answer a
//   302 to a second origin, the CDN, which sends `Access-Control-Allow-Origin: *`;
// - small text files come gzip-encoded to a request that accepts it; a Range gets a 206;
// - a repository that does not exist answers 401 `X-Error-Code: RepoNotFound` (as a private one
//   does), a missing file 404 `EntryNotFound`; `X-Repo-Commit` is sent on resolve, and
//   `Access-Control-Expose-Headers` lists X-Error-Code, X-Repo-Commit, X-Linked-Size, ….
// Used only by tests (env.remoteHost points here); the app's real loading code is exercised unchanged.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, normalize, relative, resolve } from 'node:path';
import { serveDataset } from './mockHubDatasets.mjs';
import { answerPreflight, sendRepoFile, setCors, startMockCdn } from './mockHubCdn.mjs';

const ROOT = resolve('test/fixtures/models/hub');

/** A model folder's commit: a hash of its files' paths and sizes. */
function modelCommit(dir) {
  const files = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else files.push(`${relative(dir, join(d, e.name))}:${statSync(join(d, e.name)).size}`);
    }
  };
  walk(dir);
  return createHash('sha1').update(files.sort().join('\n')).digest('hex');
}

const error = (res, status, code, message) =>
  res.writeHead(status, { 'Content-Type': 'application/json', 'X-Error-Code': code, 'X-Error-Message': message }).end(JSON.stringify({ error: message }));

/**
 * Starts the mock Hub and its CDN on free ports; resolves to { url, cdnUrl, close, requests, cdnRequests }.
 * `requests` are the paths asked of the Hub, `cdnRequests` those asked of the CDN.
 * @param {{ datasets?: string }} [options] the folder of Hub datasets (<owner>/<name>/…)
 */
export async function startMockHub({ datasets = process.env.FAIRGROUND_MOCK_HUB_DATASETS } = {}) {
  const cdn = await startMockCdn();
  const requests = [];
  const server = createServer((req, res) => {
    const url = decodeURIComponent((req.url ?? '').split('?')[0]);
    requests.push(url);
    setCors(res);
    res.setHeader('X-Request-Id', `Root=mock-${requests.length}`);
    if (answerPreflight(req, res)) return;
    if (serveDataset(datasets && resolve(datasets), req, res, url, cdn)) return;
    const m = /^\/([^/]+)\/([^/]+)\/resolve\/([^/]+)\/(.+)$/.exec(url);
    if (!m) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found');
      return;
    }
    const [, org, name, , file] = m;
    const dir = join(ROOT, org, name);
    if (!dir.startsWith(ROOT + '/') || !existsSync(dir)) return error(res, 401, 'RepoNotFound', `Repository Not Found for url: ${url}.`);
    const path = join(dir, normalize(file));
    if (!path.startsWith(dir + '/') || !existsSync(path) || !statSync(path).isFile()) return error(res, 404, 'EntryNotFound', `Entry not found for url: ${url}.`);
    sendRepoFile(req, res, cdn, path, modelCommit(dir));
  });
  return new Promise((resolvePromise) => {
    server.listen(0, 'localhost', () => {
      const { port } = server.address();
      resolvePromise({
        url: `http://localhost:${port}/`,
        cdnUrl: cdn.url,
        requests,
        cdnRequests: cdn.requests,
        close: async () => {
          await new Promise((r) => server.close(() => r()));
          await cdn.close();
        },
      });
    });
  });
}
