// Datasets from the (mock) Hugging Face Hub, typed by id in the Datasets view: the BEIR
// dbpedia-entity subset in the Hub's Parquet layout and in its JSONL layout import the same
// records, and a BM25 audit gives the same numbers on both; bad input is named.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { e2e, hubUrl } from './browser.ts';
import { sharedExternal } from '../sharedExternal.ts';
import { parquetOf, writeHubLayout } from '../fixtures/hubDatasetFixture.ts';

const TEST = 'a Hub dataset typed by id imports from Parquet the records of its JSONL layout, and BM25 audits both alike';
const beir = sharedExternal('beir-dbpedia-entity-subset', [`${TEST} [webgpu, wasm] (test/e2e/hubDatasets.e2e.ts)`]);
const root = process.env.FAIRGROUND_MOCK_HUB_DATASETS;
if (!root) throw new Error('FAIRGROUND_MOCK_HUB_DATASETS is not set: run the e2e tests through `npm run test:e2e`.');

if (beir.skip === false) {
  writeHubLayout(beir.path(), join(root, 'e2e/dbpedia-jsonl'), 'jsonl');
  writeHubLayout(beir.path(), join(root, 'e2e/dbpedia-parquet'), 'parquet', 700);
}
mkdirSync(join(root, 'bad/missing-column/corpus'), { recursive: true });
mkdirSync(join(root, 'bad/missing-column/qrels'), { recursive: true });
writeFileSync(join(root, 'bad/missing-column/corpus/corpus-00000-of-00001.parquet'), parquetOf({ _id: ['d1'], body: ['one'] }));
writeFileSync(join(root, 'bad/missing-column/queries.jsonl'), '{"_id":"q1","text":"a query"}\n');
writeFileSync(join(root, 'bad/missing-column/qrels/test.tsv'), 'query-id\tcorpus-id\tscore\nq1\td1\t1\n');

/** The Datasets view with the mock Hub as the Hub address (the Models view's setting). */
async function openDatasets(page: Page, baseUrl: string): Promise<void> {
  await page.goto(baseUrl);
  await page.evaluate((hub) => localStorage.setItem('fairground.hubHost', hub), hubUrl());
  await page.goto(`${baseUrl}#/datasets`);
  await page.reload(); // the settings are read when the page loads
  await page.getByRole('heading', { level: 1, name: 'Datasets' }).waitFor();
  assert.equal(await page.getByTestId('dataset-hub-host').textContent(), hubUrl());
}

async function importHub(page: Page, id: string): Promise<void> {
  await page.getByTestId('dataset-hub-id').fill(id);
  await page.getByTestId('dataset-hub-import').click();
}

/** Every stored record of a dataset, by shard, as `id → fields` read from IndexedDB's chunk rows. */
function storedRecords(page: Page, datasetId: string): Promise<Record<string, Record<string, unknown>>> {
  return page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open('fairground');
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    const rows = await new Promise<{ datasetId: string; shard: string; format: string; lines: string }[]>((resolve, reject) => {
      const r = db.transaction('chunks').objectStore('chunks').getAll();
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    db.close();
    const out: Record<string, Record<string, unknown>> = {};
    for (const row of rows.filter((r) => r.datasetId.startsWith(`${id}@`))) {
      for (const line of row.lines.split('\n')) {
        let key: string, value: unknown;
        if (row.format === 'tsv') {
          const [q, c, s] = line.split('\t');
          if (q === 'query-id') continue;
          [key, value] = [`${q}\t${c}`, Number(s)];
        } else {
          const r = JSON.parse(line);
          if (row.shard === 'qrels') [key, value] = [`${r.query_id ?? r['query-id']}\t${r.corpus_id ?? r['corpus-id']}`, r.score];
          else [key, value] = [String(r._id), { title: r.title, text: r.text }];
        }
        (out[row.shard] ??= {})[key] = value;
      }
    }
    return out;
  }, datasetId);
}

