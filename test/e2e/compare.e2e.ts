/**
 * Compare (issue 33): two runs stored through the Run view — BM25 and TF-IDF on the bundled
 * freelance-twins dataset, task briefs, B = 1000, seed 0 — compared in the Compare view give the
 * same paired differences (difference, CI, p, q) as `fairground compare` on the runs' own stored
 * JSON; the leaderboard marks a best per column and the Pareto plot has both run · model points;
 * the comparison's permalink opens in an empty context with the same numbers.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { e2e, foreignRequests, hubUrl, ONE_PATH } from './browser.ts';

const METRICS = ['ndcg@10', 'iou@10', 'rank_shift', 'rbc', 'kendall_tau'];

async function importTwins(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}#/datasets`);
  await page.getByTestId('import-bundled-freelance-twins').click();
  await page.locator('[data-testid="dataset-list"] tr[data-dataset-id="freelance-twins"][data-state="ready"]').waitFor({ timeout: 90_000 });
}

/** Runs one baseline model on the briefs task through the Run view; returns the run id. */
async function runModel(page: Page, baseUrl: string, model: 'bm25' | 'tfidf'): Promise<string> {
  await page.goto(`${baseUrl}#/run`);
  await page.getByTestId('audit-type-retrieval').check();
  const picker = page.getByTestId('model-picker');
  await picker.locator('input[type="checkbox"]').first().waitFor();
  for (const box of await picker.locator('input[type="checkbox"]').all()) {
    const value = await box.getAttribute('value');
    if (value === model) await box.check();
    else await box.uncheck();
  }
  for (const box of await page.locator('.run-form input[type="checkbox"][value="queries"]').all()) await box.uncheck();
  await page.locator('.run-form input[type="checkbox"][value="briefs"]').check();
  await page.getByTestId('run-button').click();
  await page.getByTestId('results-table').waitFor({ timeout: 300_000 });
  const m = /#\/results\/(run-[\w-]+)/.exec(page.url());
  assert.ok(m, `the run opened its results (${page.url()})`);
  return m[1];
}

interface PageDifference {
  metric: string;
  difference: number;
  low: number;
  high: number;
  p: number;
  q: number;
}

async function pageDifferences(page: Page): Promise<PageDifference[]> {
  return page.locator('[data-testid="compare-differences"] tbody tr').evaluateAll((rows) =>
    rows.map((tr) => ({
      metric: tr.getAttribute('data-metric')!,
      difference: Number(tr.getAttribute('data-difference')),
      low: Number(tr.getAttribute('data-ci-low')),
      high: Number(tr.getAttribute('data-ci-high')),
      p: Number(tr.getAttribute('data-p')),
      q: Number(tr.getAttribute('data-q')),
    })),
  );
}

