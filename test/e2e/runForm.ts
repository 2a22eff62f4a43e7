import type { Page } from 'playwright-core';

/**
 * On the Run page: a retrieval audit of BM25 alone on freelance-twins' `briefs` (the quickest
 * retrieval run), the form filled but not started. The dataset must be imported first.
 */
export async function fillBm25BriefsRun(page: Page): Promise<void> {
  await page.getByTestId('audit-type-retrieval').check();
  const picker = page.getByTestId('model-picker');
  await picker.locator('input[type="checkbox"]').first().waitFor();
  for (const box of await picker.locator('input[type="checkbox"]').all()) {
    if ((await box.getAttribute('value')) === 'bm25') await box.check();
    else await box.uncheck();
  }
  for (const box of await page.locator('.run-form input[type="checkbox"][value="queries"]').all()) await box.uncheck();
  await page.locator('.run-form input[type="checkbox"][value="briefs"]').check();
}
