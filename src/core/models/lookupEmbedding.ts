/**
 * The vectors of a static embedding model (core/models/lookupGraph.ts) computed from its table in
 * JavaScript: the same numbers, bit for bit, as ONNX Runtime running the model's graph followed by
 * core/pooling.ts' mean pooling and normalizeRows, without the runtime, its WebAssembly or its
 * [batch, sequence, dims] intermediates.
 *
 * Why equal to the bit: the graph's value at a token is Cast(q) · s in float32 (an int8 times a
 * float32 is exact in float64, so rounding it once with Math.fround gives IEEE float32's product;
 * an fp32 table's value is the table's float) times a mask of 1, which changes nothing;
 * poolHiddenStates then adds the unmasked tokens' float32 values in float64, in token order, and
 * divides by their count — which is what this does, token by token, without the tensor.
 * test/unit/core/models/lookupEmbedding.test.ts pins it against ONNX Runtime on the bundled model.
 */
import { normalizeRows } from '../pooling.ts';
import type { LookupTable } from './lookupGraph.ts';

/**
 * Mean-pooled (and, with `normalize`, L2-normalised) vectors of token-id lists: text i's vector is
 * the mean of its tokens' rows (the zero vector for a text with no tokens; zero rows stay zero).
 * @param texts each text's token ids, padding and masked tokens already left out
 * @returns texts.length × table.dims floats, row-major.
 * @throws {RangeError} when an id is not a row of the table (ONNX Runtime's Gather refuses it too).
 * @example lookupMeanVectors({ vocab: 2, dims: 1, weights: new Float32Array([1, 3]) }, [[0, 1]], false) // Float32Array [2]
 */
export function lookupMeanVectors(table: LookupTable, texts: readonly ArrayLike<number>[], normalize: boolean): Float32Array {
  const { dims, vocab, weights, scales } = table;
  const out = new Float32Array(texts.length * dims);
  const acc = new Float64Array(dims);
  for (let i = 0; i < texts.length; i++) {
    const ids = texts[i];
    const n = ids.length;
    if (n === 0) continue;
    for (let t = 0; t < n; t++) {
      const id = ids[t];
      if (!Number.isInteger(id) || id < 0 || id >= vocab) throw new RangeError(`token id ${id} of text ${i} is not a row of the ${vocab}-row table`);
    }
    acc.fill(0);
    let t = 0;
    if (!scales) {
      // Eight tokens a pass over the dimensions: acc + v0 + v1 + … + v7 adds left to right, so each
      // sum is still taken in token order, the same float64 roundings as one token a pass (bit for
      // bit; a test pins it), with one read and write of the accumulator instead of eight
      // (0.43× the time at 100,000 texts of the bundled GloVe's shape, BENCHMARKS.md).
      for (; t + 8 <= n; t += 8) {
        const r0 = ids[t] * dims;
        const r1 = ids[t + 1] * dims;
        const r2 = ids[t + 2] * dims;
        const r3 = ids[t + 3] * dims;
        const r4 = ids[t + 4] * dims;
        const r5 = ids[t + 5] * dims;
        const r6 = ids[t + 6] * dims;
        const r7 = ids[t + 7] * dims;
        for (let d = 0; d < dims; d++) acc[d] = acc[d] + weights[r0 + d] + weights[r1 + d] + weights[r2 + d] + weights[r3 + d] + weights[r4 + d] + weights[r5 + d] + weights[r6 + d] + weights[r7 + d];
      }
    }
    // The rest one token a pass; an int8 table's values are its codes times the row's scale, rounded to float32.
    for (; t < n; t++) {
      const id = ids[t];
      const row = id * dims;
      if (scales) {
        const s = scales[id];
        for (let d = 0; d < dims; d++) acc[d] += Math.fround(weights[row + d] * s);
      } else {
        for (let d = 0; d < dims; d++) acc[d] += weights[row + d];
      }
    }
    const o = i * dims;
    for (let d = 0; d < dims; d++) out[o + d] = acc[d] / n;
  }
  return normalize ? normalizeRows(out, dims) : out;
}

/**
 * The table with every int8 code already multiplied by its row's scale, as float32: the same value
 * at every position (Math.fround(q · s), what the mean adds), computed once instead of at every
 * token — half lookupMeanVectors' time on the bundled GloVe, for 4 bytes a value instead of 1
 * (40 MB for its 100,002 × 100 table).
 * @example dequantizedTable({ vocab: 1, dims: 2, weights: new Int8Array([2, -1]), scales: new Float32Array([0.5]) }).weights // Float32Array [1, -0.5]
 */
export function dequantizedTable(table: LookupTable): LookupTable {
  const { weights, scales, dims, vocab } = table;
  if (!scales) return table;
  const out = new Float32Array(weights.length);
  for (let id = 0; id < vocab; id++) {
    const s = scales[id];
    const row = id * dims;
    for (let d = 0; d < dims; d++) out[row + d] = weights[row + d] * s;
  }
  return { vocab, dims, weights: out };
}

/**
 * Each text's token ids from a padded batch (what a tokenizer makes with padding): the ids whose
 * attention mask is 1, in order.
 * @throws {RangeError} when the sizes disagree or a mask value is not 0 or 1.
 */
export function unmaskedIds(ids: ArrayLike<number | bigint>, mask: ArrayLike<number | bigint>, [batch, seq]: readonly [number, number]): Int32Array[] {
  if (ids.length !== batch * seq || mask.length !== batch * seq) throw new RangeError(`ids (${ids.length}) and mask (${mask.length}) must both have ${batch}×${seq} values`);
  const texts: Int32Array[] = [];
  const row = new Int32Array(seq);
  for (let b = 0; b < batch; b++) {
    let n = 0;
    for (let t = 0; t < seq; t++) {
      const m = Number(mask[b * seq + t]);
      if (m === 1) row[n++] = Number(ids[b * seq + t]);
      else if (m !== 0) throw new RangeError(`attention mask value ${m} (text ${b}, token ${t}) is not 0 or 1`);
    }
    texts.push(row.slice(0, n));
  }
  return texts;
}
