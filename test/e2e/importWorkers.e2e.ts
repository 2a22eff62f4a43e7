/**
 * Issue 17, "Import across cores", in the browser: the parts of an import run in a pool of import
 * workers (workers/shardImport.worker.ts), one per core as `navigator.hardwareConcurrency` says,
 * and give the same stored records as a pool of one (which runs in the page, with its inflate
 * worker). `?cores=n` in the page's address makes the page report n cores (an init script), so the
 * pool of one is the same build, forced.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Page, Route } from 'playwright-core';
import { e2e, ONE_PATH } from './browser.ts';

const PARTS = 4;
const DOCS_PER_PART = 3000;
const QUERIES = 20;
/** The init script behind `?cores=n`. */
const CORES_FROM_ADDRESS = `{
  const cores = Number(new URL(location.href).searchParams.get('cores'));
  if (cores > 0) Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => cores, configurable: true });
}`;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A retrieval dataset whose corpus is PARTS gzipped parts, with queries and qrels. */
function partedPackage(id: string, parts = PARTS): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const shards: object[] = [];
  const add = (name: string, kind: string, path: string, bytes: Buffer, records: number) => {
    files.set(path, bytes);
    shards.push({ name, kind, path, records, bytes: bytes.length, sha256: sha256(bytes) });
  };
  for (let p = 0; p < parts; p++) {
    const lines = Array.from({ length: DOCS_PER_PART }, (_, i) => {
      const n = p * DOCS_PER_PART + i;
      return JSON.stringify({ _id: `d${n}`, title: `Doc ${n}`, text: `document ${n} of part ${p}, with some words to parse ${'x'.repeat(n % 50)}` });
    });
    add('corpus', 'corpus', `corpus-${p}.jsonl.gz`, gzipSync(Buffer.from(lines.join('\n') + '\n')), DOCS_PER_PART);
  }
  add('queries', 'queries', 'queries.jsonl', Buffer.from(Array.from({ length: QUERIES }, (_, i) => JSON.stringify({ _id: `q${i}`, text: `query ${i}` })).join('\n') + '\n'), QUERIES);
  // One judgment names a document that is in no part: counted as unknown across all parts.
  const qrels = [...Array.from({ length: QUERIES }, (_, i) => `q${i}\td${i * 500}\t1`), 'q0\tnowhere\t1'];
  add('qrels', 'qrels', 'qrels.tsv', Buffer.from(qrels.join('\n') + '\n'), qrels.length);
  const manifest = {
    id, version: '1.0.0', title: `Parted ${id}`, license: 'CC0-1.0', languages: ['en'],
    tasks: [{ type: 'retrieval', name: 'main', corpus: 'corpus', queries: 'queries', qrels: 'qrels', relevance_threshold: 1, k: [10] }],
    shards,
  };
  files.set('manifest.json', Buffer.from(JSON.stringify(manifest)));
  return files;
}

/** Serves `files` at `<site>/sets/<id>/` (the import workers fetch through the same routes). */
async function serve(page: Page, baseUrl: string, id: string, files: Map<string, Buffer>): Promise<void> {
  const prefix = new URL(`sets/${id}/`, baseUrl).pathname;
  await page.route(`**${prefix}**`, async (route: Route) => {
    const path = new URL(route.request().url()).pathname.slice(prefix.length);
    const body = files.get(path);
    const type = path.endsWith('.gz') ? 'application/gzip' : path.endsWith('.json') ? 'application/json' : 'text/plain';
    await (body ? route.fulfill({ status: 200, body, headers: { 'content-type': type } }) : route.fulfill({ status: 404, body: 'not found' })).catch(() => undefined);
  });
}

/** Every stored record of a dataset as `shard → id → line`, from IndexedDB's chunk rows. */
function storedRecords(page: Page, datasetId: string): Promise<Record<string, Record<string, string>>> {
  return page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open('fairground');
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    // No named function here: tsx would wrap it in __name(), which the page lacks.
    const [chunks, ids] = (await Promise.all(
      ['chunks', 'chunkIds'].map((store) => new Promise<unknown[]>((resolve, reject) => {
        const r = db.transaction(store).objectStore(store).getAll();
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      })),
    )) as [{ datasetId: string; shard: string; path: string; chunk: number; lines: string }[], { datasetId: string; path: string; chunk: number; ids: string[] }[]];
    db.close();
    const idsOf = new Map(ids.map((r) => [`${r.datasetId}\n${r.path}\n${r.chunk}`, r.ids]));
    const out: Record<string, Record<string, string>> = {};
    for (const c of chunks.filter((r) => r.datasetId.startsWith(`${id}@`))) {
      const lines = c.lines.split('\n');
      const rowIds = idsOf.get(`${c.datasetId}\n${c.path}\n${c.chunk}`) ?? [];
      lines.forEach((line, i) => ((out[c.shard] ??= {})[rowIds[i]] = line));
    }
    return out;
  }, datasetId);
}