/** Runs BM25 on the `test` task of a dataset from the Run view and returns the results object. */
async function bm25Audit(page: Page, baseUrl: string, datasetId: string): Promise<{ subsets: { models: unknown[] }[]; dataset: { version: string } }> {
  await page.goto(`${baseUrl}#/run`);
  const picker = page.getByTestId('model-picker');
  await picker.waitFor();
  await page.locator('select').first().selectOption(datasetId);
  for (const box of await picker.locator('input[type="checkbox"]').all()) {
    const want = (await box.getAttribute('value')) === 'bm25';
    if ((await box.isChecked()) !== want) await box.setChecked(want);
  }
  const task = page.locator('input[type="checkbox"][value="test"]');
  if (!(await task.isChecked())) await task.check();
  await page.getByTestId('run-button').click();
  await page.getByTestId('results-table').or(page.getByTestId('error-banner')).first().waitFor({ timeout: 300_000 });
  assert.equal(await page.getByTestId('error-banner').count(), 0, `the run failed: ${await page.getByTestId('error-banner').first().textContent().catch(() => '')}`);
  const runId = /#\/results\/(run-[\w-]+)/.exec(page.url())?.[1];
  return page.evaluate((id) => (window as any).fairground.results(id), runId);
}

if (beir.skip === false) {
  e2e(TEST, async ({ page, baseUrl, errors }) => {
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(w.url()));
    await openDatasets(page, baseUrl);
    const ready = (id: string) => page.locator(`[data-testid="dataset-list"] tr[data-dataset-id="${id}"][data-state="ready"]`);
    await importHub(page, 'e2e/dbpedia-parquet');
    await page.getByTestId('import-progress').or(ready('e2e--dbpedia-parquet')).first().waitFor({ timeout: 60_000 });
    await ready('e2e--dbpedia-parquet').waitFor({ timeout: 120_000 });
    assert.ok(workers.some((u) => /shardImport\.worker/.test(u)), `the Parquet files were decoded in an import worker (workers: ${workers.join(', ')})`);
    await importHub(page, 'hf:e2e/dbpedia-jsonl@main');
    await ready('e2e--dbpedia-jsonl').waitFor({ timeout: 120_000 });

    const parquet = await storedRecords(page, 'e2e--dbpedia-parquet');
    const jsonl = await storedRecords(page, 'e2e--dbpedia-jsonl');
    assert.deepEqual(Object.keys(parquet).sort(), ['corpus', 'qrels', 'queries']);
    assert.equal(Object.keys(parquet.corpus).length, 5000);
    for (const shard of ['corpus', 'queries', 'qrels']) assert.deepEqual(parquet[shard], jsonl[shard], `${shard}: the same records`);

    const a = await bm25Audit(page, baseUrl, 'e2e--dbpedia-parquet');
    const b = await bm25Audit(page, baseUrl, 'e2e--dbpedia-jsonl');
    assert.match(a.dataset.version, /^[0-9a-f]{40}$/, 'the dataset version is the Hub commit');
    const numbers = (r: { subsets: { models: unknown[] }[] }) => JSON.stringify(r.subsets.map((s) => s.models), (k, v) => (k === 'timing' ? undefined : v));
    assert.equal(numbers(a), numbers(b));
    const count = (numbers(a).match(/-?\d+(\.\d+)?(e[-+]?\d+)?/g) ?? []).length;
    assert.ok(count > 20, `the audit has numbers (${count}): ${numbers(a).slice(0, 400)}`);
    assert.deepEqual(errors, []);
  }, { timeout: 600_000 });
}

e2e('a Hub dataset that does not exist, is private, or has a Parquet column missing is named, and nothing of it is stored', async ({ page, baseUrl }) => {
  await openDatasets(page, baseUrl);
  const banner = page.getByTestId('error-banner');
  for (const [id, message] of [
    ['nobody/nothing', `no dataset "nobody/nothing" on the Hub at ${hubUrl()}`],
    ['private/secret', 'the dataset is private or gated. Fairground sends no token'],
    ['bad/missing-column', 'shard "corpus" (corpus/corpus-00000-of-00001.parquet): Parquet column "text" is missing'],
  ] as const) {
    await importHub(page, id);
    await banner.waitFor({ timeout: 60_000 });
    assert.ok(((await banner.textContent()) ?? '').includes(message), `${id}: ${await banner.textContent()}`);
    await banner.getByRole('button').first().click();
    await banner.waitFor({ state: 'detached' });
  }
  assert.equal(await page.locator('[data-testid="dataset-list"] tr[data-state="ready"]').count(), 0);
}, { timeout: 180_000 });
