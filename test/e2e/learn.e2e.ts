import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { e2e, ONE_PATH } from './browser.ts';

const LESSONS = ['ndcg', 'precision-mrr', 'iou-rank-shift', 'rbc', 'cohens-d-odds-ratio', 'screening-bias', 'four-fifths', 'who-gets-seen', 'icc', 'balanced-accuracy', 'bootstrap', 'benjamini-hochberg', 'pareto', 'planted-bias'];

e2e('every Learn lesson renders and responds to its control, by keyboard, on a phone-sized screen', async ({ page, baseUrl, errors }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`${baseUrl}#/learn`);
  for (const id of LESSONS) {
    const lesson = page.getByTestId(`lesson-${id}`);
    await lesson.waitFor();
    const value = page.getByTestId(`lesson-${id}-value`);
    const before = (await value.textContent())?.trim();
    assert.ok(before, `${id}: shows a value`);
    const control = page.getByTestId(`lesson-${id}-control`).first();
    await control.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(([sel, old]) => document.querySelector(sel)?.textContent?.trim() !== old, [`[data-testid="lesson-${id}-value"]`, before] as const, { timeout: 5_000 });
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 1, `no horizontal scrolling at 360 px (${overflow}px)`);
  assert.deepEqual(errors, []);
}, { devices: ONE_PATH });

e2e('a lesson links to where its metric appears in a result, and #/learn/<id> opens it', async ({ page, baseUrl }) => {
  await page.goto(`${baseUrl}#/learn/rbc`);
  await page.getByTestId('lesson-rbc').waitFor();
  // That lesson alone (issue 48: #/learn/four-fifths showed all twelve), with a way back to all of them.
  assert.equal(await page.locator('section[id^="lesson-"]').count(), 1, 'one lesson shown');
  await page.getByTestId('learn-all').click();
  await page.getByTestId('lesson-pareto').waitFor();
  assert.equal(await page.locator('section[id^="lesson-"]').count(), LESSONS.length, 'every lesson under #/learn');
  await page.goto(`${baseUrl}#/learn/rbc`);
  await page.getByTestId('lesson-rbc').waitFor();
  const link = page.getByTestId('lesson-rbc').locator('a[href*="#/results?metric="]').first();
  assert.match((await link.getAttribute('href')) ?? '', /metric=rbc/);
  assert.match((await page.getByTestId('lesson-rbc-where').textContent()) ?? '', /no retrieval audit is stored here yet/);
}, { devices: ONE_PATH });

e2e('the new lessons show the numbers worked out by hand: four-fifths at 60 and 65, who gets seen in three rankings, Cohen’s d and OR@5 with one bonus point', async ({ page, baseUrl, errors }) => {
  await page.goto(`${baseUrl}#/learn/four-fifths`);
  const ff = page.getByTestId('lesson-four-fifths-value');
  assert.equal((await ff.textContent())?.trim(), 'Cut-off 60: men 50.0%, women 40.0%; impact ratio of women 0.800 — passes four-fifths');
  await page.getByTestId('lesson-four-fifths-control').click();
  assert.equal((await ff.textContent())?.trim(), 'Cut-off 65: men 50.0%, women 30.0%; impact ratio of women 0.600 — below four-fifths');
  await page.getByTestId('lesson-four-fifths').getByLabel('Scoring rate: above the median of all 20').check();
  assert.equal((await ff.textContent())?.trim(), 'Scoring rate (above the median 58.500): men 60.0%, women 40.0%; impact ratio of women 0.667 — below four-fifths');
  // Its plot is the outcome chart of the Outcomes view, with its four-fifths line.
  assert.equal(await page.locator('[data-testid="lesson-four-fifths"] svg line.four-fifths').count() > 0, true);

  // Who gets seen (issue 50): core's numbers on the three rankings (worked by hand in test/unit/learn/whoGetsSeen.test.ts), and a moved candidate.
  await page.goto(`${baseUrl}#/learn/who-gets-seen`);
  const seen = page.getByTestId('lesson-who-gets-seen-value');
  assert.equal((await seen.textContent())?.trim(), 'Alternating: exposure ratio 0.802, AWRF@10 1.000; Skew@3 A +0.288, B −0.405; Skew@5 A +0.182, B −0.223');
  await page.getByTestId('lesson-who-gets-seen-control').click();
  assert.equal((await seen.textContent())?.trim(), 'All A first: exposure ratio 0.541, AWRF@10 0.984; Skew@3 A +0.693, B absent; Skew@5 A +0.693, B absent');
  await page.getByTestId('lesson-who-gets-seen-b-first-a-tail').click();
  assert.equal((await seen.textContent())?.trim(), 'B first, A in the tail: exposure ratio 0.699, AWRF@10 0.998; Skew@3 A −0.405, B +0.288; Skew@5 A −0.916, B +0.470');
  assert.equal(await page.locator('[data-testid="lesson-who-gets-seen"] svg line.target').count(), 2, 'the attention-share plot with a dashed target per group');
  // Move A2 (rank 7) up: the order is no longer one of the three rankings, and the focus stays on the button.
  await page.getByRole('button', { name: 'Move A2 up' }).click();
  assert.match((await seen.textContent())?.trim() ?? '', /^Your order: /);
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Move A2 up');

  await page.goto(`${baseUrl}#/learn/cohens-d-odds-ratio`);
  const d = page.getByTestId('lesson-cohens-d-odds-ratio-value');
  assert.equal((await d.textContent())?.trim(), 'Cohen’s d = 0.000, OR@5 = 1.000 (F in the top 5: 3 of 6 pairs, M: 3 of 6)');
  await page.getByTestId('lesson-cohens-d-odds-ratio-control').click();
  assert.equal((await d.textContent())?.trim(), 'Cohen’s d = −0.645, OR@5 = 1.000 (F in the top 5: 3 of 6 pairs, M: 3 of 6)');
  for (let i = 0; i < 2; i++) await page.getByTestId('lesson-cohens-d-odds-ratio-control').click();
  assert.equal((await d.textContent())?.trim(), 'Cohen’s d = −1.936, OR@5 = 0.309 (F in the top 5: 2 of 6 pairs, M: 4 of 6)');
  assert.deepEqual(errors, []);
}, { devices: ONE_PATH });

