import { describe, expect, it } from 'vitest';
import { disparateTreatment, groupExposure } from '../../../../src/core/metrics/groupFairness/index.ts';
import { HAND } from './example.ts';

describe('disparateTreatment (Singh & Joachims 2018)', () => {
  it('disparateTreatment is min/max of Exp_g / U_g: the worked example (U_f = 0.5, U_m = 1) gives 0.3538…', () => {
    const sequence = Uint16Array.of(0, 1, 0, 1);
    const grades = Float64Array.of(1, 2, 0, 0);
    expect(disparateTreatment(sequence, grades, groupExposure(sequence, 2), 2)).toBeCloseTo(HAND.disparateTreatment, 15);
  });

  it('disparateTreatment runs its @example: equal grades, exposures 1 and 1/log2 3', () => {
    expect(disparateTreatment(Uint16Array.of(0, 1), Float64Array.of(1, 1), Float64Array.of(1, 1 / Math.log2(3)), 2)).toBeCloseTo(1 / Math.log2(3), 15);
  });

  it('disparateTreatment leaves out a group with U_g = 0 (negative grades count 0) and is undefined with fewer than two left', () => {
    const sequence = Uint16Array.of(0, 1, 2);
    const exposure = groupExposure(sequence, 3);
    expect(disparateTreatment(sequence, Float64Array.of(1, -1, 2), exposure, 3)).toBeCloseTo(exposure[2] / 2 / exposure[0], 15);
    expect(disparateTreatment(sequence, Float64Array.of(1, 0, -2), exposure, 3)).toBeUndefined();
  });
});
