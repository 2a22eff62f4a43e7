import { describe, expect, it } from 'vitest';
import { normalizeRows, poolHiddenStates } from '../../../src/core/pooling.ts';

// batch 2, seq 3, dim 2; text 0 has 2 real tokens (right-padded), text 1 has 3.
const hidden = [1, 2, 3, 4, 100, 100, /* text 1 */ 0, 1, 2, 3, 4, 5];
const mask = [1, 1, 0, 1, 1, 1];

describe('poolHiddenStates(hidden, mask, dims, rule)', () => {
  it('mean-pools over the real tokens only', () => {
    expect(Array.from(poolHiddenStates(hidden, mask, [2, 3, 2], 'mean'))).toEqual([2, 3, 2, 3]);
  });
  it('takes the first token for cls', () => {
    expect(Array.from(poolHiddenStates(hidden, mask, [2, 3, 2], 'cls'))).toEqual([1, 2, 0, 1]);
  });
  it('takes the last unmasked token for last_token, under right padding', () => {
    expect(Array.from(poolHiddenStates(hidden, mask, [2, 3, 2], 'last_token'))).toEqual([3, 4, 4, 5]);
  });
  it('takes the last unmasked token under left padding', () => {
    expect(Array.from(poolHiddenStates([9, 9, 1, 2], [0n, 1n], [1, 2, 2], 'last_token'))).toEqual([1, 2]);
  });
  it('gives a zero vector for an all-masked text', () => {
    expect(Array.from(poolHiddenStates([5, 5], [0], [1, 1, 2], 'mean'))).toEqual([0, 0]);
  });
  it('weights tokens by a mask value other than 0 or 1: Σ m·h / Σ m', () => {
    expect(Array.from(poolHiddenStates([1, 10, 4, 40], [1, 2], [1, 2, 2], 'mean'))).toEqual([3, 30]);
  });
  it('gives the float64 sum over tokens in order, divided by the count, as float32 (random batches, dims not a multiple of 4, bigint masks)', () => {
    let seed = 7;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (const [batch, seq, dim] of [[3, 5, 7], [4, 9, 100], [2, 1, 3]] as const) {
      const h = Float32Array.from({ length: batch * seq * dim }, () => next() * 2 - 1);
      const m = BigInt64Array.from({ length: batch * seq }, () => (next() < 0.7 ? 1n : 0n));
      const got = poolHiddenStates(h, m, [batch, seq, dim], 'mean');
      for (let b = 0; b < batch; b++) {
        for (let d = 0; d < dim; d++) {
          let sum = 0;
          let count = 0;
          for (let t = 0; t < seq; t++) if (m[b * seq + t] === 1n) (sum += h[(b * seq + t) * dim + d]), count++;
          expect(got[b * dim + d]).toBe(count === 0 ? 0 : Math.fround(sum / count));
        }
      }
    }
  });
  it('throws when the sizes disagree', () => {
    expect(() => poolHiddenStates([1, 2, 3], [1], [1, 1, 2], 'mean')).toThrow(RangeError);
  });
});

describe('normalizeRows(data, dim)', () => {
  it('scales rows to unit length: [3,4] → [0.6,0.8]', () => {
    const r = normalizeRows(new Float32Array([3, 4, 0, 2]), 2);
    expect(r[0]).toBeCloseTo(0.6, 6);
    expect(r[1]).toBeCloseTo(0.8, 6);
    expect(Array.from(r.slice(2))).toEqual([0, 1]);
  });
  it('leaves an all-zero row at zero instead of NaN', () => {
    expect(Array.from(normalizeRows(new Float32Array([0, 0]), 2))).toEqual([0, 0]);
  });
});
