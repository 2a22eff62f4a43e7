import { describe, expect, it } from 'vitest';
import { cosine, cosineScores, dot } from '../../../src/core/vectors.ts';

describe('dot(a, b)', () => {
  it('sums the products of the components', () => {
    expect(dot([1, 2, 3], [4, -5, 6])).toBe(4 - 10 + 18);
  });
  it('throws when the lengths differ', () => {
    expect(() => dot([1], [1, 2])).toThrow(RangeError);
  });
});

describe('cosine(a, b)', () => {
  it('is 1 for parallel vectors and -1 for opposite ones', () => {
    expect(cosine([1, 2], [2, 4])).toBeCloseTo(1, 15);
    expect(cosine([1, 2], [-1, -2])).toBeCloseTo(-1, 15);
  });
  it('is 0 for orthogonal vectors', () => {
    expect(cosine([1, 0], [0, 3])).toBe(0);
  });
  it('is 0 when a vector is all zeros', () => {
    expect(cosine([0, 0], [1, 1])).toBe(0);
  });
  it('matches the hand-worked value (3·1+4·0)/(5·1) = 0.6', () => {
    expect(cosine(new Float32Array([3, 4]), new Float32Array([1, 0]))).toBeCloseTo(0.6, 7);
  });
});

describe('cosineScores(query, docs)', () => {
  it('scores each document in order', () => {
    expect(Array.from(cosineScores([1, 0], [[1, 0], [0, 1], [3, 4]]))).toEqual([1, 0, 0.6]);
  });
});
