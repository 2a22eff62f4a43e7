/**
 * Issue 12, "Nothing lost, nothing leaked", in the browser: a failed re-import keeps the stored
 * version, two tabs importing one dataset take turns, shard paths cannot leave the dataset
 * folder, a failed import is not retried on the next visit, "Delete all local data" deletes it
 * all, and a long title does not widen the page. Datasets are served from routes under
 * `<site>/sets/<folder>/`, built here with true sizes and hashes.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Page, Route } from 'playwright-core';
import { e2e, ONE_PATH } from './browser.ts';

type Files = Map<string, Buffer>;

interface PackageSpec {
  readonly id: string;
  readonly version?: string;
  readonly title?: string;
  /** Corpus documents; `badLine` (1-based) replaces that line with malformed JSON. */
  readonly docs: number;
  readonly badLine?: number;
  /** Manifest shard path of the corpus (default corpus.jsonl.gz). */
  readonly corpusPath?: string;
  /** Leave `bytes` out of the manifest (the page then asks the server for the size). */
  readonly withoutBytes?: boolean;
}

const QUERIES = 5;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A retrieval dataset: `docs` corpus records (gzipped), 5 queries, 5 qrels rows. */
function datasetPackage(spec: PackageSpec): Files {
  const lines = Array.from({ length: spec.docs }, (_, i) => JSON.stringify({ _id: `d${i}`, text: `document ${i} of ${spec.id}` }));
  if (spec.badLine !== undefined) lines[spec.badLine - 1] = '{"_id": "broken", "text": oops}';
  const corpus = gzipSync(Buffer.from(lines.join('\n') + '\n'), { level: 9 });
  const queries = Buffer.from(Array.from({ length: QUERIES }, (_, i) => JSON.stringify({ _id: `q${i}`, text: `query ${i}` })).join('\n') + '\n');
  const qrels = Buffer.from(Array.from({ length: QUERIES }, (_, i) => `q${i}\td${i}\t1`).join('\n') + '\n');
  const corpusPath = spec.corpusPath ?? 'corpus.jsonl.gz';
  const entry = (name: string, kind: string, path: string, bytes: Buffer, records: number) => ({
    name, kind, path, records, sha256: sha256(bytes), ...(spec.withoutBytes ? {} : { bytes: bytes.length }),
  });
  const manifest = {
    id: spec.id, version: spec.version ?? '1.0.0', title: spec.title ?? `Set ${spec.id}`, license: 'CC0-1.0', languages: ['en'],
    tasks: [{ type: 'retrieval', name: 'main', corpus: 'corpus', queries: 'queries', qrels: 'qrels', relevance_threshold: 1, k: [10] }],
    shards: [
      entry('corpus', 'corpus', corpusPath, corpus, spec.docs),
      entry('queries', 'queries', 'queries.jsonl', queries, QUERIES),
      entry('qrels', 'qrels', 'qrels.tsv', qrels, QUERIES),
    ],
  };
  return new Map([
    ['manifest.json', Buffer.from(JSON.stringify(manifest))],
    ['corpus.jsonl.gz', corpus],
    ['queries.jsonl', queries],
    ['qrels.tsv', qrels],
  ]);
}

interface Served {
  /** Paths requested under the folder, in order ("GET corpus.jsonl.gz"). */
  readonly requests: string[];
  /** Holds the first GET of `path` until the returned gate is opened, or fails it as a cut connection does (`fail`). */
  hold(path: string): { open: () => void; fail: () => void };
}

