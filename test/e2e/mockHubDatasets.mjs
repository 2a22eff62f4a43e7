// The dataset half of the mock Hub (mockHub.mjs): serves folders
// <root>/<owner>/<name>/ as Hub datasets, the way huggingface.co answers a client:
//   GET /api/datasets/<owner>/<name>/revision/<rev>[?blobs=true] → { id, sha, siblings: [{ rfilename, size, lfs? }] }
//   GET|HEAD /datasets/<owner>/<name>/resolve/<rev>/<path>         → the file's bytes
// <rev> is `main` or the folder's commit sha (a hash of its files, so it changes when they do).
// Owner `private`: the API answers 401, as the Hub does for a private dataset without a token.
// Owner `gated`: the API lists the files, each download answers 403, as for a gated dataset.
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, relative } from 'node:path';

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

/** The listing the Hub API gives: LFS files (binary: .parquet, .gz) carry their SHA-256. */
function listing(dir, id) {
  const siblings = filesOf(dir).map((rfilename) => {
    const bytes = readFileSync(join(dir, rfilename));
    const lfs = /\.(parquet|gz)$/.test(rfilename) ? { lfs: { sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length } } : {};
    return { rfilename, size: bytes.length, ...lfs };
  });
  const sha = createHash('sha1').update(JSON.stringify(siblings)).digest('hex');
  return { id, sha, private: false, siblings };
}

/**
 * Answers a dataset request of the mock Hub, or returns false when `url` is not one.
 * @param {string | undefined} root the datasets folder (none: every dataset is missing)
 */
export function serveDataset(root, req, res, url) {
  const api = /^\/api\/datasets\/([^/]+)\/([^/]+)\/revision\/(.+)$/.exec(url);
  const file = /^\/datasets\/([^/]+)\/([^/]+)\/resolve\/([^/]+)\/(.+)$/.exec(url);
  const m = api ?? file;
  if (!m) return false;
  const [, owner, name, rev] = m;
  const dir = root ? join(root, owner, name) : undefined;
  const json = (status, body, headers = {}) => res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
  if (owner === 'private') return json(401, { error: 'Invalid credentials in Authorization header' }), true;
  if (!dir || !dir.startsWith(root) || !existsSync(dir)) return json(404, { error: 'Repository not found' }, { 'X-Error-Code': 'RepoNotFound' }), true;
  const listed = listing(dir, `${owner}/${name}`);
  if (rev !== 'main' && rev !== listed.sha) return json(404, { error: `Invalid rev id: ${rev}` }, { 'X-Error-Code': 'RevisionNotFound' }), true;
  if (api) return json(200, listed), true;
  if (owner === 'gated') return json(403, { error: 'Access to this dataset is restricted' }, { 'X-Error-Code': 'GatedRepo' }), true;
  const path = join(dir, normalize(file[4]));
  if (!path.startsWith(dir) || !existsSync(path) || !statSync(path).isFile()) return json(404, { error: 'Entry not found' }, { 'X-Error-Code': 'EntryNotFound' }), true;
  res.writeHead(200, { 'Content-Length': statSync(path).size, 'Content-Type': 'application/octet-stream', ETag: `"${listed.sha}"` });
  if (req.method === 'HEAD') res.end();
  else createReadStream(path).pipe(res);
  return true;
}
