import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { e2e } from './browser.ts';

const LESSONS = ['ndcg', 'precision-mrr', 'iou-rank-shift', 'rbc', 'screening-bias', 'icc', 'balanced-accuracy', 'bootstrap', 'benjamini-hochberg', 'pareto'];

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
});

e2e('a lesson links to where its metric appears in a result, and #/learn/<id> opens it', async ({ page, baseUrl }) => {
  await page.goto(`${baseUrl}#/learn/rbc`);
  await page.getByTestId('lesson-rbc').waitFor();
  const link = page.getByTestId('lesson-rbc').locator('a[href*="#/results?metric="]').first();
  assert.match((await link.getAttribute('href')) ?? '', /metric=rbc/);
});

e2e('multi-task scoring of a predictions folder shows task, capability and Overall scores', async ({ page, baseUrl, errors }) => {
  await page.goto(`${baseUrl}#/run/predictions`);
  await page.getByTestId('predictions-example').click();
  await page.getByTestId('tasks-table').waitFor({ timeout: 30_000 });
  assert.equal(await page.locator('[data-testid="tasks-table"] tbody tr').count(), 7);
  assert.equal(await page.locator('[data-testid="capabilities-table"] tr').count(), 6);
  assert.match((await page.getByTestId('tasks-overall').textContent()) ?? '', /Overall \d+\.\d{3}/);
  // CIs from the same core function as the CLI (10,000 resamples, seed 0), shown beside each score.
  assert.match((await page.locator('[data-testid="tasks-table"] tbody tr').first().textContent()) ?? '', /\d+\.\d{3} \[\d+\.\d{3}, \d+\.\d{3}\]/);
  assert.match((await page.getByTestId('tasks-method').textContent()) ?? '', /10,000 resamples .*seed 0/);
  // A broken folder names the file and line.
  const dir = mkdtempSync(join(tmpdir(), 'fairground-predictions-'));
  writeFileSync(join(dir, 'tasks.json'), '{"tasks":[{"name":"fit","kind":"binary","capability":"Classification"}]}');
  writeFileSync(join(dir, 'fit.jsonl'), '{"id":"a","prediction":1,"reference":1}\n{"id":"b","prediction":1,"reference":7}\n');
  await page.getByTestId('predictions-input').setInputFiles(dir);
  const banner = page.getByTestId('error-banner');
  await banner.waitFor();
  assert.match((await banner.textContent()) ?? '', /fit\.jsonl:2/);
  assert.deepEqual(errors, []);
});
