import { describe, expect, it } from 'vitest';
import { at, groupFairnessOptions, scoreGroupFairnessQuery, summarizeGroupFairness, type Interval } from '../../../../src/core/metrics/groupFairness/index.ts';
import { EXAMPLE, HAND, SECOND, labelOf, POOL } from './example.ts';

const OPTIONS = groupFairnessOptions({ k: 5, skewKs: [2] });
const first = scoreGroupFairnessQuery(EXAMPLE, OPTIONS);
const second = scoreGroupFairnessQuery(SECOND, OPTIONS);
const empty = scoreGroupFairnessQuery({ ranked: ['x'], labelOf, pool: POOL }, OPTIONS);

describe('summarizeGroupFairness', () => {
  it('summarizeGroupFairness averages each metric over the queries that define it and counts the skipped ones', () => {
    const s = summarizeGroupFairness([first, second, empty], OPTIONS);
    expect([s.k, s.target, s.threshold, s.groups, s.n_queries, s.n_unlabelled]).toEqual([5, 'pool', 1, ['female', 'male'], 3, 2]);
    expect(s.n_skipped).toEqual({ exposure: 1, exposure_ratio: 1, disparate_treatment: 2, target: 0, awrf: 1, awrf_ndcg: 2, ndkl: 1, skew: 1 });
    expect(s['awrf@5']).toBeCloseTo(((first.awrf ?? NaN) + (second.awrf ?? NaN)) / 2, 15);
    expect(s.disparate_treatment).toBeCloseTo(HAND.disparateTreatment, 15);
    expect(s['awrf_ndcg@5']).toBeCloseTo(HAND.awrf * HAND.ndcg, 15);
    expect(s.exposure.female).toBeCloseTo((HAND.exposureFemale + 1 / Math.log2(4)) / 2, 15); // second query: female at rank 3
    expect(s.target_share).toEqual({ female: 0.5, male: 0.5 });
  });

  it('summarizeGroupFairness pools Skew@2 over the queries: the worked example holds 1 and 3 of 4 slots → ln 0.5, ln 1.5', () => {
    const s = summarizeGroupFairness([first, second], OPTIONS);
    expect(s['skew@2'].female).toBeCloseTo(Math.log(0.5), 15);
    expect(s['skew@2'].male).toBeCloseTo(Math.log(1.5), 15);
    expect(s['min_skew@2']).toBeCloseTo(Math.log(0.5), 15);
    expect(s['max_skew@2']).toBeCloseTo(Math.log(1.5), 15);
    expect(s['absent@2']).toEqual([]);
  });

  it('summarizeGroupFairness reports a group holding no top-k slot as absent, never as a number', () => {
    const onlyMale = scoreGroupFairnessQuery({ ranked: ['e3', 'e2', 'e1'], labelOf, pool: POOL }, OPTIONS);
    const s = summarizeGroupFairness([onlyMale], OPTIONS);
    expect(s['skew@2'].female).toBeUndefined();
    expect(s['absent@2']).toEqual(['female']);
    expect(s['min_skew@2']).toBe(s['max_skew@2']);
    expect(s['min_skew@2']).toBeCloseTo(Math.log(2), 15);
  });

  it('summarizeGroupFairness with no query gives undefined means, no absent group, and zero counts', () => {
    const s = summarizeGroupFairness([], OPTIONS);
    expect([s['awrf@5'], s.exposure_ratio, s['min_skew@2']]).toEqual([undefined, undefined, undefined]);
    expect(s['absent@2']).toEqual([]);
    expect(s.n_queries).toBe(0);
  });

  it('summarizeGroupFairness with a bootstrap gives {mean, ci}, the same mean, and the same numbers for the same seed', () => {
    const records = [first, second, first, second, second];
    const plain = summarizeGroupFairness(records, OPTIONS);
    const a = summarizeGroupFairness(records, OPTIONS, { resamples: 500, seed: 3 });
    const b = summarizeGroupFairness(records, OPTIONS, { resamples: 500, seed: 3 });
    expect(a).toEqual(b);
    const awrf = a['awrf@5'] as Interval;
    expect(awrf.mean).toBe(plain['awrf@5']);
    expect(awrf.ci[0]).toBeLessThanOrEqual(awrf.mean);
    expect(awrf.ci[1]).toBeGreaterThanOrEqual(awrf.mean);
    expect(awrf.ci[0]).toBeLessThan(awrf.ci[1]);
    expect((a['skew@2'].female as Interval).mean).toBe(plain['skew@2'].female);
  });

  it('summarizeGroupFairness holds summary numbers only: no document id in its JSON', () => {
    const json = JSON.stringify(summarizeGroupFairness([first, second], OPTIONS, { resamples: 50, seed: 1 }));
    for (const id of ['d1', 'd3', 'e1', 'e2']) expect(json).not.toContain(`"${id}"`);
  });

  it("at('awrf', 10) is the summary key 'awrf@10'", () => {
    expect(at('awrf', 10)).toBe('awrf@10');
  });
});
