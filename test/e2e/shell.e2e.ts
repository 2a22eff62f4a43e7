import assert from 'node:assert/strict';
import { e2e, foreignRequests, ONE_PATH } from './browser.ts';

e2e('the page loads with no console error, cross-origin isolated, on its own origin only', async ({ page, baseUrl, errors, requests, device }) => {
  await page.goto(baseUrl);
  await page.locator(`[data-testid="device-badge"][data-device="${device}"]`).waitFor({ timeout: 15_000 });
  assert.equal(await page.evaluate(() => crossOriginIsolated), true);
  assert.deepEqual(errors, []);
  assert.deepEqual(foreignRequests(requests, new URL(baseUrl).origin), []);
}, { devices: ONE_PATH });

e2e('the device badge names the path the probe found', async ({ page, baseUrl, device }) => {
  await page.goto(baseUrl);
  const badge = page.locator(`[data-testid="device-badge"][data-device="${device}"]`);
  await badge.waitFor({ timeout: 15_000 });
  const text = (await badge.textContent()) ?? '';
  assert.match(text, new RegExp(`^\\s*${device}`));
  if (device === 'webgpu') assert.match(text, /google|swiftshader/i, 'the badge shows the adapter vendor/architecture');
  else assert.match(text, /no WebGPU adapter|not available/i, 'the badge says why WebGPU is not used');
});

e2e('every view is reachable from the navigation by keyboard', async ({ page, baseUrl }) => {
  await page.goto(baseUrl);
  for (const name of ['Datasets', 'Models', 'Run', 'Results', 'Learn']) {
    const link = page.getByRole('link', { name, exact: true });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: new RegExp(`^${name}`) }).waitFor({ timeout: 5_000 });
  }
}, { devices: ONE_PATH });
