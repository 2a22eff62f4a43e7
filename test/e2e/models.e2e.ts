import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { e2e, foreignRequests, ONE_PATH } from './browser.ts';
import { MODEL_REGISTRY } from '../../src/models/registry.ts';

const reference = JSON.parse(readFileSync('test/fixtures/models/reference.json', 'utf8')) as {
  embed: { model: string; items: { text: string; embedding: number[] }[] };
};
const FOLDER = 'test/fixtures/models/hub/fairground-test/tiny-bert-embed';
const GLOVE = 'fairground-glove-100d';
const QUERY = 'senior python backend developer';
const BACKEND = 'Backend engineer with eight years of Python, Django, PostgreSQL and REST APIs.';
const CHEF = 'Head chef with a passion for seasonal French cuisine and pastry.';

async function openModels(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}#/models`);
  await page.getByTestId('models-view').waitFor();
}

/**
 * Generous waits: WebGPU here is SwiftShader on a shared 2-core machine, where one
 * 4-text GloVe embed has taken over a minute of wall time with the page unresponsive.
 */
/** Fills the Try-it form, runs it and waits for a result whose summary matches `summary` (attribute selector). */
async function tryIt(page: Page, model: string, query: string, texts: readonly string[], summary = '') {
  await page.getByTestId('model-try-model').selectOption(model);
  await page.getByTestId('model-try-query').fill(query);
  await page.getByTestId('model-try-texts').fill(texts.join('\n'));
  await page.getByTestId('model-try-run').click();
  // Either the result or an error banner: a failure says why instead of timing out.
  await page.locator(`[data-testid="model-try-summary"]${summary}, [data-testid="error-banner"]`).first().waitFor({ timeout: 200_000 });
  if (await page.getByTestId('error-banner').count()) assert.fail(`Try it failed: ${await page.getByTestId('error-banner').textContent()}`);
  const s = page.getByTestId('model-try-summary');
  const attr = async (name: string) => (await s.getAttribute(name)) ?? '';
  // The table is in rank order; `cosines` is in the order the texts were typed (by each row's line).
  const rows = await page.locator('[data-testid="model-try-result"] tbody tr').evaluateAll((trs) =>
    trs.map((r) => ({ line: Number(r.getAttribute('data-line')), rank: Number(r.getAttribute('data-rank')), cosine: Number(r.getAttribute('data-cosine')) })),
  );
  const cosines = [...rows].sort((a, b) => a.line - b.line).map((r) => r.cosine);
  return {
    rows,
    device: await attr('data-device'),
    dtype: await attr('data-dtype'),
    cached: Number(await attr('data-cached')),
    computed: Number(await attr('data-computed')),
    total: Number(await attr('data-total')),
    text: (await s.textContent()) ?? '',
    cosines,
    vectors: JSON.parse((await page.getByTestId('model-try-vectors').textContent()) ?? 'null') as { query: number[]; texts: number[][] },
  };
}

