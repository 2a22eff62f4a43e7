import { describe, expect, it } from 'vitest';
import { icc21 } from '../../../../src/core/metrics/icc.ts';
import { labelFlips } from '../../../../src/core/metrics/labelFlip.ts';
import { shortlistShares } from '../../../../src/core/metrics/shortlistShare.ts';
import { sampleSd } from '../../../../src/core/metrics/sampleSd.ts';
import { consistencyUnits, flipByCutoff, summarizeConsistency } from '../../../../src/core/metrics/consistency.ts';

describe('icc21(scores, k, rows)', () => {
  it('is 1 for identical runs', () => {
    expect(icc21([1, 1, 2, 2, 3, 3], 2)).toBe(1);
  });
  it('reproduces Shrout & Fleiss (1979), Table 2: ICC(2,1) = 0.29', () => {
    const table = [9, 2, 5, 8, 6, 1, 3, 2, 8, 4, 6, 8, 7, 1, 2, 6, 10, 5, 6, 9, 6, 2, 4, 7];
    expect(icc21(table, 4)).toBeCloseTo(0.29, 2);
  });
  it('uses the given rows with repetition (a bootstrap resample)', () => {
    // rows 0, 0, 2 of [[1,2],[3,3],[5,6]] = [[1,2],[1,2],[5,6]]
    expect(icc21([1, 2, 3, 3, 5, 6], 2, [0, 0, 2])).toBe(icc21([1, 2, 1, 2, 5, 6], 2));
  });
  it('is undefined when every score is equal, or with fewer than 2 targets or runs', () => {
    expect(icc21([4, 4, 4, 4], 2)).toBeUndefined();
    expect(icc21([1, 2], 2)).toBeUndefined();
    expect(icc21([1, 2, 3], 1)).toBeUndefined();
  });
});

describe('labelFlips(scores, cutoff)', () => {
  it('counts runs whose label differs from the most frequent one (FIT iff s ≥ cutoff)', () => {
    expect(labelFlips([40, 60, 70], 50)).toBe(1);
    expect(labelFlips([50, 49.9, 10], 50)).toBe(1); // 50 is FIT
  });
  it('resolves a tie of labels as FIT, so the NOT FIT runs flip', () => {
    expect(labelFlips([40, 60], 50)).toBe(1);
    expect(labelFlips([40, 45, 60, 61], 50)).toBe(2);
  });
});

describe('shortlistShares(scores, k)', () => {
  it('shares the places left at a tie for the k-th place: two tied for the last get 0.5', () => {
    expect([...shortlistShares([9, 8, 7, 6, 5, 5], 5)]).toEqual([1, 1, 1, 1, 0.5, 0.5]);
  });
  it('gives (k − c)/m to each of m CVs tied at the k-th score', () => {
    expect([...shortlistShares([9, 5, 5, 5, 5, 5, 1], 5)]).toEqual([1, 0.8, 0.8, 0.8, 0.8, 0.8, 0]);
  });
  it('gives 1 to every CV of a pool of at most k', () => {
    expect([...shortlistShares([3, 1], 5)]).toEqual([1, 1]);
  });
});

describe('sampleSd(x)', () => {
  it('divides by n − 1 and is undefined for n < 2', () => {
    expect(sampleSd([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(Math.sqrt(32 / 7), 15);
    expect(sampleSd([3])).toBeUndefined();
  });
});

describe('consistencyUnits(pools, runs, cutoff, k) + summarizeConsistency(units)', () => {
  it('gives Disag@5 = 5 when one run ties the fifth and sixth CVs', () => {
    // run 1: a..f = 10 9 8 7 6 5; run 2: e and f tie at 5 → h_e = 0.5.
    // Ī = a..e (mean e = 5.5 > f = 5). Disag = (100/2)·(0/5 + 0.5/5) = 5.
    const units = consistencyUnits([{ jobId: 'j', cvIds: ['a', 'b', 'c', 'd', 'e', 'f'], scores: [10, 10, 9, 9, 8, 8, 7, 7, 6, 5, 5, 5] }], 2, 50, 5);
    const s = summarizeConsistency(units);
    expect(s.disag).toBeCloseTo(5, 12);
    // run 2's e/f tie breaks by identifier (f > e): e, f swap ranks 5 and 6
    expect(s.sigmaRank).toBeCloseTo((2 * Math.SQRT1_2) / 6, 15);
    expect(s.sigmaScore).toBeCloseTo(Math.SQRT1_2 / 6, 15); // only e varies: sd(6, 5) = √0.5
    expect(s.labelFlipPct).toBe(0); // all NOT FIT
  });
  it('gives ICC 1, σ 0, no flips and no disagreement for identical runs', () => {
    const units = consistencyUnits([{ jobId: 'j', cvIds: ['a', 'b', 'c'], scores: [70, 70, 70, 40, 40, 40, 55, 55, 55] }], 3, 50, 5);
    expect(summarizeConsistency(units)).toEqual({ icc: 1, sigmaScore: 0, sigmaRank: 0, labelFlipPct: 0, disag: 0 });
  });
  it('ranks within pools by the tie rule for σRank', () => {
    // a, b swap places between runs: ranks (2,1) and (1,2), sd = √0.5 each
    const units = consistencyUnits([{ jobId: 'j', cvIds: ['a', 'b'], scores: [1, 2, 2, 1] }], 2, 50, 5);
    expect(summarizeConsistency(units).sigmaRank).toBeCloseTo(Math.SQRT1_2, 15);
  });
  it('on an all-tied pool shares the five places among all six CVs', () => {
    const units = consistencyUnits([{ jobId: 'j', cvIds: ['a', 'b', 'c', 'd', 'e', 'f'], scores: new Array(12).fill(50) }], 2, 50, 5);
    const s = summarizeConsistency(units);
    expect(s.disag).toBeCloseTo(100 / 6, 12); // each h = 5/6
    expect(s.icc).toBeUndefined();
    expect(s.labelFlipPct).toBe(0);
    expect([...units.shortlisted]).toEqual([0, 1, 1, 1, 1, 1]); // reference: f, e, d, c, b by identifier
  });
  it('counts label flips over (CV, run) labels', () => {
    // CV a: 60, 40, 70 → one flip; CV b: 10, 20, 30 → none. 1 of 6 labels.
    const units = consistencyUnits([{ jobId: 'j', cvIds: ['a', 'b'], scores: [60, 40, 70, 10, 20, 30] }], 3, 50, 5);
    expect(summarizeConsistency(units).labelFlipPct).toBeCloseTo(100 / 6, 12);
  });
  it('throws when a pool is not |cvIds| × runs', () => {
    expect(() => consistencyUnits([{ jobId: 'j', cvIds: ['a'], scores: [1, 2, 3] }], 2, 50, 5)).toThrow(RangeError);
  });
});

describe('flipByCutoff(units)', () => {
  it('gives label flip % at every integer cut-off 5..95', () => {
    const units = consistencyUnits([{ jobId: 'j', cvIds: ['a'], scores: [30, 60] }], 2, 50, 5);
    const curve = flipByCutoff(units);
    expect(curve).toHaveLength(91);
    expect(curve[0]).toEqual({ cutoff: 5, labelFlipPct: 0 });
    expect(curve.find((c) => c.cutoff === 30)!.labelFlipPct).toBe(0); // both FIT
    expect(curve.find((c) => c.cutoff === 31)!.labelFlipPct).toBe(50); // tie → FIT, 30 flips
    expect(curve.find((c) => c.cutoff === 61)!.labelFlipPct).toBe(0);
  });
});