/** Serves `files` at `<site>/sets/<folder>/` to `pages` (the dataset's shards are fetched by the inflate worker too). */
async function serve(pages: readonly Page[], baseUrl: string, folder: string, files: Files): Promise<Served> {
  const prefix = new URL(`sets/${folder}/`, baseUrl).pathname;
  const requests: string[] = [];
  const holds = new Map<string, Promise<'open' | 'fail'>>();
  const handler = async (route: Route) => {
    const request = route.request();
    const path = new URL(request.url()).pathname.slice(prefix.length);
    requests.push(`${request.method()} ${path}`);
    const held = request.method() === 'GET' ? holds.get(path) : undefined;
    if (held) {
      holds.delete(path);
      if ((await held) === 'fail') return void (await route.abort('connectionreset').catch(() => undefined));
    }
    const body = files.get(path);
    const type = path.endsWith('.gz') ? 'application/gzip' : path.endsWith('.json') ? 'application/json' : 'text/plain';
    // The request may have gone with a reload while it was held.
    await (body ? route.fulfill({ status: 200, body, headers: { 'content-type': type } }) : route.fulfill({ status: 404, body: 'not found' })).catch(() => undefined);
  };
  for (const page of pages) await page.route(`**${prefix}**`, handler);
  return {
    requests,
    hold(path) {
      let settle!: (how: 'open' | 'fail') => void;
      holds.set(path, new Promise((resolve) => (settle = resolve)));
      return { open: () => settle('open'), fail: () => settle('fail') };
    },
  };
}

async function openDatasets(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}#/datasets`);
  await page.getByRole('heading', { level: 1, name: 'Datasets' }).waitFor();
}

function row(page: Page, id: string) {
  return page.locator(`[data-testid="dataset-list"] tr[data-dataset-id="${id}"]`);
}

function readyRow(page: Page, id: string) {
  return page.locator(`[data-testid="dataset-list"] tr[data-dataset-id="${id}"][data-state="ready"]`);
}

async function importUrl(page: Page, url: string): Promise<void> {
  await page.locator('#dataset-url').fill(url);
  await page.locator('#dataset-url').press('Enter');
}

/** Row counts of every store of the app's database (empty when there is no database). */
function idbCounts(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    // Opening a database that does not exist would create an empty v1 one: look first.
    if (!(await indexedDB.databases()).some((d) => d.name === 'fairground')) return {};
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open('fairground');
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    const out: Record<string, number> = {};
    for (const name of Array.from(db.objectStoreNames)) {
      out[name] = await new Promise<number>((resolve, reject) => {
        const r = db.transaction(name).objectStore(name).count();
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    }
    db.close();
    return out;
  });
}

/** The number of record ids stored in `chunkIds` rows (every version of every dataset). */
function storedIds(page: Page): Promise<number> {
  return storedIdsByKey(page).then((keys) => Object.values(keys).reduce((n, k) => n + k.ids, 0));
}

/**
 * Per store key (a version's rows): the record ids stored, and the records of its parts marked
 * done. Equal when no part is half-stored.
 */
function storedIdsByKey(page: Page): Promise<Record<string, { ids: number; done: number }>> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open('fairground');
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    const [ids, states] = (await Promise.all(
      ['chunkIds', 'shardState'].map((store) => new Promise<unknown[]>((resolve, reject) => {
        const r = db.transaction(store).objectStore(store).getAll();
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      })),
    )) as [{ datasetId: string; ids: string[] }[], { datasetId: string; state: string; records?: number }[]];
    db.close();
    const out: Record<string, { ids: number; done: number }> = {};
    for (const r of ids) (out[r.datasetId] ??= { ids: 0, done: 0 }).ids += r.ids.length;
    for (const s of states) if (s.state === 'done') (out[s.datasetId] ??= { ids: 0, done: 0 }).done += s.records ?? 0;
    return out;
  });
}

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

