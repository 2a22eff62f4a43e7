import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { e2e, foreignRequests, ONE_PATH } from './browser.ts';
import { sharedExternal } from '../sharedExternal.ts';
import type { Page } from 'playwright-core';

const twinsManifest = JSON.parse(readFileSync('datasets/freelance-twins/manifest.json', 'utf8')) as { shards: { name: string; kind: string; path: string; records: number }[] };
const twinsRecords = twinsManifest.shards.reduce((n, s) => n + s.records, 0);

async function openDatasets(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}#/datasets`);
  await page.getByRole('heading', { level: 1, name: 'Datasets' }).waitFor();
}

function row(page: Page, id: string) {
  return page.locator(`[data-testid="dataset-list"] tr[data-dataset-id="${id}"]`);
}

/** The URLs of the dedicated workers the page starts from now on. */
function watchWorkers(page: Page): string[] {
  const urls: string[] = [];
  page.on('worker', (w) => urls.push(w.url()));
  return urls;
}

e2e('the bundled datasets import from the Datasets view', async ({ page, baseUrl, errors, requests }) => {
  const workers = watchWorkers(page);
  await openDatasets(page, baseUrl);
  await page.getByTestId('import-bundled-freelance-twins').click();
  await row(page, 'freelance-twins').and(page.locator('[data-state="ready"]')).waitFor({ timeout: 60_000 });
  await page.getByTestId('import-bundled-cv-screening').click();
  await row(page, 'cv-screening').and(page.locator('[data-state="ready"]')).waitFor({ timeout: 90_000 });
  const text = (await row(page, 'freelance-twins').textContent()) ?? '';
  assert.match(text.replace(/,/g, ''), new RegExp(String(twinsRecords)));
  assert.ok(workers.some((u) => /shardImport\.worker/.test(u)), `the shards were imported in an import worker (workers: ${workers.join(', ')})`);
  // Browse a record by id.
  await row(page, 'freelance-twins').getByRole('button', { name: 'Browse' }).click();
  await page.getByPlaceholder('e.g. en-p0001').fill('en-p0001');
  await page.getByRole('button', { name: 'Find' }).click();
  await page.getByTestId('record-browser').getByText('en-p0001').first().waitFor();
  assert.deepEqual(errors, []);
  assert.deepEqual(foreignRequests(requests, new URL(baseUrl).origin), []);
}, { devices: ONE_PATH });

e2e('an import interrupted by a reload resumes at the first shard not done', async ({ page, baseUrl }) => {
  const corpusPath = twinsManifest.shards.find((s) => s.name === 'corpus')!.path;
  // Held: the last qrels shard. Qrels are read once every other part is done (importPart.ts
  // orderForImport), so when it is requested the corpus is stored, whichever import worker had it;
  // holding the manifest's last shard raced the pool's other worker, still on the corpus.
  const lastPath = twinsManifest.shards.filter((s) => s.kind === 'qrels').at(-1)!.path;
  let corpusFetches = 0;
  let hold = true;
  await page.route(`**/datasets/freelance-twins/${lastPath}`, async (route) => {
    if (hold) return; // never answer: the import hangs on this shard until the reload
    await route.continue();
  });
  page.on('request', (r) => {
    if (r.url().endsWith(`/datasets/freelance-twins/${corpusPath}`)) corpusFetches++;
  });
  await openDatasets(page, baseUrl);
  await page.getByTestId('import-bundled-freelance-twins').click();
  await page.getByTestId('import-progress').waitFor();
  await page.waitForRequest((r) => r.url().endsWith(lastPath), { timeout: 60_000 });
  assert.equal(corpusFetches, 1);
  hold = false;
  await page.reload();
  await page.getByRole('status').filter({ hasText: 'Resuming' }).or(row(page, 'freelance-twins').and(page.locator('[data-state="ready"]'))).first().waitFor({ timeout: 30_000 });
  await row(page, 'freelance-twins').and(page.locator('[data-state="ready"]')).waitFor({ timeout: 60_000 });
  assert.equal(corpusFetches, 1, 'the finished corpus shard was not read again');
}, { devices: ONE_PATH });

e2e('a malformed file shows the error banner with its line, and the other dataset stays intact', async ({ page, baseUrl }) => {
  await openDatasets(page, baseUrl);
  await page.getByTestId('import-bundled-freelance-twins').click();
  await row(page, 'freelance-twins').and(page.locator('[data-state="ready"]')).waitFor({ timeout: 60_000 });
  const before = await row(page, 'freelance-twins').textContent();
  const corpus = ['{"_id":"d1","text":"one"}', '{"_id":"d2","text":"two"}', '{"_id":"d3","text": oops}'].join('\n') + '\n';
  const manifest = {
    id: 'broken', version: '1.0.0', title: 'Broken', license: 'CC0-1.0', description: 'test', languages: ['en'],
    tasks: [], shards: [{ name: 'corpus', kind: 'corpus', path: 'corpus.jsonl', records: 3 }],
  };
  await page.getByTestId('dataset-files-input').setInputFiles([
    { name: 'manifest.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(manifest)) },
    { name: 'corpus.jsonl', mimeType: 'application/json', buffer: Buffer.from(corpus) },
  ]);
  const banner = page.getByTestId('error-banner');
  await banner.waitFor({ timeout: 30_000 });
  const message = (await banner.textContent()) ?? '';
  assert.match(message, /corpus/);
  assert.match(message, /line 3/);
  assert.equal(await row(page, 'freelance-twins').textContent(), before);
  assert.equal(await row(page, 'freelance-twins').getAttribute('data-state'), 'ready');
}, { devices: ONE_PATH });

const BEIR_TEST = 'a plain MTEB folder (BEIR dbpedia-entity subset) imports without a manifest';
const beir = sharedExternal('beir-dbpedia-entity-subset', [`${BEIR_TEST} [webgpu, wasm] (test/e2e/datasets.e2e.ts)`]);

// Declared only when the shared data is there (or under CI=true, where its absence fails the test).
if (beir.skip === false) {
  e2e(BEIR_TEST, async ({ page, baseUrl }) => {
    const workers = watchWorkers(page);
    await openDatasets(page, baseUrl);
    await page.getByTestId('dataset-folder-input').setInputFiles(beir.path());
    await page.locator('[data-testid="dataset-list"] tr[data-state="ready"]').first().waitFor({ timeout: 90_000 });
    const lines = (f: string) => readFileSync(beir.path(f), 'utf8').split('\n').filter((l) => l.trim() !== '').length;
    const expected = lines('corpus.jsonl') + lines('queries.jsonl') + lines('qrels/test.tsv') - 1; // qrels header
    const text = (await page.getByTestId('dataset-list').textContent()) ?? '';
    assert.match(text.replace(/,/g, ''), new RegExp(`${expected}`), `corpus, queries and qrels records (${expected}) are counted`);
    assert.ok(workers.some((u) => /shardImport\.worker/.test(u)), 'the picked files were imported in an import worker');
  }, { timeout: 180_000 });
}
