/**
 * The table look-up (core/models/lookupEmbedding.ts) against hand-worked cases, and against ONNX
 * Runtime running the bundled GloVe model's graph (onnxruntime-node through transformers.js, then
 * core/pooling.ts): the same floats, bit for bit, over the bundled dataset's corpus, queries and
 * twins and texts made to reach the edges (empty, unknown words only, accents, past maxLength).
 */
import { describe, expect, it } from 'vitest';
import { dequantizedTable, lookupMeanVectors, unmaskedIds } from '../../../../src/core/models/lookupEmbedding.ts';
import { poolHiddenStates, normalizeRows } from '../../../../src/core/pooling.ts';
import type { LookupTable } from '../../../../src/core/models/lookupGraph.ts';

describe('lookupMeanVectors', () => {
  const fp32: LookupTable = { vocab: 3, dims: 2, weights: new Float32Array([0, 0, 1, 2, 3, -4]) };

  it('lookupMeanVectors(table, [[1, 2]]) is the mean of rows 1 and 2: (2, -1)', () => {
    expect([...lookupMeanVectors(fp32, [[1, 2]], false)]).toEqual([2, -1]);
  });

  it('lookupMeanVectors(table, texts, true) scales each row to unit length: (3, -4) → (0.6, -0.8)', () => {
    expect([...lookupMeanVectors(fp32, [[2]], true)]).toEqual([Math.fround(0.6), Math.fround(-0.8)]);
  });

  it('a text with no tokens, or only zero rows, is the zero vector, normalised or not', () => {
    expect([...lookupMeanVectors(fp32, [[], [0, 0]], true)]).toEqual([0, 0, 0, 0]);
  });

  it('an int8 table is dequantized per row in float32 before the mean: q · s rounded to float32', () => {
    const s = Math.fround(0.1);
    const q: LookupTable = { vocab: 2, dims: 1, weights: new Int8Array([3, -7]), scales: new Float32Array([s, s]) };
    // Hand-worked: fround(3 · s) and fround(-7 · s), added in float64, halved, stored as float32.
    const expected = Math.fround((Math.fround(3 * s) + Math.fround(-7 * s)) / 2);
    expect(lookupMeanVectors(q, [[0, 1]], false)[0]).toBe(expected);
  });

  it('equals poolHiddenStates(mean) + normalizeRows over the [batch, seq, dims] tensor the graph makes', () => {
    const table: LookupTable = { vocab: 5, dims: 3, weights: new Int8Array([0, 0, 0, 12, -127, 5, 99, 1, -3, -64, 64, 0, 7, 7, 7]), scales: new Float32Array([0, 0.0123, 0.2, 1e-3, 3.5]) };
    const ids = [[1, 2, 3, 4], [4, 4], [2]];
    const seq = 4;
    const hidden = new Float32Array(ids.length * seq * table.dims);
    const mask = new Float32Array(ids.length * seq);
    ids.forEach((row, b) =>
      row.forEach((id, t) => {
        mask[b * seq + t] = 1;
        for (let d = 0; d < table.dims; d++) hidden[(b * seq + t) * table.dims + d] = table.weights[id * table.dims + d] * table.scales![id];
      }),
    );
    const expected = normalizeRows(poolHiddenStates(hidden, mask, [ids.length, seq, table.dims], 'mean'), table.dims);
    expect(lookupMeanVectors(table, ids, true)).toEqual(expected);
  });

  it('dequantizedTable(table) gives the same vectors, bit for bit, from float32 rows computed once', () => {
    const q: LookupTable = { vocab: 3, dims: 2, weights: new Int8Array([0, 0, 127, -33, -127, 90]), scales: new Float32Array([0, 0.0071, 0.013]) };
    const flat = dequantizedTable(q);
    expect(flat.scales).toBeUndefined();
    // Row 2 by hand: the float32 products −127 · 0.013f and 90 · 0.013f.
    const s2 = Math.fround(0.013);
    expect([...flat.weights.subarray(4)]).toEqual([Math.fround(-127 * s2), Math.fround(90 * s2)]);
    const ids = [[1, 2, 2], [2], [1]];
    expect(lookupMeanVectors(flat, ids, true)).toEqual(lookupMeanVectors(q, ids, true));
  });

  it('adds each dimension in token order, for every text length around the eight-token passes (0 to 20 tokens)', () => {
    // One dimension: ±2^60 and small values. Once a sum holds 2^60 a small value added to it is
    // lost, so a text with +2^60 at one place and −2^60 at a later one keeps exactly the small
    // values outside the two: another order or grouping of the additions gives another float.
    const big = 2 ** 60;
    const small = [1, 0.75, 3.25, 0.5];
    const table: LookupTable = { vocab: 6, dims: 1, weights: new Float32Array([big, -big, ...small]) };
    const texts: number[][] = [];
    for (let n = 0; n <= 20; n++) {
      texts.push(Array.from({ length: n }, (_, t) => 2 + (t % 4)));
      for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) texts.push(Array.from({ length: n }, (_, t) => (t === p ? 0 : t === q ? 1 : 2 + ((t * 3 + n) % 4))));
    }
    /** Token by token, in order (or reversed), in float64: the sums the pooled graph takes. */
    const inOrder = (ids: readonly number[], reverse = false) => {
      let acc = 0;
      for (const id of reverse ? [...ids].reverse() : ids) acc += table.weights[id];
      return Math.fround(ids.length === 0 ? 0 : acc / ids.length);
    };
    const got = lookupMeanVectors(table, texts, false);
    texts.forEach((ids, i) => expect(got[i], `text ${i}: ${ids.join(',')}`).toBe(inOrder(ids)));
    // The check tells orders apart: reversed, most of these texts sum to other floats.
    const orderMatters = texts.filter((ids) => inOrder(ids) !== inOrder(ids, true)).length;
    expect(orderMatters).toBeGreaterThan(texts.length / 2);
  });

  it('throws a RangeError for an id outside the table', () => {
    expect(() => lookupMeanVectors(fp32, [[3]], false)).toThrow(/token id 3 of text 0 is not a row of the 3-row table/);
  });
});

