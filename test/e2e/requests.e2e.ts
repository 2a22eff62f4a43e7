/**
 * What an audit with a remote model sends over the network. A retrieval
 * audit runs with a model loaded from the (mock) Hub; every request the page
 * and its workers make is recorded (the browser context sees the workers'
 * too). Every request that leaves the site must be a GET for a model file,
 * and no request — URL, header or body, to any host — may hold an id or a
 * text of the stored dataset, checked against every record of the bundled
 * dataset's shards as they are on disk.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { Request } from 'playwright-core';
import { e2e, hubCdnUrl, hubUrl } from './browser.ts';

const DATASET = 'datasets/freelance-twins';
const MODEL = 'fairground-test/tiny-bert-embed';
/** A model file as the Hub serves it: /<org>/<name>/resolve/<revision>/<file>. */
const MODEL_FILE = new RegExp(`^/${MODEL}/resolve/main/(config\\.json|tokenizer\\.json|tokenizer_config\\.json|special_tokens_map\\.json|onnx/model(_[a-z0-9]+)?\\.onnx(_data)?)$`);

/** Every record id and text of the dataset's shards (JSON Lines and qrels TSV). */
function datasetStrings(dir: string): Set<string> {
  const out = new Set<string>();
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.gz'))) {
    const lines = gunzipSync(readFileSync(`${dir}/${name}`)).toString('utf8').split('\n').filter(Boolean);
    if (name.includes('.tsv')) {
      for (const line of lines.slice(1)) for (const id of line.split('\t').slice(0, 2)) out.add(id);
      continue;
    }
    for (const line of lines) {
      const r = JSON.parse(line) as Record<string, unknown>;
      for (const f of ['_id', 'id', 'twin_id', 'text', 'title', 'twin_text']) if (typeof r[f] === 'string') out.add(r[f] as string);
    }
  }
  return out;
}

interface Sent {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string;
  /** The request whose redirect this one follows, when it does. */
  readonly redirectedFrom?: string;
}

async function sentOf(r: Request): Promise<Sent> {
  const from = r.redirectedFrom()?.url();
  return { method: r.method(), url: r.url(), headers: await r.allHeaders(), body: r.postDataBuffer()?.toString('latin1') ?? '', ...(from ? { redirectedFrom: from } : {}) };
}

e2e('an audit with a Hub model sends only GETs for model files off the site, and no id or text of the dataset anywhere', async ({ page, context, baseUrl, errors, device }) => {
  const requests: Request[] = [];
  context.on('request', (r) => requests.push(r));
  const site = new URL(baseUrl).origin;
  const hub = new URL(hubUrl()).origin;

  await page.goto(`${baseUrl}#/datasets`);
  await page.getByTestId('import-bundled-freelance-twins').click();
  await page.locator('[data-testid="dataset-list"] tr[data-dataset-id="freelance-twins"][data-state="ready"]').waitFor({ timeout: 300_000 });

  await page.goto(`${baseUrl}#/run`);
  await page.getByTestId('audit-type-retrieval').check();
  const picker = page.getByTestId('model-picker');
  await picker.locator('input[value="fairground-glove-100d"]').uncheck();
  await picker.locator('input[value="tfidf"]').uncheck();
  await page.getByLabel('Hub address').fill(hubUrl());
  await picker.getByLabel('Another Hub model').fill(MODEL);
  await picker.getByRole('button', { name: 'Add' }).click();
  assert.ok(await picker.locator(`input[value="${MODEL}"]`).isChecked(), 'the Hub model is picked');
  await page.locator('input[type="checkbox"][value="queries"]').uncheck();
  await page.getByLabel('Bootstrap resamples').fill('100');
  // The [webgpu] path's adapter is SwiftShader, a CPU emulation: embedding the 3 240 texts there
  // took over 400 s, so both paths embed on WASM (as screening.e2e.ts does); [webgpu] still probes the adapter.
  if (device === 'webgpu') assert.match((await page.getByLabel('Device').textContent()) ?? '', /WebGPU \(found\)/);
  await page.getByLabel('Device').selectOption('wasm');
  await page.getByTestId('run-button').click();
  await page.getByTestId('results-table').or(page.getByTestId('error-banner')).first().waitFor({ timeout: 400_000 });
  if (await page.getByTestId('error-banner').isVisible()) assert.fail(`the run failed: ${await page.getByTestId('error-banner').textContent()}`);
  assert.equal(await page.locator('[data-testid="results-table"] tbody tr').count(), 2, 'BM25 and the Hub model');

  const sent = await Promise.all(requests.map(sentOf));
  const foreign = sent.filter((s) => !s.url.startsWith('data:') && !s.url.startsWith('blob:') && new URL(s.url).origin !== site);
  assert.ok(foreign.some((s) => s.url.endsWith('.onnx')), `[${device}] the model was fetched from the Hub: ${foreign.map((s) => s.url).join(', ')}`);
  const cdn = new URL(hubCdnUrl()).origin;
  for (const s of foreign) {
    const url = new URL(s.url);
    assert.equal(s.method, 'GET', `${s.method} ${s.url}`);
    assert.equal(s.body, '', `no body: ${s.url}`);
    if (url.origin === cdn) {
      // The Hub's CDN (where it redirects LFS files): reached only by following the Hub's redirect of a model file.
      const from = s.redirectedFrom ? new URL(s.redirectedFrom) : undefined;
      assert.ok(from && from.origin === hub && MODEL_FILE.test(from.pathname), `the CDN only through a redirect of a model file: ${s.url} (from ${s.redirectedFrom})`);
      continue;
    }
    assert.equal(url.origin, hub, `only the configured Hub is contacted: ${s.url}`);
    assert.match(url.pathname, MODEL_FILE, `a model file: ${s.url}`);
    assert.equal(url.search, '', `no query string: ${s.url}`);
  }
  assert.ok(foreign.some((s) => new URL(s.url).origin === cdn), `[${device}] the model's LFS files came from the CDN the Hub redirected to`);

  const forbidden = datasetStrings(DATASET);
  assert.ok(forbidden.size > 5000, `${forbidden.size} ids and texts to look for`);
  for (const s of sent) {
    const haystack = [s.url, ...Object.entries(s.headers).flat(), s.body].join('\n');
    for (const needle of forbidden) assert.ok(!haystack.includes(needle), `${s.method} ${s.url.slice(0, 120)} carries dataset content ${JSON.stringify(needle.slice(0, 60))}`);
  }
  assert.deepEqual(errors, []);
}, { timeout: 900_000 });