e2e('a newer version with a malformed line fails and leaves the stored version ready, whole and readable', async ({ page, baseUrl }) => {
  const v1 = datasetPackage({ id: 'keep', docs: 125 }); // 125 + 5 queries + 5 qrels = 135 records
  const v2 = datasetPackage({ id: 'keep', version: '2.0.0', docs: 140, badLine: 50 });
  await serve([page], baseUrl, 'keep-v1', v1);
  const second = await serve([page], baseUrl, 'keep-v2', v2);
  await openDatasets(page, baseUrl);
  await importUrl(page, `${baseUrl}sets/keep-v1/`);
  await readyRow(page, 'keep').waitFor({ timeout: 30_000 });
  assert.match((await row(page, 'keep').textContent()) ?? '', /135/);
  const before = await storedIdsByKey(page);
  const [storedKey] = Object.keys(before);
  assert.deepEqual(Object.values(before), [{ ids: 135, done: 135 }]);

  const held = second.hold('corpus.jsonl.gz');
  await importUrl(page, `${baseUrl}sets/keep-v2/`);
  await page.getByTestId('import-progress').waitFor();
  // While the new version is being read, the stored one is still ready and can be browsed.
  await page.waitForTimeout(300);
  assert.equal(await row(page, 'keep').getAttribute('data-state'), 'ready', 'the stored version stays ready during the import');
  await row(page, 'keep').getByTestId('dataset-update').filter({ hasText: /v2\.0\.0: importing/ }).waitFor({ timeout: 10_000 });
  await row(page, 'keep').getByRole('button', { name: 'Browse' }).click();
  await page.getByPlaceholder('e.g. en-p0001').fill('d124');
  await page.getByRole('button', { name: 'Find' }).click();
  await page.getByTestId('record-browser').getByText('d124').first().waitFor({ timeout: 10_000 });
  held.open();

  const banner = page.getByTestId('error-banner');
  await banner.waitFor({ timeout: 30_000 });
  assert.match((await banner.textContent()) ?? '', /line 50/);
  await readyRow(page, 'keep').waitFor({ timeout: 10_000 });
  const text = (await row(page, 'keep').textContent()) ?? '';
  assert.match(text, /135/, `still 135 records: ${text}`);
  assert.match(text, /v1\.0\.0/);
  // The list is refreshed as the import stops: for a moment the update may read as interrupted before
  // its failure is stored (seen once under load in CI); it must then say it failed, and why.
  await row(page, 'keep').getByTestId('dataset-update').filter({ hasText: /update to v2\.0\.0 failed, this version is kept: .*line 50/ }).waitFor({ timeout: 10_000 });
  // The failed version keeps only whole parts (those done beside the failing one, in other
  // import workers, for a resume): none half-stored.
  const after = await storedIdsByKey(page);
  assert.deepEqual(after[storedKey], { ids: 135, done: 135 }, 'the stored version lost no record');
  for (const [key, n] of Object.entries(after)) assert.equal(n.ids, n.done, `${key}: no part of the failed version is half-stored`);
}, { devices: ONE_PATH });

e2e('two tabs importing the same dataset take turns: the second waits, and "ready" only ever means complete', async ({ page, context, baseUrl }) => {
  const files = datasetPackage({ id: 'twotabs', docs: 300 });
  const total = 300 + 2 * QUERIES;
  const second = await context.newPage();
  const served = await serve([page, second], baseUrl, 'two', files);
  const held = served.hold('qrels.tsv');
  await openDatasets(page, baseUrl);
  await openDatasets(second, baseUrl);
  await importUrl(page, `${baseUrl}sets/two/`);
  await page.waitForRequest((r) => r.url().endsWith('/sets/two/qrels.tsv'), { timeout: 30_000 });

  await importUrl(second, `${baseUrl}sets/two/`);
  await second.getByRole('status').filter({ hasText: /being imported in another tab/i }).waitFor({ timeout: 10_000 });
  await second.waitForTimeout(500);
  assert.equal(served.requests.filter((r) => r === 'GET corpus.jsonl.gz').length, 1, 'the waiting tab read no shard');
  assert.notEqual(await row(second, 'twotabs').getAttribute('data-state', { timeout: 1_000 }).catch(() => null), 'ready');

  held.open();
  await readyRow(page, 'twotabs').waitFor({ timeout: 30_000 });
  await second.getByRole('status').filter({ hasText: /already imported/i }).waitFor({ timeout: 30_000 });
  await readyRow(second, 'twotabs').waitFor({ timeout: 10_000 });
  assert.match(((await row(second, 'twotabs').textContent()) ?? '').replace(/,/g, ''), new RegExp(`${total}`));
  assert.equal(await storedIds(second), total, 'each record is stored once');
}, { devices: ONE_PATH });

