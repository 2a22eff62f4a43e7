// Datasets from the (mock) Hugging Face Hub, typed by id in the Datasets view: the BEIR
// dbpedia-entity subset in the Hub's Parquet layout and in its JSONL layout import the same
// records, and a BM25 audit gives the same numbers on both; bad input is named.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parquetWriteBuffer } from 'hyparquet-writer';
import type { Page } from 'playwright-core';
import { assertNoBanner, e2e, hubUrl, ONE_PATH } from './browser.ts';
import { sharedExternal } from '../sharedExternal.ts';
import { parquetOf, writeHubLayout } from '../fixtures/hubDatasetFixture.ts';
import { writeBundledWithPool, writeFreelancerHubLayout } from '../fixtures/freelancerHubFixture.ts';

const TEST = 'a Hub dataset typed by id imports from Parquet, and from qrels held twice (JSONL and Parquet), the records of its JSONL layout, and BM25 audits all alike';
const beir = sharedExternal('beir-dbpedia-entity-subset', [`${TEST} [webgpu, wasm] (test/e2e/hubDatasets.e2e.ts)`]);
const root = process.env.FAIRGROUND_MOCK_HUB_DATASETS;
if (!root) throw new Error('FAIRGROUND_MOCK_HUB_DATASETS is not set: run the e2e tests through `npm run test:e2e`.');

if (beir.skip === false) {
  writeHubLayout(beir.path(), join(root, 'e2e/dbpedia-jsonl'), 'jsonl');
  writeHubLayout(beir.path(), join(root, 'e2e/dbpedia-parquet'), 'parquet', 700);
  // The qrels twice in one folder, qrels/test.jsonl (the card's default config) beside qrels/test-00000-of-00001.parquet.
  writeHubLayout(beir.path(), join(root, 'e2e/dbpedia-twice'), 'twice', 700);
}
mkdirSync(join(root, 'bad/missing-column/corpus'), { recursive: true });
mkdirSync(join(root, 'bad/missing-column/qrels'), { recursive: true });
writeFileSync(join(root, 'bad/missing-column/corpus/corpus-00000-of-00001.parquet'), parquetOf({ _id: ['d1'], body: ['one'] }));
writeFileSync(join(root, 'bad/missing-column/queries.jsonl'), '{"_id":"q1","text":"a query"}\n');
writeFileSync(join(root, 'bad/missing-column/qrels/test.tsv'), 'query-id\tcorpus-id\tscore\nq1\td1\t1\n');
// A qrels score written as text, and a corpus file cut short (its listed SHA-256 is of the cut bytes, so only Parquet can say).
mkdirSync(join(root, 'bad/mistyped-column/data'), { recursive: true });
writeFileSync(join(root, 'bad/mistyped-column/corpus.jsonl'), '{"_id":"d1","text":"one"}\n');
writeFileSync(join(root, 'bad/mistyped-column/queries.jsonl'), '{"_id":"q1","text":"a query"}\n');
writeFileSync(join(root, 'bad/mistyped-column/data/test-00000-of-00001.parquet'), new Uint8Array(parquetWriteBuffer({
  columnData: [{ name: 'query-id', data: ['q1'], type: 'STRING' }, { name: 'corpus-id', data: ['d1'], type: 'STRING' }, { name: 'score', data: ['1'], type: 'STRING' }],
})));
mkdirSync(join(root, 'bad/truncated/corpus'), { recursive: true });
const whole = parquetOf({ _id: ['d1', 'd2'], text: ['one', 'two'] });
writeFileSync(join(root, 'bad/truncated/corpus/corpus-00000-of-00001.parquet'), whole.slice(0, whole.length - 20));
writeFileSync(join(root, 'bad/truncated/queries.jsonl'), '{"_id":"q1","text":"a query"}\n');
mkdirSync(join(root, 'bad/truncated/qrels'), { recursive: true });
writeFileSync(join(root, 'bad/truncated/qrels/test.tsv'), 'query-id\tcorpus-id\tscore\nq1\td1\t1\n');
// A split the Hub's Parquet conversion cut short: default/partial-test/.
for (const [path, bytes] of [
  ['corpus/corpus/0000.parquet', parquetOf({ _id: ['d1'], text: ['one'] })],
  ['queries/queries/0000.parquet', parquetOf({ _id: ['q1'], text: ['a query'] })],
  ['default/partial-test/0000.parquet', parquetOf({ 'query-id': ['q1'], 'corpus-id': ['d1'], score: [1] })],
] as const) {
  mkdirSync(join(root, 'bad/partial', path, '..'), { recursive: true });
  writeFileSync(join(root, 'bad/partial', path), bytes);
}
// Owner `gated`: the listing says "gated": "manual", every download is refused (HTTP 401 GatedRepo).
mkdirSync(join(root, 'gated/closed/qrels'), { recursive: true });
writeFileSync(join(root, 'gated/closed/corpus.jsonl'), '{"_id":"d1","text":"one"}\n');
writeFileSync(join(root, 'gated/closed/queries.jsonl'), '{"_id":"q1","text":"a query"}\n');
writeFileSync(join(root, 'gated/closed/qrels/test.tsv'), 'query-id\tcorpus-id\tscore\nq1\td1\t1\n');

