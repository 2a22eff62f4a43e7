/**
 * Links whose envelope is fine but whose results were tampered with: wrong
 * types, out-of-range or non-finite numbers, missing fields, empty or
 * duplicated lists. Each must show the error banner naming the bad field —
 * never a blank Results page with an uncaught RangeError or TypeError.
 */
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { e2e, ONE_PATH } from './browser.ts';
import { retrievalPayload, screeningPayload } from '../unit/core/permalink/fixtures.ts';

const fragment = (json: unknown) => `r=${deflateRawSync(Buffer.from(JSON.stringify(json))).toString('base64url')}`;

type Json = Record<string, unknown>;
/** A copy of `payload` with `edit` applied to it. */
function tampered(payload: object, edit: (p: Json & { results: Json }) => void): unknown {
  const copy = JSON.parse(JSON.stringify(payload)) as Json & { results: Json };
  edit(copy);
  return copy;
}

const subset = (p: Json & { results: Json }) => (p.results.subsets as Json[])[0];
const model = (p: Json & { results: Json }, i: number) => (subset(p).models as Json[])[i];
const screeningModel = (p: Json & { results: Json }, i: number) => (p.results.models as Json[])[i];

const TAMPERED: [string, unknown, string][] = [
  ['a mean as "NaN"', tampered(retrievalPayload(), (p) => ((model(p, 1).effectiveness as Json)['ndcg@10'] = { mean: 'NaN', ci: [0.4, 0.5] })), 'results.subsets[0].models[1].effectiveness.ndcg@10.mean: expected a finite number'],
  ['k: "ten"', tampered(retrievalPayload(), (p) => ((p.results.parameters as Json).k = 'ten')), 'results.parameters.k: expected an integer'],
  ['no effectiveness', tampered(retrievalPayload(), (p) => delete model(p, 0).effectiveness), 'results.subsets[0].models[0].effectiveness: expected an object'],
  ['subsets: []', tampered(retrievalPayload(), (p) => (p.results.subsets = [])), 'results.subsets: expected 1 to 64 items'],
  ['a negative proportion', tampered(retrievalPayload(), (p) => (((model(p, 0).robustness as Json).overall as Json)['iou@10'] = { mean: -0.3, ci: [0.1, 0.2] })), 'robustness.overall.iou@10.mean: expected a finite number in [0, 1]'],
  ['a CI with lo > hi', tampered(retrievalPayload(), (p) => ((model(p, 0).effectiveness as Json)['p@10'] = { mean: 0.4, ci: [0.6, 0.2] })), 'effectiveness.p@10.ci: expected [lo, hi] with lo ≤ hi'],
  ['a histogram bin of 1e12 profiles', tampered(retrievalPayload(), (p) => (model(p, 0).rankShiftHistogram = [{ shift: 1, count: 1e12 }])), 'has the unknown key "rankShiftHistogram"'],
  ['a model listed twice', tampered(retrievalPayload(), (p) => (subset(p).models = [model(p, 0), model(p, 0)])), 'expected an id that no other model of the subset has'],
  ['a screening AUC of 1.2', tampered(screeningPayload(), (p) => (((screeningModel(p, 1).validity as Json).auc as Json).mean = 1.2)), 'results.models[1].validity.auc.mean: expected a finite number in [0, 1]'],
  ['a screening effect without ΔScore', tampered(screeningPayload(), (p) => delete ((screeningModel(p, 0).bias as Json).effects as Json[])[0].delta_score), 'results.models[0].bias.effects[0].delta_score: expected an object'],
  ['screening models: []', tampered(screeningPayload(), (p) => (p.results.models = [])), 'results.models: expected 1 to 256 items'],
];

/** Keys of a screening result whose numbers may be undefined (written as null), beside every `{ mean, ci }`. */
const NULLABLE = new Set(['p', 'q', 'threshold', 'tune_balanced_accuracy', 'median_ms', 'p95_ms', 'mean_ms_per_pair', 'label_flip_pct', 'delta_score', 'delta_rank', 'excl@5']);

/** A copy of a payload with every statistic undefined: a run with B = 0 on queries that define nothing. */
function undefinedEverywhere(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return key === 'row_percent' ? value.map((row: unknown[]) => row.map(() => null)) : value.map((v) => undefinedEverywhere(v));
  if (typeof value === 'number') return NULLABLE.has(key) ? null : value;
  if (typeof value !== 'object' || value === null) return value;
  const o = value as Json;
  if ('mean' in o && 'ci' in o) return { ...o, mean: null, ci: [null, null] };
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, k === 'parameters' ? v : undefinedEverywhere(v, k)]));
}

/** Opens a link in a fresh load of the app (as a pasted link is) and waits for a banner or a results table. */
async function open(page: Page, baseUrl: string, link: unknown): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`${baseUrl}#${fragment(link)}`);
  await page.locator('[data-testid="error-banner"], [data-testid="results-table"]').first().waitFor({ timeout: 20_000 });
}

e2e('tampered permalinks show the error banner naming the bad field, with no page error', async ({ page, baseUrl, errors }) => {
  // The untampered links open: the harness itself is sound.
  for (const valid of [retrievalPayload(), screeningPayload()]) {
    await open(page, baseUrl, valid);
    const banner = page.getByTestId('error-banner');
    if ((await banner.count()) > 0) assert.fail(`a valid ${valid.kind} link opens: ${await banner.textContent()}`);
    await page.getByTestId('shared-result').waitFor();
  }
  for (const [name, link, detail] of TAMPERED) {
    await open(page, baseUrl, link);
    const banner = page.getByTestId('error-banner');
    assert.equal(await banner.count(), 1, `${name}: the banner is shown`);
    const text = (await banner.textContent()) ?? '';
    assert.ok(text.includes(detail), `${name}: "${text}" names "${detail}"`);
    assert.equal(await page.getByTestId('shared-result').count(), 0, `${name}: no results are drawn`);
  }
  assert.deepEqual(errors, [], 'no page error and no console error');
}, { devices: ONE_PATH });

e2e('links whose statistics are all undefined (null) open and draw without a page error', async ({ page, baseUrl, errors }) => {
  for (const payload of [retrievalPayload(), screeningPayload()]) {
    await open(page, baseUrl, undefinedEverywhere(payload));
    const banner = await page.getByTestId('error-banner').count();
    assert.equal(banner, 0, `a ${payload.kind} link of undefined statistics opens: ${banner ? await page.getByTestId('error-banner').textContent() : ''}`);
    await page.getByTestId('shared-result').waitFor();
    assert.match((await page.getByTestId('results-table').textContent()) ?? '', /n\/a|—/, `${payload.kind}: undefined values are shown as such`);
    const nan = await page.locator('figure').evaluateAll((fs) => fs.filter((f) => f.innerHTML.includes('NaN')).map((f) => f.querySelector('[data-testid]')?.getAttribute('data-testid') ?? f.outerHTML.slice(0, 120)));
    assert.deepEqual(nan, [], `${payload.kind}: no plot writes NaN into its SVG`);
  }
  assert.deepEqual(errors, [], 'no page error and no console error');
}, { devices: ONE_PATH });
