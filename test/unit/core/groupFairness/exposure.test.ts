import { describe, expect, it } from 'vitest';
import { exposureAt, exposureRatio, groupExposure, minMaxRatio } from '../../../../src/core/metrics/groupFairness/index.ts';
import { HAND } from './example.ts';

describe('group exposure (Singh & Joachims 2018)', () => {
  it('exposureAt(r) is 1/log2(1 + r): 1 at rank 1, 0.5 at rank 3', () => {
    expect(exposureAt(1)).toBe(1);
    expect(exposureAt(3)).toBe(0.5);
  });

  it('groupExposure averages v_r over each group of L: the worked example (female 0.75, male 0.5308…)', () => {
    const exposure = groupExposure(Uint16Array.of(0, 1, 0, 1), 2);
    expect(exposure[0]).toBe(HAND.exposureFemale);
    expect(exposure[1]).toBeCloseTo(HAND.exposureMale, 15);
    expect(Array.from(groupExposure(Uint16Array.of(0, 1, 0), 2))).toEqual([(1 + 0.5) / 2, 1 / Math.log2(3)]);
  });

  it('groupExposure gives 0 to a group of the pool absent from L', () => {
    expect(Array.from(groupExposure(Uint16Array.of(0, 0), 3))).toEqual([(1 + 1 / Math.log2(3)) / 2, 0, 0]);
  });

  it('exposureRatio is min/max over the groups: 0.7077… in the worked example, 2/3 in its @example, 0 with an absent group', () => {
    expect(exposureRatio(Float64Array.of(HAND.exposureFemale, HAND.exposureMale))).toBeCloseTo(HAND.exposureRatio, 15);
    expect(exposureRatio(Float64Array.of(0.75, 0.5))).toBe(0.5 / 0.75);
    expect(exposureRatio(Float64Array.of(0.75, 0))).toBe(0);
  });

  it('minMaxRatio returns undefined for fewer than two values or a maximum of 0', () => {
    expect(minMaxRatio([0.5, 1])).toBe(0.5);
    expect(minMaxRatio([1])).toBeUndefined();
    expect(minMaxRatio([0, 0])).toBeUndefined();
  });
});
