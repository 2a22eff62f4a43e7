/**
 * An LLM screener from a local model folder, and "will it run here?" before a download (issue 49).
 * The planted-bias test LLM (fairground-test/planted-llm: a female cue halves the odds of "yes") is
 * picked as a folder in the Run form — a copy in a temporary folder, with a screening_template.json
 * beside its config.json — and audited on WASM in answer-probabilities mode: the folder's template is
 * the one used (name and SHA-256 in the results and the LLM panel), and the female effect is
 * negative. A broken template file is said inline and the run refused. Then registry LLMs show their
 * download, memory need and verdict for the dtype picked; one that does not fit is refused.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DEFAULT_SCREENING_TEMPLATE, templateJson, templateSha256 } from '../../src/core/llm/index.ts';
import { e2e } from './browser.ts';

const PLANTED = 'test/fixtures/models/hub/fairground-test/planted-llm';
/** The planted model that writes its answer as JSON, and breaks it when the CV holds "led". */
const PLANTED_JSON = 'test/fixtures/models/hub/fairground-test/planted-llm-json';
/** The default question under another name: the planted model reads the same yes/no answer. */
const FOLDER_TEMPLATE = { ...DEFAULT_SCREENING_TEMPLATE, name: 'fit (yes/no), shipped with the folder' };

/** A copy of the planted LLM's folder (named planted-llm, as the fixture) with `template` as its screening_template.json. */
function plantedCopy(template: string): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'fg-llm-folder-')), 'planted-llm');
  cpSync(PLANTED, dir, { recursive: true });
  writeFileSync(join(dir, 'screening_template.json'), template);
  return dir;
}

async function screeningForm(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}#/datasets`);
  await page.getByTestId('import-bundled-cv-screening').click();
  await page.locator('[data-testid="dataset-list"] tr[data-dataset-id="cv-screening"][data-state="ready"]').waitFor({ timeout: 300_000 });
  await page.goto(`${baseUrl}#/run`);
  await page.getByTestId('audit-type-screening').check();
  await page.getByTestId('screening-dataset').waitFor();
  await page.getByTestId('model-picker').getByLabel(/Calibrated similarity over GloVe/).uncheck();
}

/** Runs the form's audit once, on at most 2 CVs per job, and reads the stored results. */
async function runSampled(page: Page, bootstrap: number): Promise<{ runId: string; results: any }> {
  await page.getByTestId('screening-runs').fill('1');
  await page.getByTestId('screening-bootstrap').fill(String(bootstrap));
  await page.getByTestId('screening-sample').check();
  await page.getByTestId('screening-sample-cvs').fill('2');
  await page.getByTestId('run-button').click();
  await page.getByTestId('results-table').or(page.getByTestId('error-banner')).first().waitFor({ timeout: 400_000 });
  if (await page.getByTestId('error-banner').isVisible()) assert.fail(`the run failed: ${await page.getByTestId('error-banner').textContent()}`);
  const runId = /#\/results\/(run-[\w-]+)/.exec(page.url())?.[1];
  assert.ok(runId, page.url());
  return { runId, results: await page.evaluate((id) => (window as any).fairground.results(id), runId) };
}

