// What the mock Hub (mockHub.mjs, mockHubDatasets.mjs) shares with its CDN: how a file is
// sent (HEAD, a Range, gzip for small text files when the request accepts it), which files are
// stored through LFS/Xet (and so answer a redirect to the CDN, a second origin), the CORS headers
// the Hub sends, and the CDN itself: a second local server that serves the LFS files it is
// handed, by SHA-256, as cdn-lfs.hf.co / cas-bridge.xethub.hf.co do, with
// `Access-Control-Allow-Origin: *`.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { basename } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The headers huggingface.co lets a page read (its Access-Control-Expose-Headers). */
export const EXPOSED_HEADERS = 'X-Repo-Commit, X-Request-Id, X-Error-Code, X-Error-Message, X-Total-Count, ETag, Link, Accept-Ranges, Content-Range, X-Linked-Size, X-Linked-ETag, X-Xet-Hash';

/** Files the Hub keeps in LFS/Xet: binary formats, and any file of 10 MiB or more (its limit for plain git). */
const LFS = /\.(parquet|gz|zip|onnx|onnx_data|bin|safetensors|npy|npz|arrow|h5|msgpack|pt|pth|tflite|ot|model)$/;
export function isLfsFile(path, size) {
  return LFS.test(path) || size >= 10 * 1024 * 1024;
}

/** The git blob id of a file's bytes (what the Hub lists as `blobId` and sends as the ETag of a plain file). */
export function gitBlobId(bytes) {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/** Sets the CORS headers every answer of the Hub and of its CDN carries. */
export function setCors(res) {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
}

/** Answers a CORS preflight (a Range header makes one), or returns false for another method. */
export function answerPreflight(req, res) {
  if (req.method !== 'OPTIONS') return false;
  res.writeHead(204, {
    'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
    'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? 'Range, Content-Type',
    'Access-Control-Max-Age': '86400',
  }).end();
  return true;
}

/**
 * Sends bytes with `status` (200: a file): a file asked for with `Range: bytes=a-b` gets a 206
 * with its Content-Range, else the whole body, gzip-encoded when `gzip` and the request accepts
 * it (then Content-Length is the encoded length, as a compressing server sends it). HEAD sends
 * the headers only.
 */
export function sendBytes(req, res, bytes, headers = {}, { gzip = false, status = 200 } = {}) {
  const range = status === 200 ? /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '') : null;
  if (range && (range[1] !== '' || range[2] !== '')) {
    const size = bytes.length;
    const start = range[1] === '' ? Math.max(0, size - Number(range[2])) : Number(range[1]);
    const end = range[1] === '' || range[2] === '' ? size - 1 : Math.min(Number(range[2]), size - 1);
    if (start >= size || start > end) {
      res.writeHead(416, { ...headers, 'Content-Range': `bytes */${size}` }).end();
      return;
    }
    const part = bytes.subarray(start, end + 1);
    res.writeHead(206, { ...headers, 'Accept-Ranges': 'bytes', 'Content-Range': `bytes ${start}-${end}/${size}`, 'Content-Length': part.length });
    res.end(req.method === 'HEAD' ? undefined : part);
    return;
  }
  const encode = gzip && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
  const body = encode ? gzipSync(bytes) : bytes;
  res.writeHead(status, { ...headers, ...(status === 200 ? { 'Accept-Ranges': 'bytes' } : {}), 'Content-Length': body.length, ...(encode ? { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : {}) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Answers a `resolve/` request for a file of a repository at `commit`: an LFS file with a 302 to
 * the CDN (X-Linked-Size, X-Linked-Etag, X-Repo-Commit), a plain one with its bytes (gzip allowed).
 * @param {{ locate: (path: string, sha256: string) => string }} cdn
 */
export function sendRepoFile(req, res, cdn, path, commit) {
  const bytes = readFileSync(path);
  if (isLfsFile(path, bytes.length)) {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    res.writeHead(302, {
      Location: cdn.locate(path, sha256),
      'X-Repo-Commit': commit,
      'X-Linked-Size': String(bytes.length),
      'X-Linked-Etag': `"${sha256}"`,
      ETag: `"${sha256}"`,
      'Content-Length': 0,
    }).end();
    return;
  }
  const type = /\.(json)$/.test(path) ? 'application/json' : 'text/plain; charset=utf-8';
  sendBytes(req, res, bytes, { 'Content-Type': type, 'X-Repo-Commit': commit, ETag: `"${gitBlobId(bytes)}"` }, { gzip: true });
}

/**
 * Starts the CDN on a free port. `locate(path, sha256)` registers a file and returns its address
 * there, signed as the Hub's CDN addresses are (the query is not checked).
 * @returns {Promise<{ url: string, requests: string[], locate(path: string, sha256: string): string, close(): Promise<void> }>}
 */
export function startMockCdn() {
  const requests = [];
  const files = new Map();
  const server = createServer((req, res) => {
    const url = (req.url ?? '').split('?')[0];
    requests.push(url);
    setCors(res);
    if (answerPreflight(req, res)) return;
    const sha256 = /^\/repos\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}\/([0-9a-f]{64})$/.exec(url)?.[1];
    const path = sha256 && files.get(sha256);
    if (!path || !statSync(path, { throwIfNoEntry: false })?.isFile()) {
      res.writeHead(403, { 'Content-Type': 'application/xml' }).end('<Error><Code>AccessDenied</Code></Error>');
      return;
    }
    sendBytes(req, res, readFileSync(path), {
      'Content-Type': 'binary/octet-stream',
      ETag: `"${sha256}"`,
      'Cache-Control': 'public, max-age=604800, immutable',
      'Content-Disposition': `inline; filename*=UTF-8''${encodeURIComponent(basename(path))}`,
    });
  });
  return new Promise((resolvePromise) => {
    server.listen(0, 'localhost', () => {
      const url = `http://localhost:${server.address().port}/`;
      resolvePromise({
        url,
        requests,
        locate(path, sha256) {
          files.set(sha256, path);
          const repo = createHash('sha256').update(path.slice(0, path.length - basename(path).length)).digest('hex');
          const name = encodeURIComponent(basename(path));
          return `${url}repos/${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${repo}/${sha256}?response-content-disposition=inline%3B+filename%3D%22${name}%22&Expires=4102444800&Signature=mock&Key-Pair-Id=MOCK`;
        },
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}