describe('unmaskedIds', () => {
  it('unmaskedIds(ids, mask, [2, 3]) keeps each row\'s ids whose mask is 1', () => {
    const out = unmaskedIds(new BigInt64Array([5n, 6n, 0n, 7n, 0n, 0n]), new BigInt64Array([1n, 1n, 0n, 1n, 0n, 0n]), [2, 3]);
    expect(out.map((r) => [...r])).toEqual([[5, 6], [7]]);
  });

  it('throws for a mask value other than 0 or 1, and for sizes that disagree', () => {
    expect(() => unmaskedIds([1, 2], [1, 2], [1, 2])).toThrow(/mask value 2/);
    expect(() => unmaskedIds([1, 2, 3], [1, 1], [1, 2])).toThrow(RangeError);
  });
});

describe('the bundled GloVe model: look-up and ONNX Runtime agree bit for bit', () => {
  it('over the bundled dataset and edge texts', async () => {
    const { loadNodeEmbedder } = await import('../../../../src/cli/node/nodeEmbedder.ts');
    const { folderDataset } = await import('../../../../src/cli/node/datasetPort.ts');
    const { loadRetrieval, selectTasks } = await import('../../../../src/core/audit/retrieval/data.ts');
    const dataset = await folderDataset('datasets/freelance-twins');
    const data = await loadRetrieval(dataset.read, selectTasks(dataset.manifest, 'briefs'));
    const long = Array.from({ length: 5000 }, (_, i) => ['python', 'zürich', 'café', 'the', 'qwxzv'][i % 5]).join(' ');
    const edges = ['', 'qwxzv plmkj', 'Crème BRÛLÉE, naïve façade!', '¿Qué? — 100% «ok»', long, ' \n\t ', 'the the the'];
    const texts = [...data.corpusTexts, ...data.queryTexts, ...data.subsets[0].twinTexts, ...edges];
    const spec = { id: 'fairground-glove-100d', localDir: 'public/models', dtype: 'fp32', pooling: 'mean', normalize: true, maxLength: 4096 } as const;
    const lookup = await loadNodeEmbedder(spec);
    const ort = await loadNodeEmbedder({ ...spec, engine: 'onnxruntime' });
    expect([lookup.engine, ort.engine]).toEqual(['lookup', 'onnxruntime']);
    const a = await lookup.embed(texts, 128);
    const b = await ort.embed(texts, 128);
    await Promise.all([lookup.dispose(), ort.dispose()]);
    expect(a.length).toBe(texts.length * 100);
    const differ = new Uint32Array(a.buffer).findIndex((bits, i) => bits !== new Uint32Array(b.buffer)[i]);
    expect(differ, `first differing float at ${differ} (text ${Math.floor(differ / 100)})`).toBe(-1);
    expect(texts.length).toBeGreaterThan(2000);
  }, 120_000);
});