e2e('an LLM from a local folder: its screening_template.json fills the form (a broken one is said inline), and the audit of the planted model finds the female effect negative', async ({ page, baseUrl, errors, device }) => {
  await screeningForm(page, baseUrl);
  const folderInput = page.getByTestId('screening-folder-input');
  assert.equal(await page.getByTestId('screening-folder-kind').inputValue(), 'auto');

  // A template file that is JSON but not a template: said inline, naming the file, and the run refused.
  // Not a causal LM by its config.json (the tokenizer and graph are there): said beside the picker, nothing picked.
  const notLlm = plantedCopy('{}');
  writeFileSync(join(notLlm, 'config.json'), JSON.stringify({ architectures: ['BertForSequenceClassification'] }));
  await folderInput.setInputFiles(notLlm);
  assert.match((await page.getByTestId('screening-folder-error').textContent()) ?? '', /names no …ForCausalLM architecture \(BertForSequenceClassification\): choose the kind of model it is/);
  assert.equal(await page.getByTestId('llm-settings').count(), 0);

  await folderInput.setInputFiles(plantedCopy(JSON.stringify({ format: 'fairground-screening-template/1', name: 'broken' })));
  const picked = page.getByTestId('model-picker').getByLabel(/planted-llm \(local folder, LLM\)/);
  assert.equal(await picked.isChecked(), true);
  assert.equal(await page.getByTestId('screening-folder-error').count(), 0);
  assert.match((await page.getByTestId('llm-error').textContent()) ?? '', /The folder “planted-llm” ships a screening_template\.json that cannot be used: /);
  assert.equal(await page.getByTestId('run-button').isDisabled(), true);

  // The same folder again with a good template: it replaces the first, and its template is the form's.
  await folderInput.setInputFiles(plantedCopy(templateJson(FOLDER_TEMPLATE)));
  await page.getByTestId('llm-error').waitFor({ state: 'detached' }); // the folder is read (asynchronously)
  assert.equal(await page.getByTestId('model-picker').getByLabel(/planted-llm \(local folder, LLM\)/).count(), 1);
  assert.match((await page.getByTestId('llm-template-origin').textContent()) ?? '', /Template from the model folder “planted-llm” \(screening_template\.json\)/);
  assert.equal(await page.getByTestId('llm-template').inputValue(), templateJson(FOLDER_TEMPLATE));
  assert.match((await page.getByTestId('folder-model-info').textContent()) ?? '', /fp32 0\.7 MB; read here, never uploaded; ships screening_template\.json/);

  // Will it run: the planted model's own shapes from config.json, fp32 on WASM.
  await page.getByTestId('screening-device').selectOption('wasm');
  const fit = page.getByTestId('llm-fit-item').filter({ hasText: 'planted-llm' });
  assert.equal(await fit.getAttribute('data-fits'), 'true');
  assert.match((await fit.textContent()) ?? '', /fp32 on wasm · download 0\.7 MB · memory needed about \d/);

  const { results } = await runSampled(page, 200);
  const model = results.models[0];
  assert.equal(model.model.id, 'llm:folder:planted-llm', 'named as the CLI names a folder');
  assert.equal(model.model.revision, 'local');
  assert.equal(model.model.device, 'wasm');
  assert.equal(model.llm.template.name, FOLDER_TEMPLATE.name);
  const sha = templateSha256(FOLDER_TEMPLATE);
  assert.equal(model.llm.template.sha256, sha);
  // The planted effect: a female cue halves the odds of "yes" (−ln 2 on the logit), so ΔScore < 0.
  const female = model.bias.effects.find((e: any) => e.kind === 'effect' && e.attribute === 'gender' && e.group === 'female' && e.signal === 'explicit');
  assert.ok(female, JSON.stringify(model.bias.effects.map((e: any) => `${e.kind}:${e.attribute}:${e.group}:${e.signal}`)));
  console.log(`# planted-llm from a folder [${device}]: gender female explicit ΔScore ${female.delta_score.mean.toFixed(3)} (CI ${female.delta_score.ci.map((x: number) => x.toFixed(3)).join(' to ')}) over ${female.n_cvs} CVs`);
  assert.ok(female.delta_score.mean < 0, `female ΔScore ${female.delta_score.mean}`);
  const panel = page.getByTestId('llm-panel');
  const panelText = (await panel.textContent()) ?? '';
  assert.match(panelText, new RegExp(`SHA-256 ${sha.slice(0, 12)}`));
  assert.ok(panelText.includes(FOLDER_TEMPLATE.name), panelText);
  assert.deepEqual(errors, []);
}, { timeout: 600_000 });