e2e('a shard path that escapes the dataset folder or names another host is refused before any request', async ({ page, context, baseUrl }) => {
  const foreign: string[] = [];
  await context.route('**/*example.invalid*/**', (route) => (foreign.push(route.request().url()), route.abort()));
  const outside = await serve([page], baseUrl, 'outside', datasetPackage({ id: 'outside', docs: 3 }));
  await openDatasets(page, baseUrl);
  for (const [folder, path] of [
    ['evil-dots', '%2e%2e/outside/corpus.jsonl.gz'],
    ['evil-host', 'https:example.invalid/corpus.jsonl.gz'],
  ] as const) {
    const served = await serve([page], baseUrl, folder, datasetPackage({ id: folder, docs: 3, corpusPath: path, withoutBytes: true }));
    await importUrl(page, `${baseUrl}sets/${folder}/`);
    const banner = page.getByTestId('error-banner');
    await banner.waitFor({ timeout: 15_000 });
    const message = (await banner.textContent()) ?? '';
    assert.ok(message.includes(path), `the message names the path: ${message}`);
    assert.match(message, /dataset folder/);
    assert.deepEqual(served.requests, ['GET manifest.json'], `only the manifest was fetched for ${path}`);
    await page.getByRole('button', { name: 'Dismiss error' }).click();
  }
  assert.deepEqual(outside.requests, [], 'nothing was fetched outside the dataset folder');
  assert.deepEqual(foreign, [], 'no request went to another host');
}, { devices: ONE_PATH });

e2e('a failed URL import is not retried on the next visit, and a resumed import is named by its own title', async ({ page, baseUrl }) => {
  await openDatasets(page, baseUrl);
  // A failed dataset whose title sorts first in the list.
  const broken = datasetPackage({ id: 'aardvark', title: 'Aardvark broken', docs: 3, badLine: 2 });
  await page.getByTestId('dataset-files-input').setInputFiles(
    [...broken].map(([name, buffer]) => ({ name, mimeType: 'application/octet-stream', buffer })),
  );
  await page.getByTestId('error-banner').waitFor({ timeout: 15_000 });
  await page.locator('[data-testid="dataset-list"] tr[data-dataset-id="aardvark"][data-state="failed"]').waitFor();

  const failing = await serve([page], baseUrl, 'zebra-bad', datasetPackage({ id: 'zebra', title: 'Zebra late', docs: 20, badLine: 7 }));
  await importUrl(page, `${baseUrl}sets/zebra-bad/`);
  await page.getByTestId('error-banner').filter({ hasText: /line 7/ }).waitFor({ timeout: 15_000 });
  const fetched = failing.requests.length;

  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Datasets' }).waitFor();
  await row(page, 'zebra').waitFor();
  await page.waitForTimeout(1_500);
  assert.equal(failing.requests.length, fetched, 'the failed import was not started again');
  assert.equal(await page.getByRole('status').filter({ hasText: 'Resuming' }).count(), 0);
  assert.equal(await page.getByTestId('import-bundled-freelance-twins').isDisabled(), false, 'the import controls are enabled');

  // An import interrupted by a reload is resumed, and the notice names it, not the failed one.
  const good = datasetPackage({ id: 'zebra', title: 'Zebra late', version: '1.0.1', docs: 20 });
  const served = await serve([page], baseUrl, 'zebra-good', good);
  const interrupted = served.hold('qrels.tsv');
  await importUrl(page, `${baseUrl}sets/zebra-good/`);
  await page.waitForRequest((r) => r.url().endsWith('/sets/zebra-good/qrels.tsv'), { timeout: 30_000 });
  const resumed = served.hold('qrels.tsv'); // the resumed import waits there too, so its notice can be read
  await page.reload();
  // The reloaded page's import waits for the old page's import lock, which a worker of the old page
  // can hold while its request hangs: answer that request (the old page is gone, so nothing reads
  // it), or the notice can wait on it (seen once in CI on the WebGPU path).
  interrupted.open();
  const notice = page.getByRole('status').filter({ hasText: 'Resuming' });
  await notice.waitFor({ timeout: 30_000 });
  assert.match((await notice.textContent()) ?? '', /Resuming the interrupted import of “Zebra late”/);
  resumed.open();
  await readyRow(page, 'zebra').waitFor({ timeout: 30_000 });
  assert.match((await row(page, 'zebra').textContent()) ?? '', /v1\.0\.1/);
}, { devices: ONE_PATH });

