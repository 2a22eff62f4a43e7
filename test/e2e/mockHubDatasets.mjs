// The dataset half of the mock Hub (mockHub.mjs): serves folders <root>/<owner>/<name>/ as Hub
// datasets, the way huggingface.co answers a client that sends no token:
//   GET /api/datasets/<owner>/<name>/revision/<rev>[?blobs=true] → { id, sha, private, gated, siblings: [{ rfilename, blobId, size, lfs? }] }
//   GET|HEAD /datasets/<owner>/<name>/resolve/<rev>/<path>         → the file (an LFS one: a 302 to the CDN, mockHubCdn.mjs)
// <rev> is `main` or the folder's commit sha (a hash of its files, so it changes when they do);
// another answers 404 `RevisionNotFound`.
// A dataset that does not exist, and any of owner `private`, answer 401 `RepoNotFound`: the Hub
// answers a private dataset exactly as a missing one.
// Owner `gated`: the listing answers with `"gated": "manual"`, each download 401 `GatedRepo`.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, relative } from 'node:path';
import { gitBlobId, isLfsFile, sendBytes, sendRepoFile } from './mockHubCdn.mjs';

/** The files of a folder, recursively, as repository paths. */
function filesOf(dir) {
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.isFile()) out.push(relative(dir, full).split('\\').join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/** The listing the Hub API gives with `blobs=true`: LFS files carry their SHA-256. */
function listing(dir, owner, name) {
  const siblings = filesOf(dir).map((rfilename) => {
    const bytes = readFileSync(join(dir, rfilename));
    const lfs = isLfsFile(rfilename, bytes.length) ? { lfs: { sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length, pointerSize: 134 } } : {};
    return { rfilename, blobId: gitBlobId(bytes), size: bytes.length, ...lfs };
  });
  const sha = createHash('sha1').update(JSON.stringify(siblings)).digest('hex');
  return { _id: sha.slice(0, 24), id: `${owner}/${name}`, author: owner, sha, private: false, gated: owner === 'gated' ? 'manual' : false, disabled: false, siblings };
}

/**
 * Answers a dataset request of the mock Hub, or returns false when `url` is not one.
 * @param {string | undefined} root the datasets folder (none: every dataset is missing)
 * @param {{ locate: (path: string, sha256: string) => string }} cdn where LFS files are redirected
 */
export function serveDataset(root, req, res, url, cdn) {
  const api = /^\/api\/datasets\/([^/]+)\/([^/]+)\/revision\/(.+)$/.exec(url);
  const file = /^\/datasets\/([^/]+)\/([^/]+)\/resolve\/([^/]+)\/(.+)$/.exec(url);
  const m = api ?? file;
  if (!m) return false;
  const [, owner, name, rev] = m;
  const dir = root ? join(root, owner, name) : undefined;
  const json = (status, body, headers = {}) => {
    const bytes = Buffer.from(JSON.stringify(body));
    sendBytes(req, res, bytes, { 'Content-Type': 'application/json; charset=utf-8', ...headers }, { gzip: true, status });
  };
  const error = (status, code, message) => json(status, { error: message }, { 'X-Error-Code': code, 'X-Error-Message': message });
  if (owner === 'private' || !dir || !dir.startsWith(root + '/') || !existsSync(dir)) {
    return error(401, 'RepoNotFound', `Repository Not Found for url: ${url}. Please make sure you specified the correct \`repo_id\` and \`repo_type\`. If you are trying to access a private or gated repo, make sure you are authenticated.`), true;
  }
  const listed = listing(dir, owner, name);
  if (rev !== 'main' && rev !== listed.sha) return error(404, 'RevisionNotFound', `Invalid rev id: ${rev}`), true;
  if (api) return json(200, listed), true;
  if (owner === 'gated') {
    return error(401, 'GatedRepo', `Access to dataset ${owner}/${name} is restricted. You must have access to it and be authenticated to access it. Please log in.`), true;
  }
  const path = join(dir, normalize(file[4]));
  if (!path.startsWith(dir + '/') || !existsSync(path) || !statSync(path).isFile()) return error(404, 'EntryNotFound', `Entry not found for url: ${url}.`), true;
  sendRepoFile(req, res, cdn, path, listed.sha);
  return true;
}
