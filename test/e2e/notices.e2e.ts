/**
 * A success notice must not stay on screen under a newer error banner, as if
 * the failed action had also succeeded.
 */
import assert from 'node:assert/strict';
import { e2e, ONE_PATH } from './browser.ts';

e2e('an error banner clears the earlier success notice of the Models view', async ({ page, baseUrl, errors }) => {
  await page.goto(`${baseUrl}#/models`);
  await page.getByTestId('models-view').waitFor();
  await page.getByTestId('model-hub-id').fill('Xenova/all-MiniLM-L6-v2');
  await page.getByTestId('model-hub-add').click();
  await page.getByTestId('models-notice').waitFor();
  assert.match((await page.getByTestId('models-notice').textContent()) ?? '', /Xenova\/all-MiniLM-L6-v2 added/);

  await page.getByTestId('model-hub-id').fill('not a model id');
  await page.getByTestId('model-hub-add').click();
  await page.getByTestId('error-banner').waitFor();
  assert.match((await page.getByTestId('error-banner').textContent()) ?? '', /not a Hugging Face model id/);
  assert.equal(await page.getByTestId('models-notice').count(), 0, 'the notice of the earlier success is gone');

  // A later success shows its own notice again.
  await page.getByTestId('model-hub-id').fill('Xenova/bge-small-en-v1.5');
  await page.getByTestId('model-hub-add').click();
  await page.getByTestId('models-notice').waitFor();
  assert.match((await page.getByTestId('models-notice').textContent()) ?? '', /bge-small-en-v1\.5 added/);
  assert.deepEqual(errors, []);
}, { devices: ONE_PATH });
