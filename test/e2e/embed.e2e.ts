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

e2e('the bundled GloVe model gives ONNX Runtime\'s vectors bit for bit: read as a table on WASM, run by ONNX Runtime on WebGPU, tokenized in its worker or aside', async ({ page, baseUrl, device, errors }) => {
  const { loadNodeEmbedder } = await import('../../src/cli/node/nodeEmbedder.ts');
  const { folderDataset } = await import('../../src/cli/node/datasetPort.ts');
  const { loadRetrieval, selectTasks } = await import('../../src/core/audit/retrieval/data.ts');
  const dataset = await folderDataset('datasets/freelance-twins');
  const data = await loadRetrieval(dataset.read, selectTasks(dataset.manifest, 'briefs'));
  const long = Array.from({ length: 700 }, (_, i) => ['python', 'zürich', 'café', 'qwxzv'][i % 4]).join(' ');
  const texts = [...data.corpusTexts.slice(0, 400), ...data.queryTexts.slice(0, 40), '', 'qwxzv plmkj', 'Crème BRÛLÉE, naïve façade!', long];
  // The reference: ONNX Runtime for Node running the graph, then core/pooling.ts (GLOVE's maxLength, 512, truncates `long`).
  const ort = await loadNodeEmbedder({ id: 'fairground-glove-100d', localDir: 'public/models', dtype: 'fp32', pooling: 'mean', normalize: true, maxLength: 512, engine: 'onnxruntime' });
  const reference = await ort.embed(texts, 64);
  await ort.dispose();
  await page.goto(baseUrl);
  await page.waitForFunction(() => 'fairground' in window);
  for (const tokenizeAsideFrom of [Infinity, 0]) {
    const r = await page.evaluate((req) => (window as any).fairground.embed(req), { ...GLOVE, texts, dtype: 'fp32', tokenizeAsideFrom });
    assert.equal(r.device, device);
    assert.equal(r.engine, device === 'wasm' ? 'lookup' : 'onnxruntime', `[${device}] engine`);
    assert.equal(r.timings?.tokenizedAside, tokenizeAsideFrom === 0, `[${device}] tokenized aside`);
    const got: number[] = r.vectors.flat();
    const differ = got.findIndex((v, i) => v !== reference[i]);
    assert.equal(differ, -1, `[${device}, tokenized ${tokenizeAsideFrom === 0 ? 'aside' : 'in the model worker'}] text ${Math.floor(differ / 100)} differs from ONNX Runtime's: ${got[differ]} vs ${reference[differ]}`);
    assert.equal(got.length, reference.length);
  }
  assert.deepEqual(errors, []);
});
