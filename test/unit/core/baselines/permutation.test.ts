import { describe, expect, it } from 'vitest';
import {
  expectedMrrAtK,
  expectedNdcgSinglePositive,
  expectedRecallAtK,
  expectedRetrievalGroupScore,
  inputOrderRanking,
} from '../../../../src/core/baselines/permutation.ts';

/** Every permutation of 0..n−1 (brute force for small n). */
function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((p) => Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)]));
}

/** Mean over all permutations of f(order), items 0..R−1 relevant. */
function bruteForce(n: number, f: (order: number[]) => number): number {
  const all = permutations(n);
  return all.reduce((s, p) => s + f(p), 0) / all.length;
}

describe('permutation baselines', () => {
  it('expectedNdcgSinglePositive(n, k) is the mean gain over the n slots', () => {
    expect(expectedNdcgSinglePositive(1)).toBe(1);
    expect(expectedNdcgSinglePositive(2)).toBeCloseTo((1 + 1 / Math.log2(3)) / 2, 15);
    expect(expectedNdcgSinglePositive(7)).toBeCloseTo(bruteForce(7, (p) => { const r = p.indexOf(0) + 1; return r <= 5 ? 1 / Math.log2(r + 1) : 0; }), 12);
  });
  it('expectedRecallAtK(n, R, k) is min(k, n)/n', () => {
    expect(expectedRecallAtK(10, 2, 3)).toBeCloseTo(0.3, 15);
    expect(expectedRecallAtK(2, 1, 3)).toBe(1);
  });
  it('expectedMrrAtK(n, R, k) matches enumeration of all orders', () => {
    expect(expectedMrrAtK(2, 1, 10)).toBe(0.75);
    const mrr = (R: number, k: number) => (p: number[]) => {
      const r = p.findIndex((x) => x < R) + 1;
      return r >= 1 && r <= k ? 1 / r : 0;
    };
    expect(expectedMrrAtK(6, 2, 3)).toBeCloseTo(bruteForce(6, mrr(2, 3)), 12);
    expect(expectedMrrAtK(7, 3, 10)).toBeCloseTo(bruteForce(7, mrr(3, 10)), 12);
  });
  it('expectedRetrievalGroupScore(n, R) averages the three expectations and throws for R > n', () => {
    expect(expectedRetrievalGroupScore(2, 1)).toBeCloseTo((1 + 1 + 0.75) / 3, 15);
    expect(() => expectedRetrievalGroupScore(2, 3)).toThrow(RangeError);
  });
  it('inputOrderRanking(candidates) keeps the given order in a new array', () => {
    const c = ['b', 'a'];
    expect(inputOrderRanking(c)).toEqual(['b', 'a']);
    expect(inputOrderRanking(c)).not.toBe(c);
  });
});
