import { describe, expect, it } from 'vitest';
import { groupFairnessOptions, rankedIds, scoreGroupFairnessQuery } from '../../../../src/core/metrics/groupFairness/index.ts';
import { EXAMPLE, HAND, POOL, labelOf } from './example.ts';

const OPTIONS = groupFairnessOptions({ k: 5, skewKs: [2, 5] });

describe('rankedIds', () => {
  it('rankedIds ranks under the tie rule (score descending, then id descending) and keeps the first k (its @example)', () => {
    expect(rankedIds([{ id: 'a', score: 1 }, { id: 'b', score: 1 }, { id: 'c', score: 2 }], 2)).toEqual(['c', 'b']);
  });
});

describe('scoreGroupFairnessQuery', () => {
  it('scoreGroupFairnessQuery gives the worked example of docs/metrics.md', () => {
    const r = scoreGroupFairnessQuery(EXAMPLE, OPTIONS);
    expect(r.groups).toEqual(['female', 'male']);
    expect(Array.from(r.sequence)).toEqual([0, 1, 0, 1]);
    expect(r.nUnlabelled).toBe(1);
    expect(Array.from(r.target!)).toEqual([0.5, 0.5]);
    expect(r.exposure![0]).toBe(HAND.exposureFemale);
    expect(r.exposure![1]).toBeCloseTo(HAND.exposureMale, 15);
    expect(r.exposureRatio).toBeCloseTo(HAND.exposureRatio, 15);
    expect(r.disparateTreatment).toBeCloseTo(HAND.disparateTreatment, 15);
    expect(r.awrf).toBeCloseTo(HAND.awrf, 15);
    expect(r.ndcg).toBeCloseTo(HAND.ndcg, 15);
    expect(r.awrfNdcg).toBeCloseTo(HAND.awrf * HAND.ndcg, 15);
    expect(r.ndkl).toBeCloseTo(HAND.ndkl, 15);
    expect(r.slots.map((s) => [s.k, Array.from(s.counts), s.size])).toEqual([[2, [1, 1], 2], [5, [2, 2], 4]]);
  });

  it('scoreGroupFairnessQuery runs its @example: one female and one male profile against equal pool shares give AWRF 1', () => {
    const r = scoreGroupFairnessQuery({ ranked: ['a', 'b'], labelOf: (d) => ({ a: 'f', b: 'm' })[d], pool: new Map([['f', 1], ['m', 1]]) }, groupFairnessOptions({ k: 2, skewKs: [1] }));
    expect(r.awrf).toBe(1);
  });

  it('scoreGroupFairnessQuery without judgments skips disparate treatment, nDCG and AWRF×nDCG, and computes the rest', () => {
    const r = scoreGroupFairnessQuery({ ...EXAMPLE, judgments: undefined }, OPTIONS);
    expect([r.disparateTreatment, r.ndcg, r.awrfNdcg]).toEqual([undefined, undefined, undefined]);
    expect(r.awrf).toBeCloseTo(HAND.awrf, 15);
  });

  it('scoreGroupFairnessQuery skips a query whose top K is all unlabelled, and counts the dropped documents', () => {
    const r = scoreGroupFairnessQuery({ ranked: ['x1', 'x2', 'd1'], labelOf, pool: POOL }, groupFairnessOptions({ k: 2, skewKs: [2] }));
    expect(r.sequence.length).toBe(0);
    expect(r.nUnlabelled).toBe(2);
    expect([r.exposure, r.exposureRatio, r.attention, r.awrf, r.ndkl]).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(r.slots).toEqual([]);
  });

  it("scoreGroupFairnessQuery with the 'relevant' target uses the relevant documents' shares, and skips a query without one", () => {
    const relevant = groupFairnessOptions({ k: 5, target: 'relevant', skewKs: [2] });
    const r = scoreGroupFairnessQuery(EXAMPLE, relevant);
    expect(Array.from(r.target!)).toEqual([0.5, 0.5]); // d1 (female, 1) and d3 (male, 2)
    const strict = scoreGroupFairnessQuery(EXAMPLE, groupFairnessOptions({ k: 5, target: 'relevant', threshold: 2, skewKs: [2] }));
    expect(Array.from(strict.target!)).toEqual([0, 1]);
    expect(strict.ndkl).toBeUndefined(); // L holds female profiles with target 0: KL is infinite
    expect(strict.awrf).toBeDefined();
    const none = scoreGroupFairnessQuery({ ...EXAMPLE, judgments: new Map([['d1', 0]]) }, relevant);
    expect([none.target, none.awrf, none.ndkl, none.slots.length]).toEqual([undefined, undefined, undefined, 0]);
    expect(none.exposureRatio).toBeCloseTo(HAND.exposureRatio, 15);
  });

  it('scoreGroupFairnessQuery gives an absent pool group exposure 0 and an exposure ratio of 0', () => {
    const pool = new Map([['female', 50], ['male', 50], ['nonbinary', 3]]);
    const r = scoreGroupFairnessQuery({ ...EXAMPLE, pool }, OPTIONS);
    expect(r.groups).toEqual(['female', 'male', 'nonbinary']);
    expect(r.exposure![2]).toBe(0);
    expect(r.exposureRatio).toBe(0);
  });

  it('scoreGroupFairnessQuery leaves the exposure ratio undefined for a pool of one group', () => {
    const r = scoreGroupFairnessQuery({ ranked: ['d1', 'd4'], labelOf, pool: new Map([['female', 2]]) }, OPTIONS);
    expect(r.exposureRatio).toBeUndefined();
    expect(r.awrf).toBe(1);
  });

  it('scoreGroupFairnessQuery throws a RangeError when a ranked document is in a group the pool counts lack', () => {
    expect(() => scoreGroupFairnessQuery({ ...EXAMPLE, pool: new Map([['female', 5]]) }, OPTIONS)).toThrow(/document "d3" is labelled "male"/);
  });
});
