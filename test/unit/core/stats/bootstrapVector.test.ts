import { describe, expect, it } from 'vitest';
import { bootstrapCi } from '../../../../src/core/stats/bootstrap.ts';
import { bootstrapVector } from '../../../../src/core/stats/bootstrapVector.ts';
import { meanAt } from '../../../../src/core/stats/meanCi.ts';

const xs = [0.1, 0.4, 0.35, 0.8, 0.05, 0.6, 0.9, 0.2];
const ys = [3, 1, 4, 1, 5, 9, 2, 6];

describe('bootstrapVector', () => {
  it('bootstrapVector(n, size, statistic) gives each entry the interval bootstrapCi gives it alone, from the same draws', () => {
    const options = { resamples: 500, seed: 17 };
    const v = bootstrapVector(xs.length, 2, (idx, out) => {
      out[0] = meanAt(xs, idx);
      out[1] = meanAt(ys, idx);
    }, options);
    const x = bootstrapCi(xs.length, (idx) => meanAt(xs, idx), options);
    const y = bootstrapCi(ys.length, (idx) => meanAt(ys, idx), options);
    expect([v.estimate[0], v.ci[0]]).toEqual([x.mean, x.ci]);
    expect([v.estimate[1], v.ci[1]]).toEqual([y.mean, y.ci]);
    expect([...v.defined]).toEqual([500, 500]);
  });

  it('bootstrapVector skips NaN entries per entry and counts the resamples that defined each', () => {
    // entry 1 is NaN whenever unit 0 is not drawn
    const v = bootstrapVector(4, 2, (idx, out) => {
      out[0] = idx.length;
      out[1] = idx.includes(0) ? 1 : NaN;
    }, { resamples: 200, seed: 3 });
    expect(v.defined[0]).toBe(200);
    expect(v.defined[1]).toBeGreaterThan(0);
    expect(v.defined[1]).toBeLessThan(200);
    expect(v.ci[1]).toEqual([1, 1]);
  });

  it('bootstrapVector gives [NaN, NaN] for an entry no resample defines', () => {
    const v = bootstrapVector(3, 1, (_, out) => (out[0] = NaN), { resamples: 10, seed: 1 });
    expect(v.ci[0]).toEqual([NaN, NaN]);
    expect(v.defined[0]).toBe(0);
  });
});