e2e('two stored runs (BM25, TF-IDF on freelance-twins) compared in the page give the CLI’s paired differences; the comparison shares as a permalink', async ({ page, baseUrl, newContext, requests, errors }) => {
  await importTwins(page, baseUrl);
  const bm25 = await runModel(page, baseUrl, 'bm25');
  const tfidf = await runModel(page, baseUrl, 'tfidf');

  // The Results view links to Compare.
  await page.getByTestId('compare-link').click();
  await page.getByRole('heading', { level: 1, name: 'Compare' }).waitFor();
  await page.locator(`[data-testid="compare-run"][data-run-id="${bm25}"]`).check();
  await page.locator(`[data-testid="compare-run"][data-run-id="${tfidf}"]`).check();
  await page.getByTestId('compare-pair').waitFor();
  // The metrics compared: the view's defaults for a retrieval run.
  const checked = await page.locator('[data-testid="compare-metrics"] input[type="checkbox"]:checked').evaluateAll((boxes) => boxes.map((b) => b.getAttribute('data-metric')));
  assert.deepEqual(checked, METRICS);

  assert.equal(await page.getByTestId('compare-pair').getAttribute('data-paired'), 'true');
  assert.match((await page.getByTestId('pairing').textContent()) ?? '', /Paired over the same 240 queries: 1000 bootstrap resamples, seed 0/);
  const shown = await pageDifferences(page);
  assert.deepEqual(shown.map((d) => d.metric), METRICS);

  // The CLI on the two runs' stored JSON.
  const dir = mkdtempSync(join(tmpdir(), 'fairground-compare-'));
  for (const [id, file] of [[bm25, 'bm25.json'], [tfidf, 'tfidf.json']] as const) {
    const stored = await page.evaluate((runId) => (window as any).fairground.results(runId), id);
    assert.ok(stored.subsets[0].models[0].perUnit, 'the stored run keeps its per-query values');
    writeFileSync(join(dir, file), JSON.stringify(stored));
  }
  const cli = JSON.parse(execFileSync(process.execPath, ['dist-cli/fairground.js', 'compare', '--baseline', join(dir, 'bm25.json'), '--candidate', join(dir, 'tfidf.json'), '--metrics', METRICS.join(',')], { encoding: 'utf8' }));
  const [pair] = cli.comparisons;
  assert.equal(pair.paired, true);
  assert.equal(pair.units, 240);
  pair.metrics.forEach((m: { metric: string; difference: { mean: number; ci: [number, number]; p: number; q: number } }, i: number) => {
    const d = shown[i];
    assert.equal(d.metric, m.metric);
    for (const [what, a, b] of [['difference', d.difference, m.difference.mean], ['CI low', d.low, m.difference.ci[0]], ['CI high', d.high, m.difference.ci[1]], ['q', d.q, m.difference.q]] as const) {
      assert.ok(Math.abs(a - b) <= 1e-9, `${m.metric} ${what}: page ${a} vs CLI ${b}`);
    }
    assert.equal(d.p, m.difference.p, `${m.metric} p`);
  });
  // The sentence of the changes is the CLI's too (the CLI names the runs by their files, the page by dataset and number).
  const numbersOf = (sentence: string) => sentence.slice(sentence.indexOf(': '));
  const sentence = (await page.getByTestId('compare-change').textContent()) ?? '';
  assert.match(sentence, /^freelance-twins #\d+ · TF-IDF against freelance-twins #\d+ · BM25: NDCG@10 /);
  assert.equal(numbersOf(sentence), numbersOf(cli.changes[0]));

  // The leaderboard: two rows, a best marked in every column (in words for a screen reader); the Pareto plot: two points.
  assert.equal(await page.locator('[data-testid="compare-table"] tbody tr').count(), 2);
  assert.equal(await page.locator('[data-testid="compare-table"] td[data-best="true"]').count(), METRICS.length);
  assert.match((await page.locator('[data-testid="compare-table"] td[data-best="true"]').first().textContent()) ?? '', /best:/);
  assert.equal(await page.locator('[data-testid="compare-pareto"] svg [data-point]').count(), 2);

  // The permalink: numbers only, and the same differences in a fresh context with empty storage.
  await page.waitForFunction(() => (document.querySelector('[data-testid="compare-permalink"]') as HTMLInputElement | null)?.value.includes('#/compare/r='), undefined, { timeout: 30_000 });
  const link = await page.getByTestId('compare-permalink').inputValue();
  const fresh = await (await newContext()).newPage();
  await fresh.goto(link);
  await fresh.getByTestId('shared-comparison').waitFor({ timeout: 30_000 });
  await fresh.getByTestId('compare-pair').waitFor();
  assert.deepEqual(await pageDifferences(fresh), shown);
  assert.equal(await fresh.getByTestId('compare-change').textContent(), sentence);

  assert.deepEqual(foreignRequests(requests, new URL(baseUrl).origin), [], 'no request left the page origin');
  assert.deepEqual(errors, []);
}, { timeout: 900_000, devices: ONE_PATH });

e2e('the runs are numbered as listed, models go by their short names, and comparisons across query sets wait behind a toggle (issue 48)', async ({ page, baseUrl }) => {
  await importTwins(page, baseUrl);
  // A run that fails at once (a Hub model the Hub does not have) takes no number among the runs Compare lists.
  await page.goto(`${baseUrl}#/run`);
  await page.getByTestId('audit-type-retrieval').check();
  const picker = page.getByTestId('model-picker');
  await picker.locator('input[type="checkbox"]').first().waitFor();
  for (const box of await picker.locator('input[type="checkbox"]').all()) await box.uncheck();
  await page.getByLabel('Hub address').fill(hubUrl());
  await picker.getByLabel('Another Hub model').fill('fairground-test/no-such-model');
  await picker.getByRole('button', { name: 'Add' }).click();
  await page.getByTestId('run-button').click();
  await page.getByTestId('error-banner').waitFor({ timeout: 300_000 });

  // BM25 on both query sets: two rows of one run, whose comparison crosses tasks.
  await page.goto(`${baseUrl}#/run`);
  await picker.locator('input[type="checkbox"]').first().waitFor();
  // (a click, not uncheck(): the Hub model added above leaves the list when unticked)
  for (const value of await picker.locator('input[type="checkbox"]').evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value))) {
    const box = picker.locator(`input[type="checkbox"][value="${value}"]`);
    if ((await box.count()) === 0) continue;
    if ((value === 'bm25') !== (await box.isChecked())) await box.click();
  }
  assert.deepEqual(await picker.locator('input[type="checkbox"]:checked').evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value)), ['bm25']);
  for (const task of ['briefs', 'queries']) await page.locator(`.run-form input[type="checkbox"][value="${task}"]`).check();
  await page.getByLabel('Bootstrap resamples').fill('100');
  await page.getByTestId('run-button').click();
  await page.getByTestId('results-table').waitFor({ timeout: 300_000 });
  const run = /#\/results\/(run-[\w-]+)/.exec(page.url())![1];

  await page.goto(`${baseUrl}#/compare`);
  const box = page.locator(`[data-testid="compare-run"][data-run-id="${run}"]`);
  await box.waitFor();
  const listed = (await page.locator('label', { has: box }).textContent()) ?? '';
  assert.match(listed, /freelance-twins #1: retrieval fairness, BM25/, 'the finished run is #1: the failed one took no number');
  await box.check();
  await page.getByTestId('compare-table').waitFor();
  const head = page.locator('[data-testid="compare-table"] tbody th[scope="row"]').first();
  assert.match((await head.textContent()) ?? '', /^freelance-twins #1 · BM25 \(briefs/);
  assert.match((await head.getAttribute('title')) ?? '', /BM25 \(k1 [\d.]+, b [\d.]+\)/, 'the parameters in the tooltip');
  // briefs against queries: no pair shown until asked for.
  const toggle = page.getByTestId('compare-cross-task');
  await toggle.waitFor();
  assert.equal(await page.getByTestId('compare-pair').count(), 0);
  assert.match((await toggle.textContent()) ?? '', /Show the 1 comparison across query sets/);
  await toggle.locator('input').check();
  await page.getByTestId('compare-pair').waitFor();
  assert.equal(await page.getByTestId('compare-pair').getAttribute('data-paired'), 'false');
  assert.match((await page.getByTestId('pairing').textContent()) ?? '', /different tasks/);
}, { timeout: 900_000, devices: ONE_PATH });