e2e('an import cut off by leaving the page is resumed on the next visit, even when its request fails before the page is gone', async ({ page, baseUrl }) => {
  const served = await serve([page], baseUrl, 'leaving', datasetPackage({ id: 'leaving', title: 'Left mid-import', docs: 20 }));
  await openDatasets(page, baseUrl);
  const cut = served.hold('qrels.tsv');
  await importUrl(page, `${baseUrl}sets/leaving/`);
  await page.waitForRequest((r) => r.url().endsWith('/sets/leaving/qrels.tsv'), { timeout: 30_000 });
  // What a reload does, in the order a slow one can: the page is told it is being left, then the
  // request in flight fails before the page is gone (its JavaScript still runs).
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })));
  cut.fail();
  await page.getByRole('status').filter({ hasText: 'Import cancelled' }).waitFor({ timeout: 15_000 });
  assert.equal(await page.getByTestId('error-banner').count(), 0, 'the cut request did not fail the import');
  const resumed = served.hold('qrels.tsv');
  await page.reload();
  const notice = page.getByRole('status').filter({ hasText: 'Resuming' });
  await notice.waitFor({ timeout: 30_000 });
  assert.match((await notice.textContent()) ?? '', /Resuming the interrupted import of “Left mid-import”/);
  resumed.open();
  await readyRow(page, 'leaving').waitFor({ timeout: 30_000 });
}, { devices: ONE_PATH });

e2e('an interrupted import whose lock is still held when the page loads (the reloaded page, or another tab) resumes once the lock is freed', async ({ page, context, baseUrl }) => {
  const served = await serve([page], baseUrl, 'held-lock', datasetPackage({ id: 'heldlock', title: 'Held lock', docs: 12 }));
  await openDatasets(page, baseUrl);
  // The import's lock held in another tab, as the page a reload replaced holds it for a moment,
  // then the marker the import left once it had read the manifest.
  const other = await context.newPage();
  await openDatasets(other, baseUrl);
  await other.evaluate(
    () =>
      new Promise<void>((granted) => {
        void navigator.locks.request('fairground.import:heldlock', () => {
          granted();
          return new Promise<void>((resolve) => ((window as unknown as { releaseLock: () => void }).releaseLock = resolve));
        });
      }),
  );
  const held = await page.evaluate(async () => (await navigator.locks.query()).held?.map((l) => l.name));
  assert.deepEqual(held, ['fairground.import:heldlock'], 'the other tab holds the lock');
  await page.evaluate((url) => localStorage.setItem('fairground.pendingImport', JSON.stringify({ url, label: url, datasetId: 'heldlock', title: 'Held lock' })), `${baseUrl}sets/held-lock/`);
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Datasets' }).waitFor();
  await page.waitForTimeout(1_000);
  assert.equal(await page.getByRole('status').filter({ hasText: 'Resuming' }).count(), 0, 'not resumed while another holds the lock');
  assert.deepEqual(served.requests, [], `nothing fetched while another holds the lock: ${served.requests.join(', ')}`);

  await other.evaluate(() => (window as unknown as { releaseLock: () => void }).releaseLock());
  const notice = page.getByRole('status').filter({ hasText: 'Resuming' });
  await notice.waitFor({ timeout: 30_000 });
  assert.match((await notice.textContent()) ?? '', /Resuming the interrupted import of “Held lock”/);
  await readyRow(page, 'heldlock').waitFor({ timeout: 30_000 });
  await other.close();
}, { devices: ONE_PATH });