// The fair-freelancer benchmark's layout (per-language configs, twins configs, a card), built from the bundled dataset.
const BUNDLED = 'datasets/freelance-twins';
writeFreelancerHubLayout(BUNDLED, join(root, 'fair/freelancer-parquet'), 'parquet');
writeFreelancerHubLayout(BUNDLED, join(root, 'fair/freelancer-jsonl'), 'jsonl');
// What those must audit like: the bundled folder with its languages' queries ranked in their own corpus (pool: language).
const BY_LANGUAGE = join(mkdtempSync(join(tmpdir(), 'fairground-e2e-by-language-')), 'freelance-twins-by-language');
writeBundledWithPool(BUNDLED, BY_LANGUAGE, 'language');
// A layout no rule places: the bundled files under names of their own; the card gives the threshold only.
mkdirSync(join(root, 'lab/odd'), { recursive: true });
for (const [from, to] of [['corpus-00.jsonl.gz', 'docs.jsonl'], ['queries-briefs.jsonl.gz', 'asks.jsonl'], ['qrels-briefs.tsv.gz', 'judged.tsv'], ['twins-gender.jsonl.gz', 'swaps.jsonl']]) {
  writeFileSync(join(root, 'lab/odd', to), gunzipSync(readFileSync(join(BUNDLED, from))));
}
writeFileSync(join(root, 'lab/odd/README.md'), '---\nfairground:\n  relevance_threshold: 3\n---\n');

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
          if (row.shard.startsWith('qrels')) [key, value] = [`${r.query_id ?? r['query-id']}\t${r.corpus_id ?? r['corpus-id']}`, r.score];
          else if (r.twin_id !== undefined) [key, value] = [String(r.twin_id), r];
          else [key, value] = [String(r._id), { title: r.title, text: r.text, lang: r.lang }];
        }
        (out[row.shard] ??= {})[key] = value;
      }
    }
    return out;
  }, datasetId);
}

/** Runs BM25 on one retrieval task of a dataset (`test`; the others named are left out) from the Run view and returns the results object. */
async function bm25Audit(page: Page, baseUrl: string, datasetId: string, task = 'test', others: string[] = []): Promise<{ subsets: { twinsTask?: string; models: unknown[] }[]; dataset: { version: string } }> {
  await page.goto(`${baseUrl}#/run`);
  const picker = page.getByTestId('model-picker');
  await picker.waitFor();
  await page.locator('select').first().selectOption(datasetId);
  for (const box of await picker.locator('input[type="checkbox"]').all()) {
    const want = (await box.getAttribute('value')) === 'bm25';
    if ((await box.isChecked()) !== want) await box.setChecked(want);
  }
  const box = page.locator(`input[type="checkbox"][value="${task}"]`);
  if (!(await box.isChecked())) await box.check();
  for (const other of others) {
    const o = page.locator(`input[type="checkbox"][value="${other}"]`);
    if (await o.isChecked()) await o.uncheck();
  }
  // Group fairness by the twins' groups, which every layout compared here carries (a copy of a folder
  // may not carry the corpus's meta fields, whose gender is the default grouping).
  const groupBy = page.getByTestId('group-by');
  await groupBy.or(page.getByTestId('group-fields-none')).first().waitFor();
  if ((await groupBy.locator('option[value="twins.group"]').count()) > 0) await groupBy.selectOption('twins.group');
  await page.getByTestId('run-button').click();
  await page.getByTestId('results-table').or(page.getByTestId('error-banner')).first().waitFor({ timeout: 300_000 });
  await assertNoBanner(page.getByTestId('error-banner'), 'the run failed');
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
    await importHub(page, 'e2e/dbpedia-twice');
    await ready('e2e--dbpedia-twice').waitFor({ timeout: 120_000 });

    const parquet = await storedRecords(page, 'e2e--dbpedia-parquet');
    const jsonl = await storedRecords(page, 'e2e--dbpedia-jsonl');
    const twice = await storedRecords(page, 'e2e--dbpedia-twice');
    assert.deepEqual(Object.keys(parquet).sort(), ['corpus', 'qrels', 'queries']);
    assert.equal(Object.keys(parquet.corpus).length, 5000);
    for (const shard of ['corpus', 'queries', 'qrels']) assert.deepEqual(parquet[shard], jsonl[shard], `${shard}: the same records`);
    for (const shard of ['corpus', 'queries', 'qrels']) assert.deepEqual(twice[shard], jsonl[shard], `${shard}: the same records, the qrels read once`);

    const a = await bm25Audit(page, baseUrl, 'e2e--dbpedia-parquet');
    const b = await bm25Audit(page, baseUrl, 'e2e--dbpedia-jsonl');
    const c = await bm25Audit(page, baseUrl, 'e2e--dbpedia-twice');
    assert.match(a.dataset.version, /^[0-9a-f]{40}$/, 'the dataset version is the Hub commit');
    const numbers = (r: { subsets: { models: unknown[] }[] }) => JSON.stringify(r.subsets.map((s) => s.models), (k, v) => (k === 'timing' ? undefined : v));
    assert.equal(numbers(a), numbers(b));
    assert.equal(numbers(c), numbers(b));
    const count = (numbers(a).match(/-?\d+(\.\d+)?(e[-+]?\d+)?/g) ?? []).length;
    assert.ok(count > 20, `the audit has numbers (${count}): ${numbers(a).slice(0, 400)}`);
    assert.deepEqual(errors, []);
  }, { timeout: 600_000 });
}

