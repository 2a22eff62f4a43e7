/**
 * A static file server (node:http) for a benchmark's dataset package, on its
 * own port: what a user's own host would be for "import from a URL". It
 * sends the bytes as stored (`.gz` as application/gzip, never a
 * Content-Encoding, so the browser does not unzip them and the SHA-256 is
 * the file's), with Access-Control-Allow-Origin and
 * Cross-Origin-Resource-Policy: cross-origin, which a cross-origin-isolated
 * page (COEP require-corp) needs to read it. `routes` maps a URL prefix to a
 * folder; the first matching prefix wins, a file missing there falls back
 * to the next one (so variants can share shard files).
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, normalize } from 'node:path';

export interface DataServer {
  readonly url: string;
  /** Bytes sent in response bodies so far. */
  readonly bytesSent: () => number;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { '.gz': 'application/gzip', '.json': 'application/json', '.jsonl': 'application/jsonl', '.tsv': 'text/tab-separated-values' };

export async function serveData(routes: readonly { prefix: string; dir: string }[], host = '127.0.0.1'): Promise<DataServer> {
  let sent = 0;
  const server = createServer((req, res) => {
    const headers = {
      'Access-Control-Allow-Origin': '*',
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'Cache-Control': 'no-store',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...headers, 'Access-Control-Allow-Methods': 'GET, HEAD', 'Access-Control-Allow-Headers': '*' });
      res.end();
      return;
    }
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file: string | undefined;
    for (const { prefix, dir } of routes) {
      if (!path.startsWith(prefix)) continue;
      const rel = normalize(path.slice(prefix.length)).replace(/^(\.\.(\/|$))+/, '');
      const candidate = join(dir, rel);
      if (existsSync(candidate) && statSync(candidate).isFile()) {
        file = candidate;
        break;
      }
    }
    if (!file || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, headers);
      res.end();
      return;
    }
    const size = statSync(file).size;
    const ext = Object.keys(TYPES).find((e) => file!.endsWith(e));
    res.writeHead(200, { ...headers, 'Content-Type': ext ? TYPES[ext] : 'application/octet-stream', 'Content-Length': String(size) });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stream = createReadStream(file, { highWaterMark: 1 << 20 });
    stream.on('data', (chunk) => (sent += chunk.length));
    stream.pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://${host}:${port}/`,
    bytesSent: () => sent,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
