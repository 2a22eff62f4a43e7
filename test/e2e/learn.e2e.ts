import assert from 'node:assert/strict';
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