e2e('a Hub dataset that does not exist or is private (401 RepoNotFound), is gated, lacks the revision, is a partial conversion, has a Parquet column missing or mistyped, or a truncated Parquet file is named, and nothing of it is stored', async ({ page, baseUrl, requests }) => {
  await openDatasets(page, baseUrl);
  const banner = page.getByTestId('error-banner');
  const notFound = (id: string) => `no dataset "${id}" on the Hub at ${hubUrl()}, or it is private (the Hub answers both alike). Fairground sends no token`;
  for (const [id, message, datasetId, shard] of [
    ['nobody/nothing', notFound('nobody/nothing')],
    ['private/secret', notFound('private/secret')],
    // Named from its listing, before any of its files is asked for.
    ['gated/closed', '"gated/closed" is a gated dataset on the Hub (access "manual"): its files are given only to signed-in users its authors let in. Fairground sends no token'],
    ['bad/truncated@v9', `"bad/truncated" has no revision "v9" on the Hub at ${hubUrl()}`],
    ['bad/partial', '"bad/partial" holds only part of a split here: default/partial-test/ (split "test") is the Hub\'s partial Parquet conversion'],
    ['bad/missing-column', 'shard "corpus" (corpus/corpus-00000-of-00001.parquet): Parquet column "text" is missing', 'bad--missing-column', 'corpus'],
    ['bad/mistyped-column', 'shard "qrels" (data/test-00000-of-00001.parquet): Parquet column "score" is a string column (BYTE_ARRAY UTF8); it must be a number', 'bad--mistyped-column', 'qrels'],
    ['bad/truncated', 'shard "corpus" (corpus/corpus-00000-of-00001.parquet): not a readable Parquet file, truncated or corrupt', 'bad--truncated', 'corpus'],
  ] as const) {
    await importHub(page, id);
    await banner.waitFor({ timeout: 60_000 });
    const shown = (await banner.textContent()) ?? '';
    assert.ok(shown.includes(message), `${id}: ${shown}`);
    await banner.getByRole('button').first().click();
    await banner.waitFor({ state: 'detached' });
    // The failing part left no rows (the parts finished before it wait, staged, for a resume).
    if (datasetId && shard) assert.equal((await storedRecords(page, datasetId))[shard], undefined, `${id}: nothing of ${shard} stored`);
  }
  const fetched = (repo: string) => requests.filter((u) => u.includes(`/datasets/${repo}/resolve/`));
  for (const repo of ['gated/closed', 'bad/partial']) assert.deepEqual(fetched(repo), [], `${repo}: no file was fetched`);
  assert.equal(await page.locator('[data-testid="dataset-list"] tr[data-state="ready"]').count(), 0);
}, { timeout: 180_000, devices: ONE_PATH });

