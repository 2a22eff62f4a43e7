import assert from 'node:assert/strict';
import { e2e, foreignRequests } from './browser.ts';

const GLOVE = {
  entry: {
    kind: 'embedding', id: 'fairground-glove-100d', label: 'GloVe', revision: 'bundled', paramsM: 10, sizeMb: { fp32: 10 },
    languages: ['en'], license: 'PDDL', source: 'bundled', pooling: 'mean', normalize: true, queryPrefix: '', documentPrefix: '', maxLength: 512, dimensions: 100,
  },
  source: { kind: 'bundled', id: 'fairground-glove-100d' },
};

const TEXTS = [
  'senior python backend developer',
  'Backend engineer with eight years of Python, Django, PostgreSQL and REST APIs.',
  'Head chef with a passion for seasonal French cuisine and pastry.',
];

function cos(a: number[], b: number[]): number {
  let ab = 0, aa = 0, bb = 0;
  for (let i = 0; i < a.length; i++) { ab += a[i] * b[i]; aa += a[i] * a[i]; bb += b[i] * b[i]; }
  return ab / Math.sqrt(aa * bb);
}

e2e('the bundled GloVe model embeds on the probed device and ranks a backend profile above a chef', async ({ page, baseUrl, device, errors, requests }) => {
  await page.goto(baseUrl);
  await page.waitForFunction(() => 'fairground' in window);
  const r = await page.evaluate((req) => (window as any).fairground.embed(req), { ...GLOVE, texts: TEXTS });
  assert.equal(r.device, device);
  assert.equal(r.dims, 100);
  assert.deepEqual(r.fallbacks, []);
  const [q, backend, chef] = r.vectors;
  assert.ok(cos(q, backend) > cos(q, chef), `backend ${cos(q, backend)} should beat chef ${cos(q, chef)}`);
  assert.deepEqual(errors, []);
  assert.deepEqual(foreignRequests(requests, new URL(baseUrl).origin), []);
});
