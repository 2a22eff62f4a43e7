/**
 * An LLM screener in the tab (issue 49), end to end with the tiny random-weight test LLM
 * (fairground-test/tiny-llm, served by the mock Hub): the Run form's LLM settings (mode, template
 * with inline errors), a screening audit in answer-probabilities mode whose stored numbers equal
 * `fairground run --model llm:<the same model's folder>` on the same sample (scored on WASM on both
 * paths; the measured difference is printed), a cancel mid-run (on WebGPU on the [webgpu] path), and
 * a generated-answers run that completes with its output validity (no generated text in the results).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { main } from '../../src/cli/main.ts';
import { nodeIo } from '../../src/cli/node/nodeIo.ts';
import { assertNoBanner, e2e, hubUrl } from './browser.ts';

const LLM = 'fairground-test/tiny-llm';
const FOLDER = 'test/fixtures/models/hub/fairground-test/tiny-llm';

/**
 * `fairground run` on the bundled cv-screening task with the tiny LLM's folder, on --device wasm
 * (onnxruntime-web's WASM kernels in Node, the page's arithmetic): its results JSON.
 */
async function cli(runs: number, sampleCvs: number, bootstrap: number): Promise<any> {
  const out = join(mkdtempSync(join(tmpdir(), 'fg-llm-')), 'run.json');
  const args = ['run', '--dataset', 'datasets/cv-screening', '--task', 'cv-screening', '--model', `llm:${FOLDER}`, '--runs', String(runs), '--sample-cvs', String(sampleCvs), '--bootstrap', String(bootstrap), '--device', 'wasm', '--quiet', '--out', out];
  assert.equal(await main(args, nodeIo), 0);
  return JSON.parse(readFileSync(out, 'utf8'));
}

/** Keys whose numbers are timings, throughput or where the model ran: they differ between runs by nature. */
const UNCOMPARED = new Set(['latency', 'createdAt', 'environment', 'tokens_per_second', 'ms', 'model']);

/** The largest |a − b| over the numbers both objects hold at the same path (strings and timings skipped), and where. */
function maxDifference(a: unknown, b: unknown, path = ''): { diff: number; where: string; compared: number } {
  if (typeof a === 'number' && typeof b === 'number') return { diff: Number.isNaN(a) && Number.isNaN(b) ? 0 : Math.abs(a - b), where: path, compared: 1 };
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
    if ((typeof a === 'number') !== (typeof b === 'number')) return { diff: Infinity, where: `${path} (${JSON.stringify(a)} vs ${JSON.stringify(b)})`, compared: 1 };
    return { diff: 0, where: path, compared: 0 };
  }
  if (Array.isArray(a) !== Array.isArray(b) || (Array.isArray(a) && (a as unknown[]).length !== (b as unknown[]).length)) return { diff: Infinity, where: `${path} (shapes differ)`, compared: 1 };
  let worst = { diff: 0, where: path, compared: 0 };
  for (const key of Object.keys(a as object)) {
    if (UNCOMPARED.has(key) || !(key in (b as object))) continue;
    const r = maxDifference((a as any)[key], (b as any)[key], `${path}.${key}`);
    worst = { ...(r.diff > worst.diff ? r : worst), compared: worst.compared + r.compared };
  }
  return worst;
}

async function importCvScreening(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}#/datasets`);
  await page.getByTestId('import-bundled-cv-screening').click();
  await page.locator('[data-testid="dataset-list"] tr[data-dataset-id="cv-screening"][data-state="ready"]').waitFor({ timeout: 300_000 });
}

/** The Run view's screening form with only the tiny LLM picked (fp32, as the CLI loads it). */
async function pickTinyLlm(page: Page, baseUrl: string, o: { runs: number; sampleCvs: number; bootstrap: number; device: 'auto' | 'wasm' }): Promise<void> {
  await page.goto(`${baseUrl}#/run`);
  await page.getByTestId('audit-type-screening').check();
  await page.getByTestId('screening-dataset').waitFor();
  await page.getByLabel('Hub address').fill(hubUrl());
  const picker = page.getByTestId('model-picker');
  await picker.getByLabel(/Calibrated similarity over GloVe/).uncheck();
  await page.getByTestId('decision-model-id').fill(LLM);
  await page.getByTestId('decision-model-kind').selectOption('llm');
  await page.getByTestId('decision-model-add').click();
  await page.getByTestId('llm-settings').waitFor();
  await page.getByTestId('llm-dtype').selectOption('fp32');
  await page.getByTestId('screening-runs').fill(String(o.runs));
  await page.getByTestId('screening-bootstrap').fill(String(o.bootstrap));
  await page.getByTestId('screening-sample').check();
  await page.getByTestId('screening-sample-cvs').fill(String(o.sampleCvs));
  await page.getByTestId('screening-device').selectOption(o.device);
}