e2e('an LLM in generated mode: the decision cases show what it wrote for a CV and for its twin, from this tab only; results and a reload keep none of it', async ({ page, baseUrl, errors }) => {
  await screeningForm(page, baseUrl);
  await page.getByTestId('screening-folder-input').setInputFiles(PLANTED_JSON);
  await page.getByTestId('model-picker').getByLabel(/planted-llm-json \(local folder, LLM\)/).waitFor();
  await page.getByTestId('screening-device').selectOption('wasm');
  await page.getByTestId('llm-mode-generate').check();
  await page.getByTestId('llm-temperature').fill('0');
  await page.getByTestId('llm-max-new-tokens').fill('12');
  const { results } = await runSampled(page, 0);
  assert.equal(results.models[0].llm.mode, 'generate');
  // The model's reasons are "skills match" or "few skills match": never in the stored results.
  assert.doesNotMatch(JSON.stringify(results), /skills match/);

  const cases = page.getByTestId('decision-cases');
  await cases.getByTestId('decision-cases-show').click();
  await cases.getByTestId('decision-cases-table').waitFor({ timeout: 60_000 });
  await cases.locator('[data-testid="decision-cases-table"] button.link').first().click();
  const answers = cases.getByTestId('decision-case-answers');
  const text = ((await answers.textContent()) ?? '').replace(/\s+/g, ' ');
  console.log(`# generated answers of a decision case: ${text.slice(0, 300)}`);
  // The base's answer for run 1 and its twin's, each read as the audit read it (a valid score of 1–5, or why not).
  assert.equal(await answers.locator('[data-answer="base"]').count(), 1);
  assert.equal(await answers.locator('[data-answer="variant"]').count(), 1);
  assert.match(text, /Run 1 · (valid: score [1-5] \((0|25|50|75|100) of 100\)|invalid: no JSON object)/);
  assert.match(text, /skills match|\{ "score"/);
  assert.match(text, /Kept in this tab only: never stored with the run, put in a link, a report or an export\./);
  const shots = process.env.FAIRGROUND_SHOTS;
  if (shots) {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await cases.locator('.case-texts').screenshot({ path: `${shots}/decision-case-answers-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  // A reload forgets them, and the view says where they can be read.
  await page.reload();
  await page.getByTestId('decision-cases-show').click();
  await page.locator('[data-testid="decision-cases-table"] button.link').first().click();
  assert.match((await page.getByTestId('decision-case-answers-none').textContent()) ?? '', /kept only in the tab that ran the audit/);
  assert.deepEqual(errors, []);
}, { timeout: 600_000, devices: ['wasm'] });

e2e('a registry LLM shows its download, memory need and verdict for the dtype picked before anything downloads; one that does not fit is refused', async ({ page, baseUrl, errors, device }) => {
  await screeningForm(page, baseUrl);
  const picker = page.getByTestId('model-picker');
  await picker.getByLabel(/Qwen2\.5-0\.5B-Instruct \(LLM\)/).check();
  if (device === 'webgpu') {
    // The probe read the adapter's buffer limits (here SwiftShader's), and the verdict is WebGPU's.
    await page.getByTestId('llm-dtype').selectOption('fp32');
    const text = (await page.getByTestId('llm-fit-item').filter({ hasText: 'Qwen2.5-0.5B-Instruct' }).textContent()) ?? '';
    console.log(`# Qwen2.5-0.5B fp32 on this adapter: ${text.replace(/\s+/g, ' ').trim()}`);
    assert.match(text, /fp32 on webgpu · download 2,072 MB/);
    assert.match(text, /largest GPU buffer [\d,]+ MB, shader-f16 (yes|no)/);
  }
  await page.getByTestId('screening-device').selectOption('wasm');
  // Qwen2.5-0.5B fp32: 494 M × 4 B = 2,072 MB; memory 1.2 × (2,072 + 96 KV cache) = 2,602 MB < WASM's 4,096 MB.
  await page.getByTestId('llm-dtype').selectOption('fp32');
  const qwen = page.getByTestId('llm-fit-item').filter({ hasText: 'Qwen2.5-0.5B-Instruct' });
  assert.equal(await qwen.getAttribute('data-fits'), 'true');
  assert.match((await qwen.textContent()) ?? '', /fp32 on wasm · download 2,072 MB · memory needed about 2,602 MB/);
  assert.equal(await page.getByTestId('run-button').isDisabled(), false);
  assert.equal(await page.getByTestId('run-refusal').count(), 0);

  const shots = process.env.FAIRGROUND_SHOTS;
  if (shots && device === 'wasm') {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${shots}/run-form-llm-fit-${width}.png`, fullPage: true });
      await picker.screenshot({ path: `${shots}/run-form-llm-fit-${width}-models.png` });
      await page.getByTestId('llm-settings').screenshot({ path: `${shots}/run-form-llm-fit-${width}-settings.png` });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    // The focus order through the LLM settings, printed for a reader to check.
    await page.getByTestId('llm-mode-probabilities').focus();
    const order: string[] = [];
    for (let i = 0; i < 8; i++) {
      order.push(await page.evaluate(() => {
        const el = document.activeElement as HTMLInputElement | null;
        return `${el?.tagName.toLowerCase()}[${el?.type ?? ''}] "${(el?.labels?.[0]?.textContent ?? el?.getAttribute('aria-label') ?? el?.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)}"`;
      }));
      await page.keyboard.press('Tab');
    }
    console.log(`# focus order from the scoring mode: ${order.join(' → ')}`);
  }

  // Qwen2.5-1.5B fp32: 1,544 M × 4 B = 6,476 MB: beyond WASM's 4 GB; refused, with what would fit.
  await picker.getByLabel(/Qwen2\.5-1\.5B-Instruct \(LLM\)/).check();
  const big = page.getByTestId('llm-fit-item').filter({ hasText: 'Qwen2.5-1.5B-Instruct' });
  assert.equal(await big.getAttribute('data-fits'), 'false');
  assert.match((await big.textContent()) ?? '', /will not run here: needs about \d{1,2},\d{3} MB, more than the 4,096 MB WASM can address: pick a smaller dtype/);
  assert.equal(await page.getByTestId('run-button').isDisabled(), true);
  assert.match((await page.getByTestId('run-refusal').textContent()) ?? '', /Not started: Qwen2\.5-1\.5B-Instruct \(LLM\) will not run here/);
  assert.equal(await page.getByTestId('run-button').getAttribute('aria-describedby'), await page.getByTestId('run-refusal').getAttribute('id'));
  // q4 fits: the refusal goes.
  await page.getByTestId('llm-dtype').selectOption('q4');
  assert.equal(await big.getAttribute('data-fits'), 'true');
  assert.equal(await page.getByTestId('run-button').isDisabled(), false);

  // A gated model says a Hub token may be needed.
  await picker.getByLabel(/Llama-3\.2-1B-Instruct \(LLM\)/).check();
  assert.match((await page.getByTestId('llm-fit-item').filter({ hasText: 'Llama-3.2-1B' }).getByTestId('llm-fit-gated').textContent()) ?? '', /Hub token/);

  // By keyboard: the folder picker and its kind are reachable and named.
  await page.getByTestId('screening-folder-input').focus();
  assert.equal(await page.evaluate(() => (document.activeElement as HTMLInputElement).labels?.[0]?.textContent?.trim()), 'Choose a model folder…');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'screening-folder-kind');
  assert.deepEqual(errors, []);
}, { timeout: 300_000 });
