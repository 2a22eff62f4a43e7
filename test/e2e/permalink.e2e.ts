import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { e2e, ONE_PATH } from './browser.ts';

const b64url = (b: Buffer) => b.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fragment = (json: unknown) => `r=${b64url(deflateRawSync(Buffer.from(JSON.stringify(json))))}`;
const valid = {
  v: 1, kind: 'retrieval-fairness',
  dataset: { id: 'freelance-twins', version: '1.0.0', manifestSha256: 'a'.repeat(64) },
  models: [{ id: 'bm25', revision: null, dtype: null, device: 'cpu' }],
  parameters: { k: 10 },
  results: { schema: 1 },
};

const BAD: [string, string, RegExp][] = [
  ['garbage', 'r=%%%not-base64%%%', /damaged|not a Fairground/i],
  ['truncated', fragment(valid).slice(0, 40), /truncated|damaged/i],
  ['not deflate', `r=${b64url(Buffer.from('hello world, this is not compressed'))}`, /damaged|not a Fairground/i],
  ['newer schema', fragment({ ...valid, v: 99 }), /newer/i],
  ['oversized', `r=${'A'.repeat(70 * 1024)}`, /64 KB|larger/i],
  ['script in a string', fragment({ ...valid, dataset: { ...valid.dataset, id: '<img src=x onerror="window.__pwned=1">' } }), /.+/],
];

e2e('malformed, truncated, oversized or newer-schema permalinks show an error banner and never run a script', async ({ page, baseUrl, errors }) => {
  for (const [name, frag, message] of BAD) {
    await page.goto(`${baseUrl}#${frag}`);
    await page.reload();
    const banner = page.getByTestId('error-banner');
    await banner.waitFor({ timeout: 10_000 }).catch(() => undefined);
    const shown = (await banner.count()) > 0 ? ((await banner.textContent()) ?? '') : '';
    if (name === 'script in a string') {
      // Valid shape but the dataset id holds markup: it either fails validation or is shown as text.
      assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined, 'no script ran');
      assert.equal(await page.locator('img[src="x"]').count(), 0, 'no markup was injected');
      continue;
    }
    assert.match(shown, message, `${name}: ${shown}`);
  }
  assert.deepEqual(errors.filter((e) => e.startsWith('pageerror')), []);
}, { devices: ONE_PATH });