/** Imports `<site>/sets/<id>/` from the URL form of a page opened with `?cores=<cores>`; returns the import workers it started. */
async function importWith(page: Page, baseUrl: string, id: string, cores: number | undefined, pattern = /shardImport\.worker/): Promise<string[]> {
  const workers: string[] = [];
  const watch = (w: { url(): string }) => pattern.test(w.url()) && workers.push(w.url());
  page.on('worker', watch);
  await page.goto(`${baseUrl}${cores === undefined ? '' : `?cores=${cores}`}#/datasets`);
  await page.getByRole('heading', { level: 1, name: 'Datasets' }).waitFor();
  if (cores !== undefined) assert.equal(await page.evaluate(() => navigator.hardwareConcurrency), cores, 'the page reports the cores of its address');
  await page.locator('#dataset-url').fill(new URL(`sets/${id}/`, baseUrl).href);
  await page.locator('form.url:has(#dataset-url) button[type="submit"]').click();
  const ready = page.locator(`[data-testid="dataset-list"] tr[data-dataset-id="${id}"][data-state="ready"]`);
  const banner = page.getByTestId('error-banner');
  await ready.waitFor({ timeout: 120_000 }).catch(async (e) => {
    throw new Error(`the import did not end ready: ${(await banner.allTextContents()).join(' | ') || (e as Error).message}`);
  });
  assert.equal(await banner.count(), 0, `an error was shown: ${(await banner.allTextContents()).join(' | ')}`);
  page.off('worker', watch);
  return workers;
}

e2e('a parted import runs in one import worker per core (navigator.hardwareConcurrency) and stores what a pool of one stores', async ({ page, context, baseUrl, errors }) => {
  // A string, not a function: tsx would wrap the getter in __name(), which the page lacks.
  await context.addInitScript({ content: CORES_FROM_ADDRESS });
  await serve(page, baseUrl, 'parted-pool', partedPackage('parted-pool'));
  await serve(page, baseUrl, 'parted-one', partedPackage('parted-one'));
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  // This machine's own count, at least 2 (so that the check can fail): 4 corpus parts and the queries are imported at once.
  const poolCores = Math.max(2, cores);
  const pool = await importWith(page, baseUrl, 'parted-pool', poolCores === cores ? undefined : poolCores);
  assert.equal(pool.length, Math.min(PARTS + 1, poolCores, 8), `one import worker per part, up to the ${poolCores} cores (workers: ${pool.join(', ')})`);
  const one = await importWith(page, baseUrl, 'parted-one', 1);
  assert.equal(one.length, 0, `?cores=1: a pool of one runs in the page, as before the pool (workers: ${one.join(', ')})`);
  const a = await storedRecords(page, 'parted-pool');
  const b = await storedRecords(page, 'parted-one');
  assert.deepEqual(Object.keys(a).sort(), ['corpus', 'qrels', 'queries']);
  assert.equal(Object.keys(a.corpus).length, PARTS * DOCS_PER_PART);
  for (const shard of ['corpus', 'queries', 'qrels']) assert.deepEqual(a[shard], b[shard], `${shard}: the same records`);
  // The unknown judgment is counted the same way by both (the row shows it).
  for (const id of ['parted-pool', 'parted-one']) {
    const text = (await page.locator(`[data-testid="dataset-list"] tr[data-dataset-id="${id}"]`).textContent()) ?? '';
    assert.match(text.replace(/[,\s\u202f\u00a0]/g, ''), new RegExp(String(PARTS * DOCS_PER_PART + QUERIES + QUERIES + 1)), `${id}: every record counted`);
  }
  assert.deepEqual(errors, []);
}, { timeout: 300_000, devices: ONE_PATH });

e2e('an import of fewer parts than cores gives each import worker an inflate worker of its own (read, hash, gunzip on a second thread)', async ({ page, context, baseUrl, errors }) => {
  await context.addInitScript({ content: CORES_FROM_ADDRESS });
  await serve(page, baseUrl, 'one-part', partedPackage('one-part', 1));
  // One corpus part and the queries: a pool of two on 4 cores leaves two cores spare.
  const workers = await importWith(page, baseUrl, 'one-part', 4, /(shardImport|inflate)\.worker/);
  assert.equal(workers.filter((u) => /shardImport\.worker/.test(u)).length, 2, `two import workers (workers: ${workers.join(', ')})`);
  assert.ok(workers.some((u) => /inflate\.worker/.test(u)), `an import worker started an inflate worker (workers: ${workers.join(', ')})`);
  const stored = await storedRecords(page, 'one-part');
  assert.equal(Object.keys(stored.corpus).length, DOCS_PER_PART);
  assert.deepEqual(errors, []);
}, { timeout: 120_000, devices: ONE_PATH });
