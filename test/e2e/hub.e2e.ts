import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { e2e, hubCdnUrl, hubUrl } from './browser.ts';

const reference = JSON.parse(readFileSync('test/fixtures/models/reference.json', 'utf8')) as {
  embed: { model: string; items: { text: string; embedding: number[] }[] };
};

function entry() {
  return {
    kind: 'embedding', id: reference.embed.model, label: 'tiny', revision: 'main', paramsM: 0.1, sizeMb: { fp32: 0.25, q8: 0.21 },
    languages: ['en'], license: 'MIT', source: 'hub', pooling: 'mean', normalize: true, queryPrefix: '', documentPrefix: '', maxLength: 128, dimensions: 32,
  };
}

function cos(a: number[], b: number[]): number {
  let ab = 0, aa = 0, bb = 0;
  for (let i = 0; i < a.length; i++) { ab += a[i] * b[i]; aa += a[i] * a[i]; bb += b[i] * b[i]; }
  return ab / Math.sqrt(aa * bb);
}

function assertMatchesReference(vectors: number[][]): void {
  reference.embed.items.forEach((item, i) => {
    const maxDiff = Math.max(...item.embedding.map((x, d) => Math.abs(x - vectors[i][d])));
    assert.ok(maxDiff < 1e-4, `text ${i}: max |Δ| ${maxDiff} ≥ 1e-4`);
    assert.ok(cos(item.embedding, vectors[i]) >= 0.9999, `text ${i}: cosine below 0.9999`);
  });
}

const texts = reference.embed.items.map((i) => i.text);

/** The ONNX Runtime WASM binaries the page fetched from /ort/. */
const ortBinaries = (requests: readonly string[]) => [...new Set(requests.filter((u) => /\/ort\/.*\.wasm$/.test(u)).map((u) => u.split('/').pop()))].sort();

e2e('a Hub model loads through the mock Hub and matches the PyTorch reference within 1e-4', async ({ page, baseUrl, device, requests }) => {
  await page.goto(baseUrl);
  await page.waitForFunction(() => 'fairground' in window);
  const source = { kind: 'hub', id: reference.embed.model, revision: 'main', host: hubUrl() };
  // tokenizeAsideFrom: 0 — the two-worker path a call of 10,000 texts or more takes, on the reference's few texts.
  const r = await page.evaluate((req) => (window as any).fairground.embed(req), { entry: entry(), source, texts, dtype: 'fp32', tokenizeAsideFrom: 0 });
  assert.equal(r.device, device);
  assert.equal(r.dtype, 'fp32');
  assertMatchesReference(r.vectors);
  assert.equal(r.timings?.tokenizedAside, true, 'batches were tokenized in the tokenizer worker, beside the model');
  // WebGPU workers load the asyncify build (it has the WebGPU provider), WASM-only workers the plain one (faster to optimise).
  assert.deepEqual(ortBinaries(requests), [device === 'webgpu' ? 'ort-wasm-simd-threaded.asyncify.wasm' : 'ort-wasm-simd-threaded.wasm']);
  // Progress: files were initiated and the load reached ready before the first batch.
  assert.ok(r.events.includes('initiate') && r.events.includes('ready'), r.events.join(','));
  assert.ok(r.events.indexOf('ready') < r.events.lastIndexOf('batch'));
  // The model's weights (an LFS file) came from the CDN the Hub's resolve/ answered a 302 to, as on huggingface.co.
  const cdn = new URL(hubCdnUrl()).origin;
  assert.ok(requests.some((u) => new URL(u).origin === cdn && /\/repos\/[0-9a-f]{2}\/[0-9a-f]{2}\//.test(u)), `the .onnx was read from the CDN: ${requests.filter((u) => !u.startsWith(baseUrl)).join(', ')}`);
  // The remote path fetched the files from the mock Hub, not from the site.
  const second = await page.evaluate((req) => (window as any).fairground.embed(req), { entry: entry(), source, texts, dtype: 'fp32' });
  assertMatchesReference(second.vectors);
  assert.equal(second.timings?.tokenizedAside, false, 'a call of a few texts is tokenized in the model\'s worker');
});

e2e('a device lost mid-run finishes on WASM with the same vectors', async ({ page, baseUrl, device, requests }) => {
  await page.goto(baseUrl);
  await page.waitForFunction(() => 'fairground' in window);
  const source = { kind: 'hub', id: reference.embed.model, revision: 'main', host: hubUrl() };
  const r = await page.evaluate((req) => (window as any).fairground.embed(req), {
    entry: entry(), source, texts, dtype: 'fp32', batchSize: 1, simulateDeviceLossAfterBatch: 1,
  });
  if (device === 'webgpu') {
    assert.equal(r.device, 'wasm', 'the run continued on wasm');
    assert.equal(r.fallbacks.length, 1, r.fallbacks.join('; '));
    assert.ok(r.events.includes('fallback'));
    assert.deepEqual(ortBinaries(requests), ['ort-wasm-simd-threaded.asyncify.wasm', 'ort-wasm-simd-threaded.wasm'], 'the fresh WASM worker loaded the plain build');
  } else {
    assert.equal(r.device, 'wasm');
    assert.deepEqual(r.fallbacks, [], 'no GPU, nothing to lose');
  }
  assertMatchesReference(r.vectors);
});