e2e('the Models view lists the registry, validates Hub ids and saves the Hub address', async ({ page, baseUrl, errors }) => {
  await openModels(page, baseUrl);
  const rows = page.locator('[data-testid="model-registry"] tbody tr');
  assert.equal(await rows.count(), MODEL_REGISTRY.length);
  const glove = page.locator(`[data-testid="model-registry"] tr[data-model-id="${GLOVE}"]`);
  assert.match((await glove.textContent()) ?? '', /works offline/);
  assert.match((await glove.textContent()) ?? '', /fp32 10\.4 MB/);
  const e5 = page.locator('[data-testid="model-registry"] tr[data-model-id="Xenova/multilingual-e5-small"]');
  assert.match((await e5.textContent()) ?? '', /"passage: "/);
  assert.match((await page.locator('[data-testid="model-registry"] tr[data-model-id="Xenova/bge-m3"]').textContent()) ?? '', /568M parameters/);
  // The bundled models (GloVe and the planted-bias LLM, issue 49's positive control) and only they are offline.
  assert.equal(await page.getByTestId('model-offline').count(), MODEL_REGISTRY.filter((m) => m.source === 'bundled').length, 'only the bundled models are marked offline');
  assert.match((await page.locator('[data-testid="model-registry"] tr[data-model-id="fairground-planted-llm"]').textContent()) ?? '', /works offline/);

  await page.getByTestId('model-hub-id').fill('not a model id');
  await page.getByTestId('model-hub-add').click();
  assert.match((await page.getByTestId('error-banner').textContent()) ?? '', /not a Hugging Face model id/);
  await page.getByTestId('model-hub-id').fill('Xenova/all-MiniLM-L12-v2');
  await page.getByTestId('model-hub-add').click();
  assert.equal(await page.getByTestId('error-banner').count(), 0);
  assert.equal(await page.locator('[data-testid="model-try-model"] option[value="Xenova/all-MiniLM-L12-v2"]').count(), 1);

  await page.getByTestId('model-hub-host').fill('http://mirror.example:8080/');
  await page.getByTestId('model-hub-host-save').click();
  assert.equal(await page.evaluate(() => localStorage.getItem('fairground.hubHost')), 'http://mirror.example:8080/');
  await page.getByTestId('model-device-override').selectOption('wasm');
  await page.getByTestId('model-dtype-override').selectOption('fp16');
  assert.deepEqual(JSON.parse((await page.evaluate(() => localStorage.getItem('fairground.deviceOverride'))) ?? '{}'), { device: 'wasm', dtype: 'fp16' });
  await page.reload();
  await page.getByTestId('models-view').waitFor();
  assert.equal(await page.getByTestId('model-dtype-override').inputValue(), 'fp16', 'the override survives a reload');
  assert.deepEqual(errors, []);
}, { devices: ONE_PATH });

e2e('"Try it" with the bundled GloVe model ranks a backend profile above a chef, then serves a repeat from the cache', async ({ page, baseUrl, device, errors, requests }) => {
  await openModels(page, baseUrl);
  const first = await tryIt(page, GLOVE, QUERY, [BACKEND, CHEF]);
  assert.equal(first.device, device, `the device that really ran is the probed one: ${first.text}`);
  assert.equal(first.dtype, 'fp32', 'GloVe ships only fp32');
  assert.equal(first.cached, 0);
  assert.equal(first.computed, 3);
  const [backend, chef] = first.cosines;
  assert.ok(backend > chef, `backend ${backend} should beat chef ${chef}`);
  assert.equal(await page.getByTestId(`cache-count-${GLOVE}`).textContent(), '3');

  const second = await tryIt(page, GLOVE, QUERY, [BACKEND, CHEF], '[data-cached="3"]');
  assert.equal(second.total, 3);
  assert.equal(second.computed, 0, 'nothing recomputed');
  assert.match(second.text, /3 of 3 from the cache/);
  assert.deepEqual(second.cosines, first.cosines, 'cached vectors give the same similarities');

  await page.getByTestId(`cache-clear-${GLOVE}`).click();
  await page.locator(`[data-testid="cache-count-${GLOVE}"]:text-is("0")`).waitFor({ timeout: 60_000 });
  assert.ok(await page.getByTestId(`cache-clear-${GLOVE}`).isDisabled());
  assert.deepEqual(errors, []);
  assert.deepEqual(foreignRequests(requests, new URL(baseUrl).origin), []);
}, { timeout: 400_000 });

e2e('"Try it" lists the texts in rank order (equal cosines: the later line first) and shows its error next to its button', async ({ page, baseUrl, errors }) => {
  await openModels(page, baseUrl);
  // The chef typed twice: two equal cosines, which the tie rule orders by descending id (line 3 before line 1).
  const r = await tryIt(page, GLOVE, QUERY, [CHEF, BACKEND, CHEF]);
  assert.deepEqual(r.rows.map((row) => row.line), [2, 3, 1], `rank order by cosine, then the later line: ${JSON.stringify(r.rows)}`);
  assert.deepEqual(r.rows.map((row) => row.rank), [1, 2, 3]);
  assert.equal(r.cosines[0], r.cosines[2], 'the same text has the same cosine');
  assert.ok(r.cosines[1] > r.cosines[0], 'the backend profile ranks above the chef');

  // An empty query fails at once: the message sits under the button, not at the top of the view.
  await page.getByTestId('model-try-query').fill('');
  await page.getByTestId('model-try-run').click();
  const banner = page.locator('[data-testid="model-try-error"] [data-testid="error-banner"]');
  await banner.waitFor();
  assert.match((await banner.textContent()) ?? '', /Type a query and at least one text/);
  assert.equal(await page.getByTestId('error-banner').count(), 1, 'one banner: the panel’s, none at the top of the view');
  const button = (await page.getByTestId('model-try-run').boundingBox())!;
  const box = (await banner.boundingBox())!;
  assert.ok(box.y >= button.y + button.height && box.y - (button.y + button.height) < 40, `the error is right under the button: button ends at ${button.y + button.height}, error at ${box.y}`);
  await page.getByRole('button', { name: 'Dismiss error' }).click();
  assert.equal(await page.getByTestId('error-banner').count(), 0);
  assert.deepEqual(errors, []);
}, { timeout: 400_000 });