e2e('find the planted bias (issue 49): the toggle plants ln 2 and back, and “Open Run” opens the screening form with the planted model picked', async ({ page, baseUrl, errors, device }) => {
  await page.goto(`${baseUrl}#/learn/planted-bias`);
  const value = page.getByTestId('lesson-planted-bias-value');
  const control = page.getByTestId('lesson-planted-bias-control');
  assert.equal((await value.textContent())?.trim(), 'No bias planted: ΔScore female − male 0.00, Black − white 0.00');
  await control.click();
  assert.equal((await value.textContent())?.trim(), 'Planted (δ = ln 2): ΔScore female − male −8.83, Black − white 0.00');
  assert.equal(await control.getAttribute('aria-pressed'), 'true');
  // FAIRGROUND_SHOTS=folder keeps a screenshot of the lesson (bias planted) at 360 and 1280 px, for a person to look at.
  const shots = process.env.FAIRGROUND_SHOTS;
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 1, `no horizontal scrolling at ${width} px (${overflow}px)`);
    if (shots) await page.getByTestId('lesson-planted-bias').screenshot({ path: `${shots}/learn-planted-bias-${width}-${device}.png` });
  }
  await control.click();
  assert.equal((await value.textContent())?.trim(), 'No bias planted: ΔScore female − male 0.00, Black − white 0.00');

  // cv-screening is not imported: the lesson says so and links to Datasets.
  const notice = page.getByTestId('planted-lesson-dataset');
  await notice.waitFor();
  assert.equal(await notice.locator('a[href="#/datasets"]').count(), 1);
  await page.goto(`${baseUrl}#/datasets`);
  await page.getByTestId('import-bundled-cv-screening').click();
  await page.locator('[data-testid="dataset-list"] tr[data-dataset-id="cv-screening"][data-state="ready"]').waitFor({ timeout: 300_000 });
  await page.goto(`${baseUrl}#/learn/planted-bias`);
  await page.getByTestId('planted-lesson-run').waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="planted-lesson-dataset"]'));
  await page.getByTestId('planted-lesson-run').click();
  await page.waitForURL((u) => u.hash === '#/run');
  await page.getByTestId('screening-dataset').waitFor();
  assert.equal(await page.getByTestId('audit-type-screening').isChecked(), true);
  assert.equal(await page.getByTestId('screening-dataset').inputValue(), 'cv-screening');
  const picker = page.getByTestId('model-picker');
  assert.equal(await picker.getByLabel(/Planted-bias LLM \(positive control, bundled\)/).isChecked(), true, 'the planted model is picked');
  assert.equal(await picker.getByLabel(/Calibrated similarity over GloVe/).isChecked(), false, 'and only it');
  assert.deepEqual(errors, []);
}, { timeout: 400_000, devices: ONE_PATH });

