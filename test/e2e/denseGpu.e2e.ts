/**
 * Dense scoring on WebGPU against the CPU (issue 17): the compute worker's
 * matrix product (src/gpu/webgpuDense.ts), refined by core/audit/retrieval/denseRefine.ts,
 * gives the CPU path's corpus ranking, twin substitution ranks and read values
 * exactly — on the demo's own GloVe vectors and on a 100,000-document set.
 * On [webgpu] that device is SwiftShader here (functional, not fast); on
 * [wasm] there is no adapter and the CPU scores (the check says so).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { e2e } from './browser.ts';

const GLOVE = {
  kind: 'embedding', id: 'fairground-glove-100d', label: 'GloVe', revision: 'bundled', paramsM: 10, sizeMb: { fp32: 10 },
  languages: ['en'], license: 'PDDL', source: 'bundled', pooling: 'mean', normalize: true, queryPrefix: '', documentPrefix: '', maxLength: 512, dimensions: 100,
};

const lines = (file: string) => gunzipSync(readFileSync(`datasets/freelance-twins/${file}`)).toString('utf8').trim().split('\n').map((l) => JSON.parse(l));

interface Check { device: string; compensated: boolean; mismatches: number; firstMismatch?: string; exactShare: number; queries: number; corpus: number; twins: number }

e2e('WebGPU dense scoring gives the CPU path\'s ranks and values on the demo\'s GloVe vectors and on 100,000 documents (no adapter on [wasm]: the CPU scores)', async ({ page, baseUrl, device, errors }) => {
  await page.goto(baseUrl);
  await page.waitForFunction(() => 'fairground' in window);
  const corpus = lines('corpus-00.jsonl.gz') as { _id: string; title?: string; text: string }[];
  const queries = (lines('queries-briefs.jsonl.gz') as { text: string }[]).map((q) => q.text);
  const twinRecords = lines('twins-gender.jsonl.gz') as { id: string; twin_text: string }[];
  const row = new Map(corpus.map((d, i) => [d._id, i]));
  const text = (d: { title?: string; text: string }) => (d.title ? `${d.title} ${d.text}` : d.text);
  const embed = async (texts: string[], role: string) =>
    ((await page.evaluate((req) => (window as any).fairground.embed(req), { entry: GLOVE, source: { kind: 'bundled', id: GLOVE.id }, texts, role, keepLoaded: true })) as { vectors: number[][] }).vectors.flat();
  const demo = (await page.evaluate((input) => (window as any).fairground.checkDenseScoring(input), {
    dim: 100,
    queries: await embed(queries, 'query'),
    corpus: await embed(corpus.map(text), 'document'),
    twins: await embed(twinRecords.map((t) => text({ title: corpus[row.get(t.id)!].title, text: t.twin_text })), 'document'),
    twinOf: twinRecords.map((t) => row.get(t.id)!),
  })) as Check | null;
  const large = (await page.evaluate((spec) => (window as any).fairground.checkDenseScoring(spec), { dim: 100, nQueries: 16, nCorpus: 100_000, nTwins: 10_000, seed: 17 })) as Check | null;
  if (device === 'wasm') {
    assert.ok(demo == null && large == null, 'no WebGPU adapter on the WASM path: nothing to compare, the CPU kernel scores');
  } else {
    for (const [name, c] of [['demo', demo], ['100k', large]] as const) {
      assert.ok(c, `${name}: the compute worker found a WebGPU adapter`);
      assert.equal(c.mismatches, 0, `${name}: ${c.firstMismatch}`);
      assert.ok(c.compensated, `${name}: the device kept the compensated sum (${c.device})`);
      // Only the values the metrics read (twins and their originals) needed the CPU: no near-tie was within ε.
      assert.ok(c.exactShare <= (2 * c.twins) / (c.corpus + c.twins) + 0.01, `${name}: ${(100 * c.exactShare).toFixed(1)}% scored on the CPU`);
    }
    assert.equal(demo!.corpus, 2160);
    assert.equal(demo!.queries, 240);
    assert.equal(large!.corpus, 100_000);
  }
  assert.deepEqual(errors, []);
}, { timeout: 300_000 });
