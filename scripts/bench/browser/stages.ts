/**
 * Where an import's time goes, stage by stage, in the page (for
 * import.bench.ts with BENCH_PROFILE=1). Runs in a fresh page of the site's
 * origin, on one corpus shard served by the data server, each stage alone,
 * with the wall time and the CPU seconds of Chromium's renderer and browser
 * processes (CPU time is far less sensitive to a busy machine than wall time):
 *
 * 1. fetch: read the response body to the end (network + stream plumbing),
 *    after one untimed read that warms the page up;
 * 2. gunzip: DecompressionStream('gzip') over the same bytes;
 * 3. split + parse: cut the text at newlines and JSON.parse each line;
 * 4. IndexedDB puts of the first `n` lines into a scratch database as the
 *    importer writes them (schema v2): per 1,000 records one transaction
 *    with a `chunks` row (the lines joined in one string) and a `chunkIds`
 *    row (their ids), keyed [datasetId, shard, path, chunk].
 */
import type { BrowserContext, Page } from 'playwright-core';
import { cpuDelta, processCpu } from './chromium.ts';

export interface Stage {
  stage: string;
  ms: number;
  renderer: number;
  browser: number;
  /** Records the stage handled (IndexedDB stages), else undefined. */
  records?: number;
}

export interface StageTimes {
  compressed: number;
  raw: number;
  lines: number;
  stages: Stage[];
}

type Probe = Record<string, unknown>;

export async function stageTimes(context: BrowserContext, page: Page, shardUrl: string, n: number): Promise<StageTimes> {
  // tsx (esbuild keepNames) wraps named functions in __name(), which the page lacks.
  await page.evaluate('globalThis.__name ??= (f) => f; globalThis.__probe = {}');
  const cdp = await context.browser()!.newBrowserCDPSession();
  const stages: Stage[] = [];
  const timed = async <T>(stage: string, fn: () => Promise<T>, records?: number): Promise<T> => {
    const c0 = await processCpu(cdp);
    const t0 = performance.now();
    const out = await fn();
    const ms = performance.now() - t0;
    const c = cpuDelta(await processCpu(cdp), c0);
    stages.push({ stage, ms, renderer: c.get('renderer') ?? 0, browser: c.get('browser') ?? 0, records });
    return out;
  };
  // One untimed read first: the page (and its network path) is warmed up, as when a user imports.
  await page.evaluate(async (url) => (await fetch(url)).arrayBuffer().then((b) => b.byteLength), shardUrl);
  const compressed = await timed('fetch, body read to the end', () =>
    page.evaluate(async (url) => {
      const p = (globalThis as unknown as { __probe: Probe }).__probe;
      const buf = new Uint8Array(await (await fetch(url)).arrayBuffer());
      p.buf = buf;
      return buf.length;
    }, shardUrl),
  );
  const raw = await timed('gunzip (DecompressionStream)', () =>
    page.evaluate(async () => {
      const p = (globalThis as unknown as { __probe: Probe }).__probe;
      const reader = new Blob([p.buf as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('gzip')).getReader();
      const chunks: Uint8Array[] = [];
      let raw = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        raw += value.length;
      }
      p.chunks = chunks;
      return raw;
    }),
  );
  const lines = await timed('split lines + JSON.parse', () =>
    page.evaluate(async (n) => {
      const p = (globalThis as unknown as { __probe: Probe }).__probe;
      const decoder = new TextDecoder();
      const records: string[] = [];
      let lines = 0;
      let pending = '';
      for (const c of p.chunks as Uint8Array[]) {
        const text = pending + decoder.decode(c, { stream: true });
        let start = 0;
        for (let nl = text.indexOf('\n', start); nl !== -1; nl = text.indexOf('\n', start)) {
          const line = text.slice(start, nl);
          JSON.parse(line);
          lines++;
          if (records.length < n) records.push(line);
          start = nl + 1;
        }
        pending = text.slice(start);
      }
      p.records = records;
      p.chunks = undefined;
      return lines;
    }, n),
  );
  await timed(
    'IndexedDB put, the importer\'s rows: 1,000 lines joined in one string + their ids, per transaction',
    () =>
      page.evaluate(async () => {
        const p = (globalThis as unknown as { __probe: Probe }).__probe;
        const lines = p.records as string[];
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const req = indexedDB.open('fairground-bench-probe-chunks', 1);
          req.onupgradeneeded = () => {
            req.result.createObjectStore('chunks', { keyPath: ['datasetId', 'shard', 'path', 'chunk'] });
            req.result.createObjectStore('chunkIds', { keyPath: ['datasetId', 'shard', 'path', 'chunk'] });
          };
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
        // As the importer: one transaction in flight while the next chunk is prepared.
        let inflight: Promise<void> | undefined;
        for (let i = 0; i < lines.length; i += 1000) {
          const batch = lines.slice(i, i + 1000);
          const key = { datasetId: 'probe', shard: 'corpus', path: 'corpus-00.jsonl.gz', chunk: i / 1000 };
          const ids = batch.map((l) => l.slice(8, l.indexOf('"', 8)));
          await inflight;
          const tx = db.transaction(['chunks', 'chunkIds'], 'readwrite');
          tx.objectStore('chunks').put({ ...key, kind: 'corpus', format: 'jsonl', lines: batch.join('\n') });
          tx.objectStore('chunkIds').put({ ...key, ids });
          inflight = new Promise<void>((resolve, reject) => {
            tx.oncomplete = () => resolve();
            tx.onerror = tx.onabort = () => reject(tx.error);
          });
        }
        await inflight;
        db.close();
      }),
    Math.min(n, lines),
  );
  await page.evaluate('globalThis.__probe = undefined');
  return { compressed, raw, lines, stages };
}
