/**
 * Where an import's time goes, stage by stage, in the page (for
 * import.bench.ts with BENCH_PROFILE=1). Runs in a fresh page of the site's
 * origin, on one corpus shard served by the data server, each stage alone,
 * with the wall time and the CPU seconds of Chromium's renderer and browser
 * processes (CPU time is far less sensitive to a busy machine than wall time):
 *
 * 1. fetch: read the response body to the end (network + stream plumbing);
 * 2. gunzip: DecompressionStream('gzip') over the same bytes;
 * 3. split + parse: cut the text at newlines and JSON.parse each line;
 * 4. IndexedDB puts of the first `n` parsed records into a scratch database,
 *    1,000 per transaction, in three layouts: the app's `records` store
 *    (compound key [datasetId, shard, id], indexes byShard, byDataset,
 *    byPart, the record wrapped with datasetId/shard/path/kind), the same
 *    store without its indexes, and one value per 1,000 records (a
 *    "chunk" row keyed [datasetId, path, chunk]).
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
      const records: unknown[] = [];
      let lines = 0;
      let pending = '';
      for (const c of p.chunks as Uint8Array[]) {
        const text = pending + decoder.decode(c, { stream: true });
        let start = 0;
        for (let nl = text.indexOf('\n', start); nl !== -1; nl = text.indexOf('\n', start)) {
          const r = JSON.parse(text.slice(start, nl));
          lines++;
          if (records.length < n) records.push(r);
          start = nl + 1;
        }
        pending = text.slice(start);
      }
      p.records = records;
      p.chunks = undefined;
      return lines;
    }, n),
  );
  const layouts = [
    ['IndexedDB put, app schema: 1 row per record, key [datasetId, shard, id], 3 indexes', 'app'],
    ['IndexedDB put, same rows without the 3 indexes', 'noindex'],
    ['IndexedDB put, 1 row per 1,000 records (chunk), no indexes', 'chunk'],
  ] as const;
  for (const [label, layout] of layouts) {
    await timed(
      label,
      () =>
        page.evaluate(async (layout) => {
          const p = (globalThis as unknown as { __probe: Probe }).__probe;
          const records = p.records as { _id: string }[];
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            const req = indexedDB.open(`fairground-bench-probe-${layout}`, 1);
            req.onupgradeneeded = () => {
              const d = req.result;
              if (layout === 'chunk') d.createObjectStore('rows', { keyPath: ['datasetId', 'path', 'chunk'] });
              else {
                const s = d.createObjectStore('rows', { keyPath: ['datasetId', 'shard', 'id'] });
                if (layout === 'app') {
                  s.createIndex('byShard', ['datasetId', 'shard']);
                  s.createIndex('byDataset', 'datasetId');
                  s.createIndex('byPart', ['datasetId', 'path']);
                }
              }
            };
            req.onsuccess = () => resolve(req.result);
            req.onerror = () => reject(req.error);
          });
          for (let i = 0; i < records.length; i += 1000) {
            const tx = db.transaction('rows', 'readwrite');
            const s = tx.objectStore('rows');
            const batch = records.slice(i, i + 1000);
            if (layout === 'chunk') s.put({ datasetId: 'probe', path: 'corpus-00.jsonl.gz', chunk: i / 1000, records: batch });
            else for (const r of batch) s.put({ datasetId: 'probe', shard: 'corpus', path: 'corpus-00.jsonl.gz', id: r._id, kind: 'corpus', data: r });
            await new Promise<void>((resolve, reject) => {
              tx.oncomplete = () => resolve();
              tx.onerror = tx.onabort = () => reject(tx.error);
            });
          }
          db.close();
        }, layout),
      n,
    );
  }
  await page.evaluate('globalThis.__probe = undefined');
  return { compressed, raw, lines, stages };
}