e2e('"Delete all local data" (keyboard, with a confirm step) empties IndexedDB and the Cache API and unregisters the service worker', async ({ page, baseUrl }) => {
  await openDatasets(page, baseUrl);
  await page.getByTestId('import-bundled-freelance-twins').click();
  await readyRow(page, 'freelance-twins').waitFor({ timeout: 60_000 });
  await page.evaluate(async () => {
    await (await caches.open('fairground-test')).put('/cached-model-file', new Response('weights'));
    await navigator.serviceWorker.register('coi-sw.js');
    await navigator.serviceWorker.ready;
    localStorage.setItem('fairground.pendingImport', JSON.stringify({ url: '/nowhere/', label: 'x' }));
  });
  const outside = () =>
    page.evaluate(async () => ({
      caches: (await caches.keys()).length,
      workers: (await navigator.serviceWorker.getRegistrations()).length,
      keys: Object.keys(localStorage).filter((k) => k.startsWith('fairground.')).length,
    }));
  const before = { ...(await outside()), rows: sum(await idbCounts(page)) };
  assert.ok(before.rows > 0 && before.caches > 0 && before.workers > 0 && before.keys > 0, `something to delete: ${JSON.stringify(before)}`);

  await page.getByTestId('delete-all-data').focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByTestId('delete-all-data-confirm');
  await confirm.waitFor();
  assert.equal(await confirm.evaluate((el) => el === document.activeElement), true, 'the confirm step takes the focus');
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: /local data .*deleted/i }).waitFor({ timeout: 30_000 });

  const after = { ...(await outside()), rows: sum(await idbCounts(page)) };
  assert.deepEqual(after, { caches: 0, workers: 0, keys: 0, rows: 0 });
  assert.equal(await row(page, 'freelance-twins').count(), 0, 'the list is empty');
}, { devices: ONE_PATH });

e2e('a 300-character title does not widen the Datasets or Run view past an 800 px window', async ({ page, baseUrl }) => {
  await page.setViewportSize({ width: 800, height: 700 });
  // No space or hyphen: nothing where the browser may break the line.
  const title = 'Anextremelylongdatasettitlewithoutanybreak'.repeat(8).slice(0, 300);
  assert.equal(title.length, 300);
  await openDatasets(page, baseUrl);
  const files = datasetPackage({ id: 'long', title, docs: 3 });
  await page.getByTestId('dataset-files-input').setInputFiles([...files].map(([name, buffer]) => ({ name, mimeType: 'application/octet-stream', buffer })));
  await readyRow(page, 'long').waitFor({ timeout: 15_000 });
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok((await overflow()) <= 0, `Datasets view: ${await overflow()} px of horizontal overflow`);
  const table = await page.getByTestId('dataset-list').boundingBox();
  assert.ok(table && table.x + table.width <= 800, `the table ends inside the window (${JSON.stringify(table)})`);
  assert.equal(await row(page, 'long').locator(`[title="${title}"]`).count(), 1, 'the full title is in a tooltip');
  await page.goto(`${baseUrl}#/run`);
  await page.getByRole('heading', { level: 1, name: /^Run/ }).waitFor();
  await page.locator('option', { hasText: title.slice(0, 40) }).first().waitFor({ state: 'attached', timeout: 10_000 });
  assert.ok((await overflow()) <= 0, `Run view: ${await overflow()} px of horizontal overflow`);
}, { devices: ONE_PATH });
