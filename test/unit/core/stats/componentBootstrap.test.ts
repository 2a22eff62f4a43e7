import { describe, expect, it } from 'vitest';
import { componentBootstrap, componentStrata } from '../../../../src/core/stats/componentBootstrap.ts';
import { entityComponents } from '../../../../src/core/stats/entityComponents.ts';
import { meanCi } from '../../../../src/core/stats/meanCi.ts';

const weightedMean = (xs: number[], w: Uint32Array) => xs.reduce((s, x, i) => s + w[i] * x, 0) / w.reduce((a, b) => a + b, 0);

describe('entityComponents(entities)', () => {
  it('links records sharing an id, transitively, and leaves records without ids alone', () => {
    expect([...entityComponents([['cv1'], ['cv2'], ['cv1', 'job9'], undefined, ['job9'], ['cv2', 'cv3'], []])]).toEqual([0, 1, 0, 2, 0, 1, 3]);
  });
  it('joins two chains through a late bridge', () => {
    expect([...entityComponents([['a'], ['b'], ['c'], ['a', 'c']])]).toEqual([0, 1, 0, 0]);
  });
});

describe('componentStrata(component, group)', () => {
  it('puts components touching the same set of tasks in one stratum', () => {
    // components: 0 in tasks {0,1}, 1 in {0}, 2 in {1,0}, 3 in {1}
    const units = componentStrata(Uint32Array.of(0, 1, 0, 2, 2, 3), Uint32Array.of(0, 0, 1, 1, 0, 1));
    expect([...units.stratum]).toEqual([0, 1, 0, 2]);
  });
});

describe('componentBootstrap(units, size, statistic, options)', () => {
  const xs = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3];
  it('with one stratum of single records draws exactly the stream of meanCi (the ordinary bootstrap)', () => {
    const units = componentStrata(Uint32Array.from(xs, (_, i) => i), new Uint32Array(xs.length));
    const got = componentBootstrap(units, 1, (w, out) => (out[0] = weightedMean(xs, w)), { resamples: 2000, seed: 7 });
    const want = meanCi(xs, { resamples: 2000, seed: 7 });
    expect(got.estimate[0]).toBe(want.mean);
    expect(got.ci[0]).toEqual(want.ci);
  });
  it('moves a component whole and keeps each stratum its number of components', () => {
    // records 0,1 form one component (task 0); records 2..4 are singletons of task 1
    const units = componentStrata(entityComponents([['e'], ['e'], undefined, undefined, undefined]), Uint32Array.of(0, 0, 1, 1, 1));
    const seen: number[][] = [];
    componentBootstrap(units, 1, (w, out) => {
      seen.push([...w]);
      out[0] = 0;
    }, { resamples: 50, seed: 3 });
    for (const w of seen.slice(0, 50)) {
      expect(w[0]).toBe(w[1]); // the pair always together
      expect(w[0] + w[1]).toBe(2); // one component in its stratum, drawn once
      expect(w[2] + w[3] + w[4]).toBe(3);
    }
  });
  it('gives the same numbers for the same seed and other numbers for another', () => {
    const units = componentStrata(Uint32Array.from(xs, (_, i) => i % 4), new Uint32Array(xs.length));
    const run = (seed: number) => componentBootstrap(units, 1, (w, out) => (out[0] = weightedMean(xs, w)), { resamples: 500, seed }).ci[0];
    expect(run(1)).toEqual(run(1));
    expect(run(1)).not.toEqual(run(2));
  });
});