e2e('with a stored retrieval result, the Cohen’s d lesson’s links open that result at the metric', async ({ page, baseUrl, errors }) => {
  // Any stored retrieval result will do (the demo itself is checked in demo.e2e.ts): BM25 on the briefs, stored as a run of the Run view's.
  await page.goto(`${baseUrl}#/datasets`);
  await page.getByTestId('import-bundled-freelance-twins').click();
  await page.locator('[data-testid="dataset-list"] tr[data-dataset-id="freelance-twins"][data-state="ready"]').waitFor({ timeout: 300_000 });
  const run = (await page.evaluate(() => (window as any).fairground.runDemoModels('freelance-twins', 'briefs', { only: ['bm25'], bootstrap: 200 }))) as { runId?: string; error?: string };
  assert.ok(run.runId, `the run failed: ${run.error}`);
  const runId = run.runId;
  // A screening lesson has no stored screening result to open (#/learn/<id> shows that lesson alone).
  await page.goto(`${baseUrl}#/learn/four-fifths`);
  assert.match((await page.getByTestId('lesson-four-fifths-where').textContent()) ?? '', /no screening audit is stored here yet/);
  await page.goto(`${baseUrl}#/learn/cohens-d-odds-ratio`);
  const where = page.getByTestId('lesson-cohens-d-odds-ratio-where');
  await where.locator(`a[href="#/results/${runId}?metric=cohens_d"]`).waitFor();
  assert.equal(await where.locator(`a[href="#/results/${runId}?metric=odds_ratio@10"]`).count(), 1, 'the run’s k (10) in the OR key');
  assert.match((await where.textContent()) ?? '', /in your latest retrieval audit/);
  await where.getByRole('link', { name: /cohens_d/ }).click();
  await page.waitForURL((u) => u.hash === `#/results/${runId}?metric=cohens_d`);
  await page.getByTestId('results-table').waitFor();
  assert.equal(await page.locator('[data-testid="results-table"] [data-metric="cohens_d"]').count() > 0, true, 'the opened result has the metric');
  assert.deepEqual(errors, []);
}, { timeout: 600_000, devices: ONE_PATH });

e2e('multi-task scoring of a predictions folder shows task, capability and Overall scores, and shares them as a link', async ({ page, baseUrl, errors, newContext }) => {
  await page.goto(`${baseUrl}#/run/predictions`);
  await page.getByTestId('predictions-example').click();
  await page.getByTestId('tasks-table').waitFor({ timeout: 30_000 });
  assert.equal(await page.locator('[data-testid="tasks-table"] tbody tr').count(), 7);
  assert.equal(await page.locator('[data-testid="capabilities-table"] tr').count(), 6);
  assert.match((await page.getByTestId('tasks-overall').textContent()) ?? '', /Overall \d+\.\d{3}/);
  // CIs from the same core function as the CLI (10,000 resamples, seed 0), shown beside each score.
  assert.match((await page.locator('[data-testid="tasks-table"] tbody tr').first().textContent()) ?? '', /\d+\.\d{3} \[\d+\.\d{3}, \d+\.\d{3}\]/);
  assert.match((await page.getByTestId('tasks-method').textContent()) ?? '', /10,000 resamples .*seed 0/);
  // Share: a link of the scores (never a record), which opens the same tables in a fresh context.
  await page.waitForFunction(() => (document.querySelector('[data-testid="permalink-input"]') as HTMLInputElement | null)?.value.includes('#r='), undefined, { timeout: 30_000 });
  const fresh = await (await newContext()).newPage();
  await fresh.goto(await page.getByTestId('permalink-input').inputValue());
  await fresh.getByTestId('shared-result').waitFor({ timeout: 30_000 });
  assert.equal(await fresh.getByTestId('tasks-table').textContent(), await page.getByTestId('tasks-table').textContent());
  assert.equal(await fresh.getByTestId('tasks-overall').textContent(), await page.getByTestId('tasks-overall').textContent());
  await fresh.close();
  // A broken folder names the file and line.
  const dir = mkdtempSync(join(tmpdir(), 'fairground-predictions-'));
  writeFileSync(join(dir, 'tasks.json'), '{"tasks":[{"name":"fit","kind":"binary","capability":"Classification"}]}');
  writeFileSync(join(dir, 'fit.jsonl'), '{"id":"a","prediction":1,"reference":1}\n{"id":"b","prediction":1,"reference":7}\n');
  await page.getByTestId('predictions-input').setInputFiles(dir);
  const banner = page.getByTestId('error-banner');
  await banner.waitFor();
  assert.match((await banner.textContent()) ?? '', /fit\.jsonl:2/);
  assert.deepEqual(errors, []);
}, { devices: ONE_PATH });