e2e('a Hub model whose Hub gives no response says the Hub could not be reached, at which host, and what to do (issue 48)', async ({ page, baseUrl }) => {
  await openModels(page, baseUrl);
  // Nothing answers on port 9 (and the site's policy would refuse it): the fetch gets no response, a bare "Failed to fetch".
  await page.getByTestId('model-hub-host').fill('http://127.0.0.1:9/');
  await page.getByTestId('model-hub-host-save').click();
  await page.getByTestId('model-hub-id').fill('fairground-test/tiny-bert-embed');
  await page.getByTestId('model-hub-add').click();
  await page.getByTestId('model-try-model').selectOption('fairground-test/tiny-bert-embed');
  await page.getByTestId('model-try-query').fill(QUERY);
  await page.getByTestId('model-try-texts').fill(CHEF);
  await page.getByTestId('model-try-run').click();
  const banner = page.locator('[data-testid="model-try-error"] [data-testid="error-banner"]');
  await banner.waitFor({ timeout: 120_000 });
  const text = (await banner.textContent()) ?? '';
  assert.match(text, /The Hub mirror could not be reached at 127\.0\.0\.1:9 while loading fairground-test\/tiny-bert-embed/);
  assert.match(text, /a model folder on this machine/i);
  assert.match(text, /FAIRGROUND_CONNECT_SRC/);
  assert.match(text, /try again later/);
}, { timeout: 200_000, devices: ONE_PATH });

e2e('a local model folder loads and embeds without a request leaving the page, matching the PyTorch reference', async ({ page, baseUrl, device, errors, requests }) => {
  await openModels(page, baseUrl);
  await page.getByTestId('model-folder-input').setInputFiles(FOLDER);
  await page.getByTestId('model-folder-ready').waitFor();
  assert.match((await page.getByTestId('models-notice').textContent()) ?? '', /pick it again after a reload/);
  // fp32 so the vectors can match the torch reference within 1e-4 (WASM would default to q8).
  await page.getByTestId('model-dtype-override').selectOption('fp32');
  const before = requests.length;
  const texts = reference.embed.items.map((i) => i.text);
  const r = await tryIt(page, 'tiny-bert-embed', texts[0], texts);
  assert.equal(r.device, device);
  assert.equal(r.dtype, 'fp32');
  reference.embed.items.forEach((item, i) => {
    const maxDiff = Math.max(...item.embedding.map((x, d) => Math.abs(x - r.vectors.texts[i][d])));
    assert.ok(maxDiff < 1e-4, `text ${i}: max |Δ| ${maxDiff} ≥ 1e-4`);
  });
  const qDiff = Math.max(...reference.embed.items[0].embedding.map((x, d) => Math.abs(x - r.vectors.query[d])));
  assert.ok(qDiff < 1e-4, `query: max |Δ| ${qDiff}`);
  const during = requests.slice(before);
  assert.deepEqual(foreignRequests(during, new URL(baseUrl).origin), [], 'no request left the page origin');
  assert.ok(!during.some((u) => u.includes('tiny-bert-embed') && !u.startsWith('blob:')), `no model file was fetched: ${during.join(', ')}`);
  assert.deepEqual(foreignRequests(requests, new URL(baseUrl).origin), []);
  assert.deepEqual(errors, []);
}, { timeout: 300_000 });
