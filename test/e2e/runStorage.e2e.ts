/**
 * Runs in storage (issue 48, storage items 11–13): a run cut off by closing its tab is marked
 * interrupted (Resume, Discard) instead of "running" for ever; a stored run can be deleted, with a
 * confirmation, leaving no row of it in any store; a run whose dataset was deleted is marked so.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { e2e, ONE_PATH } from './browser.ts';

/** Rows per object store of the site's database. */
function storeCounts(page: Page): Promise<Record<string, number>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, number>>((resolve, reject) => {
        const open = indexedDB.open('fairground');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const names = [...db.objectStoreNames];
          const tx = db.transaction(names, 'readonly');
          const out: Record<string, number> = {};
          for (const n of names) {
            const r = tx.objectStore(n).count();
            r.onsuccess = () => (out[n] = r.result);
          }
          tx.oncomplete = () => (db.close(), resolve(out));
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

e2e('a run cut off by a closed tab is marked interrupted, resumes, and a deleted run or dataset leaves nothing behind', async ({ context, page, baseUrl }) => {
  await page.goto(`${baseUrl}#/datasets`);
  await page.getByTestId('import-bundled-freelance-twins').click();
  await page.locator('[data-testid="dataset-list"] tr[data-dataset-id="freelance-twins"][data-state="ready"]').waitFor({ timeout: 300_000 });

  await page.goto(`${baseUrl}#/run`);
  await page.getByTestId('audit-type-retrieval').check();
  await page.getByTestId('run-button').click();
  await page.getByTestId('run-progress').waitFor();
  // The progress panel shows before the run is stored; a tab closed in between leaves no run at all
  // (the CI flake this waited on). Close it once the run is in IndexedDB, mid-run.
  for (let i = 0; i < 200 && ((await storeCounts(page)).runs ?? 0) === 0; i++) await page.waitForTimeout(50);
  assert.equal((await storeCounts(page)).runs, 1, 'the run was stored');
  await page.close(); // the tab closes mid-run: its Web Lock goes with it

  const second = await context.newPage();
  await second.goto(`${baseUrl}#/results`);
  const row = second.locator('[data-testid="run-list"] li').first();
  await row.and(second.locator('[data-status="interrupted"]')).waitFor();
  assert.match((await row.getByTestId('run-status').textContent()) ?? '', /interrupted — the tab closed mid-run/);
  assert.equal((await row.getByTestId('run-delete').textContent())?.trim(), 'Discard…');

  // Run's page offers the same run: Resume it finishes it (the finished models are kept).
  await row.getByTestId('run-resume').click();
  await second.getByTestId('results-table').waitFor({ timeout: 300_000 });

  // Deleting the dataset marks the run's results, in the list and on the results page.
  await second.goto(`${baseUrl}#/datasets`);
  second.once('dialog', (d) => void d.accept());
  await second.locator('[data-testid="dataset-list"] tr[data-dataset-id="freelance-twins"]').getByRole('button', { name: /Delete/ }).click();
  await second.locator('[data-testid="dataset-list"] tr[data-dataset-id="freelance-twins"]').waitFor({ state: 'detached' });
  await second.goto(`${baseUrl}#/results`);
  const done = second.locator('[data-testid="run-list"] li[data-status="done"]');
  await done.getByTestId('run-dataset-gone').waitFor();
  assert.match((await done.getByTestId('run-dataset-gone').textContent()) ?? '', /deleted — the numbers stand; cases and Re-run need it re-imported/);
  await done.getByRole('button').first().click();
  await second.getByTestId('results-dataset-gone').waitFor();
  await second.getByTestId('results-table').waitFor();

  // Delete, confirmed: the run and its results are gone from every store; nothing else changed.
  await second.goto(`${baseUrl}#/results`);
  const before = await storeCounts(second);
  assert.equal(before.runs, 1);
  assert.equal(before.results, 1);
  await done.getByTestId('run-delete').click();
  assert.equal(await second.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'run-delete-confirm', 'focus moves to the confirmation');
  await second.keyboard.press('Enter');
  await done.waitFor({ state: 'detached' });
  assert.deepEqual(await storeCounts(second), { ...before, runs: 0, results: 0 });
  assert.match((await second.locator('main').textContent()) ?? '', /No results yet/);
}, { devices: ONE_PATH });
