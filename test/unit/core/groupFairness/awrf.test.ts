import { describe, expect, it } from 'vitest';
import { attentionDistribution, attentionWeight, awrf, jensenShannonDivergence } from '../../../../src/core/metrics/groupFairness/index.ts';
import { HAND } from './example.ts';

describe('AWRF (Sapiezynski et al. 2019, as TREC 2021 Fair Ranking)', () => {
  it('attentionWeight(r) is 1/log2(max(r, 2)): ranks 1 and 2 both get 1, rank 4 gets 0.5', () => {
    expect([attentionWeight(1), attentionWeight(2), attentionWeight(4)]).toEqual([1, 1, 0.5]);
  });

  it('attentionDistribution is the attention-weighted group distribution of L (the worked example, and its @example)', () => {
    const a = attentionDistribution(Uint16Array.of(0, 1, 0, 1), 2);
    expect(a[0]).toBeCloseTo(HAND.attentionFemale, 15);
    expect(a[0] + a[1]).toBeCloseTo(1, 15);
    const b = attentionDistribution(Uint16Array.of(0, 1, 1), 2);
    const total = 2 + 1 / Math.log2(3);
    expect(Array.from(b)).toEqual([1 / total, (1 + 1 / Math.log2(3)) / total]);
  });

  it('attentionDistribution reads the first `depth` ranks only, and is all zeros for an empty L', () => {
    expect(Array.from(attentionDistribution(Uint16Array.of(0, 1, 1), 2, 1))).toEqual([1, 0]);
    expect(Array.from(attentionDistribution(Uint16Array.of(), 2))).toEqual([0, 0]);
  });

  it('jensenShannonDivergence is ln 2 for disjoint distributions, 0 for equal ones (natural log)', () => {
    expect(jensenShannonDivergence([1, 0], [0, 1])).toBeCloseTo(Math.LN2, 15);
    expect(jensenShannonDivergence([0.3, 0.7], [0.3, 0.7])).toBe(0);
  });

  it('awrf is 1 − JSD: the worked example gives 0.99978… (SciPy), [1, 0] against [½, ½] gives 1 − 0.75·ln(4/3)', () => {
    expect(awrf([HAND.attentionFemale, 1 - HAND.attentionFemale], [0.5, 0.5])).toBeCloseTo(HAND.awrf, 15);
    expect(awrf(Float64Array.of(1, 0), Float64Array.of(0.5, 0.5))).toBeCloseTo(1 - 0.75 * Math.log(4 / 3), 15);
  });
});
