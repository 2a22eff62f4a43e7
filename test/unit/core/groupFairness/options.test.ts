import { describe, expect, it } from 'vitest';
import { groupFairnessOptions } from '../../../../src/core/metrics/groupFairness/index.ts';

describe('groupFairnessOptions', () => {
  it('groupFairnessOptions() defaults to K 100, the pool target, τ 1, Skew@10 and linear gain', () => {
    expect(groupFairnessOptions()).toEqual({ k: 100, target: 'pool', threshold: 1, skewKs: [10], gain: 'linear' });
  });

  it('groupFairnessOptions({ k: 10 }) runs its @example; a K below 10 makes the default skew cut-off K', () => {
    expect(groupFairnessOptions({ k: 10 })).toEqual({ k: 10, target: 'pool', threshold: 1, skewKs: [10], gain: 'linear' });
    expect(groupFairnessOptions({ k: 4 }).skewKs).toEqual([4]);
  });

  it('groupFairnessOptions sorts the skew cut-offs and drops repeats', () => {
    expect(groupFairnessOptions({ skewKs: [20, 5, 20] }).skewKs).toEqual([5, 20]);
  });

  it('groupFairnessOptions throws a RangeError naming the option for a bad K, cut-off, τ, target or gain', () => {
    expect(() => groupFairnessOptions({ k: 0 })).toThrow(/cut depth K/);
    expect(() => groupFairnessOptions({ k: 2.5 })).toThrow(RangeError);
    expect(() => groupFairnessOptions({ k: 10, skewKs: [11] })).toThrow(/from 1 to K = 10, got 11/);
    expect(() => groupFairnessOptions({ skewKs: [] })).toThrow(/Skew@k cut-off/);
    expect(() => groupFairnessOptions({ threshold: 0 })).toThrow(/threshold/);
    expect(() => groupFairnessOptions({ target: 'corpus' as 'pool' })).toThrow(/target must be one of pool, relevant, equal/);
    expect(() => groupFairnessOptions({ gain: 'log' as 'exp' })).toThrow(/gain/);
  });
});
