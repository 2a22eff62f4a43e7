/**
 * A run that fails on one model keeps its finished models' results reachable (issue 31): BM25
 * finishes, a Hub model the Hub does not have fails the run; the Results list offers the run marked
 * partial, and opening it shows BM25's numbers under a banner naming the failure, with a Retry that
 * runs the missing model again under the same run (issue 48: it said "Retry it in Run" with no way
 * there). Pressing Run moves the focus and the view to the progress panel (issue 48).
 */
import assert from 'node:assert/strict';
import { e2e, hubUrl } from './browser.ts';

e2e('a run that fails on a missing Hub model keeps BM25\'s results, listed and shown as partial', async ({ page, baseUrl }) => {
  await page.goto(`${baseUrl}#/datasets`);
  await page.getByTestId('import-bundled-freelance-twins').click();
  await page.locator('[data-testid="dataset-list"] tr[data-dataset-id="freelance-twins"][data-state="ready"]').waitFor({ timeout: 300_000 });

  await page.goto(`${baseUrl}#/run`);
  await page.getByTestId('audit-type-retrieval').check();
  const picker = page.getByTestId('model-picker');
  await picker.locator('input[value="fairground-glove-100d"]').uncheck();
  await picker.locator('input[value="tfidf"]').uncheck();
  await page.getByLabel('Hub address').fill(hubUrl());
  await picker.getByLabel('Another Hub model').fill('fairground-test/no-such-model');
  await picker.getByRole('button', { name: 'Add' }).click();
  await page.locator('input[type="checkbox"][value="queries"]').uncheck();
  await page.getByLabel('Bootstrap resamples').fill('100');
  // The progress panel may come and go quickly (the missing model fails at once): record where the focus goes as it happens.
  await page.evaluate(() => {
    (window as any).progressFocus = [];
    document.addEventListener('focusin', (e) => {
      const panel = (e.target as HTMLElement).closest?.('[data-testid="run-progress"]');
      if (panel) (window as any).progressFocus.push({ top: panel.getBoundingClientRect().top, height: innerHeight });
    });
  });
  await page.getByTestId('run-button').click();
  await page.getByTestId('error-banner').waitFor({ timeout: 300_000 });
  const focus = (await page.evaluate(() => (window as any).progressFocus)) as { top: number; height: number }[];
  assert.ok(focus.length > 0, 'pressing Run put the focus in the progress panel');
  assert.ok(focus[0].top >= -1 && focus[0].top < focus[0].height, `the panel was in view when focused (top ${focus[0].top} of ${focus[0].height})`);

  await page.goto(`${baseUrl}#/results`);
  const status = page.getByTestId('run-status').first();
  await status.waitFor();
  assert.match((await status.textContent()) ?? '', /failed — partial: 1 of 2 models kept/);
  await page.locator('ul.runs li').first().getByRole('button').first().click();
  await page.getByTestId('partial-result').waitFor();
  assert.match((await page.getByTestId('partial-result').textContent()) ?? '', /1 of 2 models finished before the run failed/);
  assert.equal(await page.locator('[data-testid="results-table"] tbody tr').count(), 1, 'BM25 alone');
  assert.equal(await page.locator('[data-testid="results-table"] tbody tr[data-model-id="bm25"]').count(), 1);

  // Retry: the missing model runs again under the same run; the Hub still lacks it, so the run fails again, still partial.
  if (await page.getByRole('button', { name: 'Dismiss error' }).count()) await page.getByRole('button', { name: 'Dismiss error' }).click();
  const retry = page.getByTestId('partial-retry');
  assert.equal((await retry.textContent())?.trim(), 'Retry the 1 missing model');
  await retry.click();
  await page.getByTestId('error-banner').waitFor({ timeout: 300_000 });
  assert.match((await page.getByTestId('error-banner').textContent()) ?? '', /The run failed: .*no-such-model/);
  await page.getByTestId('partial-result').waitFor();
  assert.equal(await page.locator('[data-testid="results-table"] tbody tr[data-model-id="bm25"]').count(), 1, 'BM25 kept');
  await page.goto(`${baseUrl}#/results`);
  await page.getByTestId('run-status').first().waitFor();
  assert.equal(await page.getByTestId('run-status').count(), 1, 'the retry ran under the same run, not a new one');
});
