/**
 * No text collides in any plot at any width. After the bundled audits (the demo's retrieval audit,
 * a small screening audit) and on the Learn page, at viewport widths 360, 800 and 1280 px, every
 * `<text>` of every plot is measured in Chromium: no two labels may overlap (0.5 px tolerance),
 * none may leave the SVG's viewBox, and none may be wider than the layout's estimate
 * (estimateTextWidth in src/present/plots/labels.ts, which the plots lay out with since they cannot
 * measure). No text may be struck by a plot's lines either: the Pareto step line, the CI whiskers
 * of the scatter plots, the dashed four-fifths line of the outcome bars, and the leader lines
 * (which may end on their own label's edge, never run through it). The same for each exported
 * SVG opened on its own page; each PNG export must have the SVG's size at 2×.
 */
import assert from 'node:assert/strict';
import { e2e, ONE_PATH } from './browser.ts';
import { checkPlots } from './plotChecks.ts';

e2e('no text collides or leaves its plot at 360, 800 and 1280 px, on screen and in the SVG and PNG exports', async ({ page, baseUrl, newContext, errors, device }) => {
  const alone = await (await newContext()).newPage();
  const counts: string[] = [];

  // The Learn lessons' plots (no exports there).
  await page.goto(`${baseUrl}#/learn`);
  await page.locator('main svg').first().waitFor({ timeout: 30_000 });
  counts.push(`learn ${await checkPlots(page, alone, 'learn', false, page.locator('main :is(.plot, section, div):has(> svg)'))}`);

  // The demo's retrieval audit: Pareto, per-language forest, rank-shift histogram, latency–quality, attention share by cut-off.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(baseUrl);
  await page.getByTestId('demo-run').click();
  await page.getByTestId('results-table').waitFor({ timeout: 400_000 });
  for (const id of ['pareto-plot', 'effectiveness-forest', 'forest-plot', 'rank-shift-plot', 'latency-plot', 'attention-share-plot']) await page.getByTestId(id).locator('svg').waitFor({ timeout: 30_000 });
  assert.match((await page.getByTestId('rank-shift-tails').textContent()) ?? '', /swaps of a profile for its twin .* more than 10 positions/);
  counts.push(`retrieval ${await checkPlots(page, alone, 'retrieval', true)}`);
  await page.getByTestId('rank-shift-linear').check();
  counts.push(`linear histogram ${await checkPlots(page, alone, 'retrieval, linear counts', false, page.locator('figure:has([data-testid="rank-shift-plot"] svg)'))}`);

  // A small screening audit (calibrated GloVe, 6 CVs per job, B = 200): confusion matrix,
  // threshold curve, ΔScore forest per attribute, a single model's latency–AUC, outcome bars.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${baseUrl}#/datasets`);
  await page.getByTestId('import-bundled-cv-screening').click();
  await page.locator('[data-testid="dataset-list"] tr[data-dataset-id="cv-screening"][data-state="ready"]').waitFor({ timeout: 300_000 });
  await page.goto(`${baseUrl}#/run`);
  await page.getByTestId('audit-type-screening').check();
  await page.getByTestId('screening-dataset').waitFor();
  await page.getByTestId('screening-runs').fill('2');
  await page.getByTestId('screening-bootstrap').fill('200');
  await page.getByTestId('screening-sample').check();
  await page.getByTestId('screening-sample-cvs').fill('6');
  await page.getByTestId('screening-device').selectOption('wasm');
  await page.getByTestId('run-button').click();
  await page.getByTestId('results-table').or(page.getByTestId('error-banner')).first().waitFor({ timeout: 400_000 });
  if (await page.getByTestId('error-banner').isVisible()) assert.fail(`the screening run failed: ${await page.getByTestId('error-banner').textContent()}`);
  for (const id of ['confusion-plot', 'threshold-plot', 'forest-plot', 'latency-plot']) await page.getByTestId(id).locator('svg').waitFor({ timeout: 30_000 });
  assert.ok((await page.locator('[data-testid="forest-plot"] svg [data-panel]').count()) >= 2, 'the ΔScore forest plot has a panel per attribute');
  assert.equal(await page.locator('[data-testid="forest-plot"] svg .legend').count(), 0, 'no legend repeating the row labels');
  counts.push(`screening ${await checkPlots(page, alone, 'screening', true)}`);

  console.log(`# [${device}] plots checked (× widths): ${counts.join(', ')}`);
  assert.deepEqual(errors, []);
}, { timeout: 1_200_000, devices: ONE_PATH });
