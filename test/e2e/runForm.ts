import type { Page } from 'playwright-core';

/**
 * On the Run page: a retrieval audit of one baseline model alone on freelance-twins' `briefs` (BM25:
 * the quickest retrieval run), the form filled but not started. The dataset must be imported first.
 */
export async function fillBm25BriefsRun(page: Page, model: 'bm25' | 'tfidf' = 'bm25'): Promise<void> {
  await page.getByTestId('audit-type-retrieval').check();
  const picker = page.getByTestId('model-picker');
  await picker.locator('input[type="checkbox"]').first().waitFor();
  for (const box of await picker.locator('input[type="checkbox"]').all()) {
    if ((await box.getAttribute('value')) === model) await box.check();
    else await box.uncheck();
  }
  for (const box of await page.locator('.run-form input[type="checkbox"][value="queries"]').all()) await box.uncheck();
  await page.locator('.run-form input[type="checkbox"][value="briefs"]').check();
}