e2e('the fair-freelancer benchmark on the Hub (per-language configs, twins configs; Parquet and JSONL) imports as one dataset with the bundled folder\'s records, and the BM25 audit of that folder ranked per language', async ({ page, baseUrl, errors }) => {
  await openDatasets(page, baseUrl);
  const ready = (id: string) => page.locator(`[data-testid="dataset-list"] tr[data-dataset-id="${id}"][data-state="ready"]`);
  await page.getByTestId('import-bundled-freelance-twins').click();
  await ready('freelance-twins').waitFor({ timeout: 300_000 });
  // Its languages each have a corpus config: their queries rank in it (pool: language), as in this copy of the folder.
  await page.getByTestId('dataset-folder-input').setInputFiles(BY_LANGUAGE);
  await ready('freelance-twins-by-language').waitFor({ timeout: 300_000 });
  await importHub(page, 'fair/freelancer-parquet');
  await ready('fair--freelancer-parquet').waitFor({ timeout: 120_000 });
  await importHub(page, 'fair/freelancer-jsonl');
  await ready('fair--freelancer-jsonl').waitFor({ timeout: 120_000 });

  const bundled = await storedRecords(page, 'freelance-twins');
  const shards = ['corpus', 'queries-briefs', 'queries-short', 'qrels-briefs', 'qrels-short', 'twins-gender'];
  assert.deepEqual(Object.keys(bundled).sort(), [...shards].sort());
  assert.equal(Object.keys(bundled['twins-gender']).length, 840);
  for (const id of ['fair--freelancer-parquet', 'fair--freelancer-jsonl']) {
    const hub = await storedRecords(page, id);
    for (const shard of shards) assert.deepEqual(hub[shard], bundled[shard], `${id} ${shard}: the bundled records`);
  }

  const numbers = (r: { subsets: { models: unknown[] }[] }) => JSON.stringify(r.subsets.map((s) => s.models), (k, v) => (k === 'timing' ? undefined : v));
  const a = await bm25Audit(page, baseUrl, 'freelance-twins-by-language', 'briefs', ['queries']);
  const b = await bm25Audit(page, baseUrl, 'fair--freelancer-parquet', 'briefs', ['short']);
  assert.deepEqual(b.subsets.map((s) => s.twinsTask), ['gender-briefs']);
  assert.match(b.dataset.version, /^[0-9a-f]{40}$/);
  assert.ok((numbers(a).match(/\d\.\d+/g) ?? []).length > 100, 'the audit has numbers');
  const [nb, na] = [numbers(b), numbers(a)];
  // On a difference, say where (the strings run to 100 kB).
  let at = 0;
  while (at < Math.min(na.length, nb.length) && na[at] === nb[at]) at++;
  assert.ok(na === nb, `the audits differ at character ${at}: Hub …${nb.slice(Math.max(0, at - 150), at + 150)}… against bundled …${na.slice(Math.max(0, at - 150), at + 150)}…`);
  assert.deepEqual(errors, []);
}, { timeout: 600_000, devices: ONE_PATH });

e2e('a Hub dataset of an unknown layout is mapped file by file in a form (keyboard first), which says what is missing, and then imports', async ({ page, baseUrl }) => {
  await openDatasets(page, baseUrl);
  await importHub(page, 'lab/odd');
  const form = page.getByTestId('hub-map-form');
  await form.waitFor({ timeout: 60_000 });
  assert.match((await page.getByTestId('error-banner').textContent()) ?? '', /"lab\/odd" is not an MTEB retrieval dataset: no corpus, queries, qrels files/);
  const gaps = page.getByTestId('hub-map-gaps');
  assert.equal(await gaps.textContent(), 'Still missing: no corpus file; no queries file; no qrels file.');
  const paths = await form.getByTestId('hub-map-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-path')));
  assert.deepEqual(paths, ['asks.jsonl', 'docs.jsonl', 'judged.tsv', 'swaps.jsonl']);
  const role = (path: string) => form.locator(`[data-testid="hub-map-row"][data-path="${path}"] select`);
  // By keyboard: the select takes focus and the arrow key picks the next part (not imported → corpus).
  await role('docs.jsonl').focus();
  await page.keyboard.press('ArrowDown');
  assert.equal(await role('docs.jsonl').inputValue(), 'corpus');
  await role('asks.jsonl').selectOption('queries');
  await role('judged.tsv').selectOption('qrels');
  assert.equal(await gaps.textContent(), 'Ready to import.');
  await role('swaps.jsonl').selectOption('twins');
  assert.equal(await gaps.textContent(), 'Still missing: no attribute for the twins in swaps.jsonl.');
  assert.ok(await page.getByTestId('hub-map-import').isDisabled());
  await form.getByTestId('hub-map-attribute').fill('gender');
  // Groups may be left to the records; typed, they need two.
  assert.equal(await gaps.textContent(), 'Ready to import.');
  await page.getByTestId('hub-map-groups-gender').fill('female');
  assert.equal(await gaps.textContent(), 'Still missing: no groups for the twins of "gender" (two or more, e.g. female/male).');
  await page.getByTestId('hub-map-groups-gender').fill('female/male');
  assert.equal(await gaps.textContent(), 'Ready to import.');
  await page.getByTestId('hub-map-import').click();
  await page.locator('[data-testid="dataset-list"] tr[data-dataset-id="lab--odd"][data-state="ready"]').waitFor({ timeout: 120_000 });
  assert.equal(await form.count(), 0, 'the form is gone once the dataset imports');
  const stored = await storedRecords(page, 'lab--odd');
  assert.equal(Object.keys(stored.corpus).length, 2160);
  assert.equal(Object.keys(stored['twins-gender']).length, 840);
}, { timeout: 300_000, devices: ONE_PATH });