/** Starts the run and waits for its results (failing on an error banner); the stored results. */
async function runToResults(page: Page, label: string): Promise<any> {
  await page.getByTestId('run-button').click();
  await page.getByTestId('run-progress').waitFor({ timeout: 30_000 });
  const ticker = setInterval(() => {
    void page.getByTestId('run-progress').textContent({ timeout: 1000 }).then((t) => console.log(`# ${label} ${(t ?? '').replace(/\s+/g, ' ').trim()}`), () => undefined);
  }, 15_000);
  try {
    await page.getByTestId('results-table').or(page.getByTestId('error-banner')).first().waitFor({ timeout: 400_000 });
  } finally {
    clearInterval(ticker);
  }
  if (await page.getByTestId('error-banner').isVisible()) assert.fail(`the run failed: ${await page.getByTestId('error-banner').textContent()}`);
  const runId = /#\/results\/(run-[\w-]+)/.exec(page.url())?.[1];
  assert.ok(runId, page.url());
  return page.evaluate((id) => (window as any).fairground.results(id), runId);
}

e2e('an LLM screener in answer-probabilities mode gives the CLI\'s numbers; the template is checked in the form', async ({ page, baseUrl, errors, device }) => {
  await importCvScreening(page, baseUrl);
  // Scored on WASM on both paths: the [webgpu] path's adapter is SwiftShader (a CPU emulation), where
  // the tiny LLM took about 4 s a pair (28 min for this audit); WebGPU itself is exercised by the
  // cancel test below. [wasm]: 2 CVs per job, T = 2; [webgpu]: a smaller sample.
  const o = device === 'wasm' ? { runs: 2, sampleCvs: 2, bootstrap: 100, device: 'wasm' as const } : { runs: 1, sampleCvs: 1, bootstrap: 100, device: 'wasm' as const };
  await pickTinyLlm(page, baseUrl, o);

  // The settings: answer probabilities by default, the default template, errors said inline and the run refused.
  assert.equal(await page.getByTestId('llm-mode-probabilities').isChecked(), true);
  assert.equal(await page.getByTestId('llm-temperature').count(), 0, 'no temperature in answer-probabilities mode');
  const template = page.getByTestId('llm-template');
  assert.match(await template.inputValue(), /"format": "fairground-screening-template\/1"/);
  await template.fill((await template.inputValue()).replace('{cv}', '{cv} {cv}'));
  assert.match((await page.getByTestId('llm-error').textContent()) ?? '', /\{cv\} exactly once \(found 2\)/);
  assert.equal(await template.getAttribute('aria-invalid'), 'true');
  assert.equal(await page.getByTestId('run-button').isDisabled(), true);
  await template.fill('{ "format": ');
  assert.match((await page.getByTestId('llm-error').textContent()) ?? '', /not valid JSON/);
  await page.getByTestId('llm-template-reset').click();
  assert.equal(await page.getByTestId('llm-error').count(), 0);
  assert.equal(await page.getByTestId('run-button').isDisabled(), false);
  const shots = process.env.FAIRGROUND_SHOTS;
  if (shots && device === 'wasm') {
    await page.getByTestId('llm-mode-generate').check();
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${shots}/run-form-llm-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByTestId('llm-mode-probabilities').check();
  }

  const t0 = Date.now();
  const browser = await runToResults(page, `[${device}]`);
  if (shots && device === 'wasm') {
    // The Results page of an LLM screener: its panel (how it was asked, validity per group) and the cost-against-bias plot.
    await page.getByTestId('llm-panel').locator('details').first().evaluate((d) => ((d as HTMLDetailsElement).open = true));
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByTestId('llm-panel').screenshot({ path: `${shots}/results-llm-panel-${width}.png` });
      await page.getByTestId('cost-bias-plot').screenshot({ path: `${shots}/results-cost-bias-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  console.log(`# LLM screening audit [${device}]: ${((Date.now() - t0) / 1000).toFixed(1)} s (T = ${o.runs}, ${o.sampleCvs} CVs per job)`);
  const model = browser.models[0];
  assert.equal(model.model.id, `llm:${LLM}`);
  assert.equal(model.model.dtype, 'fp32');
  if (device === 'wasm') assert.equal(model.model.device, 'wasm');
  assert.equal(model.llm.mode, 'probabilities');
  assert.equal(model.llm.template.name, 'fit (yes/no)');
  assert.match(model.llm.template.sha256, /^[0-9a-f]{64}$/);

  const expected = await cli(o.runs, o.sampleCvs, o.bootstrap);
  assert.equal(model.llm.template.sha256, expected.models[0].llm.template.sha256, 'the same template');
  assert.deepEqual(browser.counts, expected.counts);
  const d = maxDifference(browser.models, expected.models);
  console.log(`# LLM browser (${model.model.device}) vs CLI (--device wasm): max |Δ| = ${d.diff} at ${d.where} over ${d.compared} numbers`);
  assert.ok(d.compared > 100, `compared ${d.compared} numbers`);
  // Issue 49: the browser's WASM numbers and the CLI's to 1e-9. The CLI's default (onnxruntime-node's
  // AVX kernels) differs by about 3e-5 on the 0–100 scale: float32 sums in another order; its
  // --device wasm runs onnxruntime-web's own WASM kernels, the page's arithmetic.
  assert.equal(model.model.device, 'wasm');
  assert.ok(d.diff <= 1e-9, `browser (wasm) and CLI (--device wasm) differ by ${d.diff} at ${d.where}`);
  assert.deepEqual(errors, []);
}, { timeout: 600_000 });

e2e('an LLM screener: a run is cancelled mid-way, and a generated-answers run completes with its output validity', async ({ page, baseUrl, errors, device }) => {
  await importCvScreening(page, baseUrl);

  // Cancel: the run stops within a call once some pairs are scored, and no results are stored.
  // [webgpu]: WebGPU first, so the model loads and scores on the (SwiftShader) adapter here.
  await pickTinyLlm(page, baseUrl, { runs: 3, sampleCvs: 4, bootstrap: 0, device: device === 'wasm' ? 'wasm' : 'auto' });
  await page.getByTestId('run-button').click();
  const progress = page.getByTestId('run-progress');
  const scoring = progress.locator('li[data-status="scoring"]');
  await scoring.filter({ hasText: /fp32/ }).waitFor({ timeout: 120_000 }); // loaded, and scoring its pairs
  const status = (await scoring.textContent()) ?? '';
  console.log(`# LLM cancel [${device}]: ${status.replace(/\s+/g, ' ').trim()}`);
  assert.match(status, device === 'wasm' ? /wasm fp32/ : /(webgpu|wasm) fp32/);
  const cancelledAt = Date.now();
  await progress.getByRole('button', { name: 'Cancel' }).click();
  await progress.waitFor({ state: 'detached', timeout: 30_000 }); // at once: the pair in flight is not waited for (untilAborted)
  console.log(`# LLM cancel [${device}]: the progress panel left ${((Date.now() - cancelledAt) / 1000).toFixed(1)} s after Cancel`);
  assert.equal(await page.getByTestId('results-table').count(), 0);
  await assertNoBanner(page.getByTestId('error-banner'), 'the cancelled run failed');

  // Generated answers, a few tokens each: the run completes; validity is counted; no text is stored.
  await pickTinyLlm(page, baseUrl, { runs: 1, sampleCvs: 1, bootstrap: 0, device: 'wasm' });
  await page.getByTestId('llm-mode-generate').check();
  await page.getByTestId('llm-temperature').fill('0.7');
  await page.getByTestId('llm-max-new-tokens').fill('3');
  const results = await runToResults(page, `[${device}] generated`);
  const llm = results.models[0].llm;
  assert.equal(llm.mode, 'generate');
  assert.deepEqual(llm.sampling, { temperature: 0.7, maxNewTokens: 3, seed: 0, structured: false });
  assert.ok(llm.output_validity.total > 0 && llm.output_validity.valid <= llm.output_validity.total, JSON.stringify(llm.output_validity));
  assert.ok(llm.generated_tokens_per_call > 0 && llm.generated_tokens_per_call <= 3, String(llm.generated_tokens_per_call));
  assert.doesNotMatch(JSON.stringify(results), /"reasons"|"text":"(?!\{)/, 'no generated text in the results');
  assert.deepEqual(errors, []);
}, { timeout: 600_000 });
