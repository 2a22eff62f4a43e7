/**
 * Who gets seen in the browser (issue 50): the demo's results say, per model, which group is
 * under-exposed in its top 10 and by how much, with the tables, the attention-share plot and the
 * Pareto plot's group-fairness axes; a summary link words the verdicts again and says why it has no
 * plot; the Run form groups by another field with another target.
 */
import assert from 'node:assert/strict';
import { e2e, ONE_PATH } from './browser.ts';
import { fillBm25BriefsRun } from './runForm.ts';

e2e('the demo says who gets seen in each model’s top 10, with tables, the attention-share plot, AWRF on the Pareto plot, and a summary link’s verdicts worded again', async ({ page, baseUrl, newContext, errors }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(baseUrl);
  await page.getByTestId('demo-run').click();
  await page.getByTestId('results-table').waitFor({ timeout: 400_000 });

  const section = page.getByTestId('group-fairness');
  assert.match((await section.getByTestId('group-fairness-grouping').textContent()) ?? '', /grouped by meta\.gender, target: the corpus’s shares\./);
  // The models skip different queries for disparate treatment (a query needs two groups with relevant documents in the top 10): counted per model.
  const counts = await section.getByTestId('group-fairness-counts').locator('li').allTextContents();
  assert.equal(counts.length, 3);
  for (const c of counts) assert.match(c, /^.+: 240 queries; no unlabelled document in any top 10; queries skipped: disparate treatment \d+\.$/);
  const verdicts = await section.getByTestId('group-verdicts').locator('li').allTextContents();
  assert.equal(verdicts.length, 3, 'a verdict per model');
  for (const v of verdicts) assert.match(v, /^In .+'s top 10, (female|male) profiles receive \d+\.\d% of the attention against \d+\.\d% in the corpus, \d+\.\d percentage points below \(AWRF 0\.\d{3}, 95% CI 0\.\d{3} to 0\.\d{3}\)\.$/);
  assert.match(verdicts.join(' '), /In BM25's top 10, female profiles receive/);
  // One row per model, one per model × group, numbers with their CIs.
  assert.equal(await section.locator('[data-testid="group-fairness-table"] tbody tr').count(), 3);
  assert.equal(await section.locator('[data-testid="group-share-table"] tbody tr').count(), 6);
  const awrf = section.locator('[data-testid="group-fairness-table"] tbody tr[data-model-id="bm25"] td[data-metric="awrf@10"]');
  assert.match((await awrf.textContent()) ?? '', /^0\.\d{3}\[0\.\d{3}, 0\.\d{3}\]$/);
  for (const header of ['Exposure ratio', 'AWRF@10', 'AWRF×nDCG@10', 'NDKL@10', 'MinSkew@10', 'MaxSkew@10']) {
    assert.equal(await section.locator('[data-testid="group-fairness-table"] thead th', { hasText: header }).count() >= 1, true, `a ${header} column`);
  }
  // The plot a paper would print: a panel per model, a line and a dashed target per group.
  const plot = page.getByTestId('attention-share-plot').locator('svg');
  await plot.waitFor();
  assert.equal(await plot.locator('[data-panel]').count(), 3);
  assert.equal(await plot.locator('line.target').count(), 6);
  assert.match((await plot.locator('desc').textContent()) ?? '', /BM25: at k = 1 female \d+\.\d%/);

  // The Pareto plot's y takes AWRF@10, the exposure ratio and −NDKL@10; the ranking sentence follows it.
  const y = page.getByLabel('Robustness (y)');
  assert.deepEqual((await y.locator('option').allTextContents()).slice(-3), ['AWRF@10', 'Exposure ratio', '−NDKL@10']);
  await y.selectOption('awrf@10');
  assert.match((await page.getByTestId('fairness-ranking').textContent()) ?? '', /^Ranked on AWRF@10 \(how closely each group’s share of the attention follows its target; larger is fairer\)/);
  assert.equal(await page.locator('[data-testid="pareto-plot"] svg [data-point]').count(), 3);
  await y.selectOption('ndkl@10');
  assert.match((await page.getByTestId('pareto-plot').locator('svg').textContent()) ?? '', /−ndkl@10/);

  // Keyboard: from the tables' CSV button, Tab walks to the plot's text description and its SVG and PNG exports.
  await section.getByRole('button', { name: 'Table as CSV' }).focus();
  const walk: string[] = [];
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Tab');
    walk.push(await page.evaluate(() => `${document.activeElement?.closest('figure') ? 'figure ' : ''}${(document.activeElement?.textContent ?? '').trim()}`));
  }
  assert.deepEqual(walk, ['Table as JSON', 'figure Text description', 'figure SVG', 'figure PNG', walk[4]]);

  // A summary link: no verdict and no curve travel; the page words the verdicts again and says why there is no plot.
  await page.waitForFunction(() => (document.querySelector('[data-testid="permalink-input"]') as HTMLInputElement | null)?.value.includes('#r='), undefined, { timeout: 30_000 });
  const summaryLink = await page.getByTestId('permalink-input').inputValue();
  const fullLink = await page.getByTestId('permalink-full-input').inputValue();
  const reader = await (await newContext()).newPage();
  await reader.goto(summaryLink);
  await reader.getByTestId('shared-result').waitFor({ timeout: 30_000 });
  assert.deepEqual(await reader.getByTestId('group-verdicts').locator('li').allTextContents(), verdicts, 'the same sentences, worded again from the summary');
  await reader.getByTestId('attention-curve-absent').waitFor();
  assert.equal(await reader.getByTestId('attention-share-plot').count(), 0);
  await reader.goto(fullLink);
  await reader.reload();
  await reader.getByTestId('attention-share-plot').locator('svg [data-panel]').first().waitFor({ timeout: 30_000 });
  assert.deepEqual(errors, []);
}, { timeout: 600_000, devices: ONE_PATH });

e2e('the Run form groups by meta.seniority with equal shares as the target: BM25’s results show the four seniority groups at 25% each', async ({ page, baseUrl, errors }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${baseUrl}#/datasets`);
  await page.getByTestId('import-bundled-freelance-twins').click();
  await page.locator('[data-testid="dataset-list"] tr[data-dataset-id="freelance-twins"][data-state="ready"]').waitFor({ timeout: 300_000 });
  await page.goto(`${baseUrl}#/run`);
  await fillBm25BriefsRun(page);
  const by = page.getByTestId('group-by');
  await by.waitFor({ timeout: 60_000 });
  assert.equal(await by.inputValue(), 'meta.gender', 'the default is core’s: meta.gender');
  assert.deepEqual(await by.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)), ['lang', 'meta.gender', 'meta.seniority', 'twins.group', 'none']);
  assert.equal(await page.getByTestId('group-target').inputValue(), 'pool');
  // By keyboard: focus the select and pick meta.seniority; the target select follows it in Tab order.
  await by.focus();
  await by.selectOption('meta.seniority');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'group-by-second');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'group-target');
  await page.getByTestId('group-target').selectOption('equal');
  await page.getByTestId('run-button').click();
  await page.getByTestId('results-table').or(page.getByTestId('error-banner')).first().waitFor({ timeout: 300_000 });
  assert.equal(await page.getByTestId('error-banner').count(), 0, 'the run finished');

  const section = page.getByTestId('group-fairness');
  assert.match((await section.getByTestId('group-fairness-grouping').textContent()) ?? '', /grouped by meta\.seniority, target: equal shares/);
  const rows = section.locator('[data-testid="group-share-table"] tbody tr');
  assert.deepEqual(await rows.evaluateAll((rs) => rs.map((r) => r.getAttribute('data-group'))), ['ENTRY', 'EXPERT', 'EXPERT PLUS', 'INTERMEDIATE']);
  assert.deepEqual(await section.locator('[data-testid="group-share-table"] td[data-metric="target_share"]').allTextContents(), ['25.0%', '25.0%', '25.0%', '25.0%']);
  assert.match((await section.getByTestId('group-verdicts').textContent()) ?? '', /under equal shares/);
  assert.equal(await page.getByTestId('attention-share-plot').locator('svg line.target').count(), 4);
  assert.deepEqual(errors, []);
}, { timeout: 600_000, devices: ONE_PATH });
