import { describe, expect, it } from 'vitest';
import { averageRanks, directionAgreement, heapPermutations, spearmanPermutationP, spearmanRho } from '../../../../src/core/stats/correspondence.ts';
import { leaderboardCorrespondence } from '../../../../src/core/audit/tasks/correspondence.ts';
import { createRng } from '../../../../src/core/stats/rng.ts';

describe('correspondence statistics', () => {
  it('averageRanks gives tied values the mean of their ranks', () => {
    expect([...averageRanks([10, 20, 20, 5])]).toEqual([2, 3.5, 3.5, 1]);
  });
  it('spearmanRho([1, 2, 3], [10, 30, 20]) is 1 − 6·2/(3·8) = 0.5', () => {
    expect(spearmanRho([1, 2, 3], [10, 30, 20])).toBeCloseTo(0.5, 15);
  });
  it('five systems in the same order give ρ = 1 and the exact p = 1/120', () => {
    const p = spearmanPermutationP([50, 40, 30, 20, 10], [0.9, 0.8, 0.7, 0.6, 0.5])!;
    expect(spearmanRho([50, 40, 30, 20, 10], [0.9, 0.8, 0.7, 0.6, 0.5])).toBeCloseTo(1, 15);
    expect(p).toEqual({ p: 1 / 120, method: 'exact', permutations: 120 });
  });
  it('directionAgreement keeps a pair tied on either board in the denominator', () => {
    expect(directionAgreement([1, 2, 3], [1, 3, 3])).toEqual({ agree: 2, tied: 1, pairs: 3, share: 2 / 3 });
    expect(directionAgreement([1, 2], [2, 1]).share).toBe(0);
  });
  it('heapPermutations visits all n! orders once', () => {
    const seen = new Set<string>();
    heapPermutations([1, 2, 3, 4], (p) => seen.add(p.join()));
    expect(seen.size).toBe(24);
  });
  it('above 8 systems the p-value is seeded Monte Carlo, (1 + hits)/(1 + B)', () => {
    const a = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const p = spearmanPermutationP(a, a, createRng(1), 999)!;
    expect(p.method).toBe('monte-carlo');
    expect(p.p).toBe(1 / 1000); // only the identity reaches ρ = 1 (chance 1/10! per draw)
    expect(() => spearmanPermutationP(a, a)).toThrow(RangeError);
  });
});

describe('leaderboardCorrespondence(a, b)', () => {
  it('compares the systems on both boards and lists the others', () => {
    const c = leaderboardCorrespondence(new Map([['x', 3], ['y', 2], ['z', 1]]), new Map([['y', 5], ['x', 9], ['w', 0]]));
    expect(c.systems).toEqual(['x', 'y']);
    expect(c.only_in_a).toEqual(['z']);
    expect(c.only_in_b).toEqual(['w']);
    expect(c.spearman_rho).toBeCloseTo(1, 15);
    expect(c.permutation_p).toEqual({ p: 0.5, method: 'exact', permutations: 2 });
  });
});
