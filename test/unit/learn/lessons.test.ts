import { describe, expect, it } from 'vitest';
import { dropIndex, moveItem } from '../../../src/app/learn/lessons/reorder.ts';
import { NDCG_DOCS, ndcgOfOrder } from '../../../src/app/learn/lessons/ndcgExample.ts';
import { PRECISION_DOCS, precisionAndMrr } from '../../../src/app/learn/lessons/precisionExample.ts';
import { TWIN_K, TWIN_PROFILES, topIds, twinIds, twinSwapMetrics, twinWorld } from '../../../src/app/learn/lessons/twinExample.ts';
import { FEW_NON_TIES, MANY_NON_TIES, rbcOf } from '../../../src/app/learn/lessons/rbcExample.ts';
import { screeningResult } from '../../../src/app/learn/lessons/screeningExample.ts';
import { iccResult, runScores } from '../../../src/app/learn/lessons/iccExample.ts';
import { DEFAULT_THRESHOLD, TEST_SPLIT, atThreshold, tunedThreshold } from '../../../src/app/learn/lessons/balancedExample.ts';
import { QUERY_NDCG, binCounts, bootstrapSnapshot } from '../../../src/app/learn/lessons/bootstrapExample.ts';
import { BASE_TESTS, EXTRA_TESTS, adjustFamily } from '../../../src/app/learn/lessons/bhExample.ts';
import { PARETO_MODELS, frontierOfModels, nudge } from '../../../src/app/learn/lessons/paretoExample.ts';
import { meanCi } from '../../../src/core/stats/meanCi.ts';

const ids = NDCG_DOCS.map((d) => d.id);

describe('moveItem and dropIndex', () => {
  it('moveItem(list, from, to) moves one item and keeps the others in order', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
  });
  it('moveItem clamps indices to the list and never changes its input', () => {
    const list = ['a', 'b', 'c'];
    expect(moveItem(list, 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(list, 2, 9)).toEqual(['a', 'b', 'c']);
    expect(moveItem(list, 1, 9)).toEqual(['a', 'c', 'b']);
    expect(list).toEqual(['a', 'b', 'c']);
    expect(moveItem([], 0, 1)).toEqual([]);
  });
  it('dropIndex counts the other items whose midpoint is above the pointer', () => {
    const mids = [10, 30, 50, 70];
    expect(dropIndex(mids, 0, 5)).toBe(0);
    expect(dropIndex(mids, 0, 55)).toBe(2); // below b and c
    expect(dropIndex(mids, 3, 35)).toBe(2); // below a and b
    expect(dropIndex(mids, 1, 99)).toBe(3);
  });
});

describe('NDCG lesson', () => {
  // grades in the starting order: 1, 3, 0, 2, 0, 2. IDCG@5 = 3 + 2/log2 3 + 2/2 + 1/log2 5.
  const idcg = 3 + 2 / Math.log2(3) + 1 + 1 / Math.log2(5);
  it('ndcgOfOrder of the starting order is (1 + 3/log2 3 + 2/log2 5) / IDCG@5', () => {
    expect(ndcgOfOrder(ids, NDCG_DOCS, 5)).toBeCloseTo((1 + 3 / Math.log2(3) + 2 / Math.log2(5)) / idcg, 12);
    expect(ndcgOfOrder(ids, NDCG_DOCS, 5)).toBeCloseTo(0.6595, 4);
  });
  it('moving the top document down changes NDCG@5 (the e2e primary control)', () => {
    const moved = moveItem(ids, 0, 1); // grades 3, 1, 0, 2, 0
    expect(ndcgOfOrder(moved, NDCG_DOCS, 5)).toBeCloseTo((3 + 1 / Math.log2(3) + 2 / Math.log2(5)) / idcg, 12);
  });
  it('the order sorted by grade reaches NDCG@5 = 1', () => {
    const ideal = [...NDCG_DOCS].sort((a, b) => b.grade - a.grade).map((d) => d.id);
    expect(ndcgOfOrder(ideal, NDCG_DOCS, 5)).toBeCloseTo(1, 12);
  });
});

describe('precision and MRR lesson', () => {
  // grades in rank order: 0, 1, 2, 0, 3 | 1, 0, 2
  it('precisionAndMrr at τ = 1, 2, 3 counts grades ≥ τ in the top 5', () => {
    expect(precisionAndMrr(PRECISION_DOCS, 5, 1)).toEqual({ precision: 3 / 5, mrr: 1 / 2 });
    expect(precisionAndMrr(PRECISION_DOCS, 5, 2)).toEqual({ precision: 2 / 5, mrr: 1 / 3 });
    expect(precisionAndMrr(PRECISION_DOCS, 5, 3)).toEqual({ precision: 1 / 5, mrr: 1 / 5 });
  });
});

describe('IoU@10 and rank shift lesson', () => {
  it('with nothing swapped the kernel defines no value', () => {
    const r = twinSwapMetrics(TWIN_PROFILES, new Set(), TWIN_K);
    expect(r.iou).toBeUndefined();
    expect(r.rankShift).toBeUndefined();
  });
  it('swapping all six twins gives IoU@10 = 8/12 and mean rank shift 12/6', () => {
    const all = new Set(twinIds(TWIN_PROFILES));
    expect(all.size).toBe(6);
    const r = twinSwapMetrics(TWIN_PROFILES, all, TWIN_K);
    // twin world top 10: p01 p02 p04 p06 p05 p03 p07 p08 p12 p13 — p09, p10 leave; p12, p13 enter
    expect(topIds(twinWorld(TWIN_PROFILES, all), TWIN_K)).toEqual(['p01', 'p02', 'p04', 'p06', 'p05', 'p03', 'p07', 'p08', 'p12', 'p13']);
    expect(r.iou).toBeCloseTo(8 / 12, 12);
    // substitution ranks (one twin at a time, all else original): p03 3→6, p06 6→5 (below p04 0.85
    // and p03's own 0.87), p09 9→11, p10 10→10, p12 12→9, p13 13→10: shifts 3+1+2+0+3+3 = 12
    expect(Object.fromEntries(r.ranks)).toEqual({
      p03: { original: 3, twin: 6 },
      p06: { original: 6, twin: 5 },
      p09: { original: 9, twin: 11 },
      p10: { original: 10, twin: 10 },
      p12: { original: 12, twin: 9 },
      p13: { original: 13, twin: 10 },
    });
    expect(r.rankShift).toBeCloseTo(2, 12);
  });
  it('swapping one twin that stays in place gives IoU 1 and shift 0', () => {
    const r = twinSwapMetrics(TWIN_PROFILES, new Set(['p10']), TWIN_K);
    expect(r.iou).toBe(1);
    expect(r.rankShift).toBe(0);
  });
});

describe('RBC lesson', () => {
  it('two non-tied pairs both for M give RBC = −1; one more for F gives −1/3', () => {
    expect(rbcOf(FEW_NON_TIES)).toBe(-1);
    expect(rbcOf({ ...FEW_NON_TIES, winsFirst: 1 })).toBeCloseTo(-1 / 3, 12);
    expect(rbcOf(MANY_NON_TIES)).toBeCloseTo(-4 / 44, 12);
    expect(rbcOf({ winsFirst: 0, winsSecond: 0, ties: 5 })).toBe(0);
  });
});

describe('screening-bias lesson', () => {
  it('the noise floor: ΔScore 0, ΔRank −2/8 (c4 and c5 drop one place), Excl@5 20% (c5 falls to 6)', () => {
    const { noise } = screeningResult(0);
    expect(noise.deltaScore).toBe(0);
    expect(noise.deltaRank).toBe(-0.25);
    expect(noise.excl).toBe(20);
  });
  it('no penalty: the female variant equals the male one', () => {
    expect(screeningResult(0).effect).toEqual({ deltaScore: 0, deltaRank: 0, excl: 0 });
  });
  it('a penalty of 1 moves ΔScore only; of 4 drops c1…c5 one place and pushes c5 out of the top 5', () => {
    expect(screeningResult(1).effect).toEqual({ deltaScore: -1, deltaRank: 0, excl: 0 });
    expect(screeningResult(4).effect).toEqual({ deltaScore: -4, deltaRank: -5 / 8, excl: 20 });
  });
});

describe('ICC lesson', () => {
  it('one run leaves ICC and σScore undefined', () => {
    const r = iccResult(runScores(1, 8), 1);
    expect(r.icc).toBeUndefined();
    expect(r.sigmaScore).toBeUndefined();
    expect(r.ranks).toHaveLength(1);
    expect([...r.ranks[0]].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });
  it('without noise every run agrees: ICC = 1, σScore = 0, identical ranks', () => {
    const r = iccResult(runScores(3, 0), 3);
    expect(r.icc).toBe(1);
    expect(r.sigmaScore).toBe(0);
    expect(r.ranks).toEqual([
      [1, 2, 3, 4, 5, 6],
      [1, 2, 3, 4, 5, 6],
      [1, 2, 3, 4, 5, 6],
    ]);
  });
  it('adding a run keeps the earlier runs and with noise ICC lies in (0, 1)', () => {
    const two = runScores(2, 8);
    const three = runScores(3, 8);
    for (let i = 0; i < 6; i++) {
      expect(three[i * 3]).toBe(two[i * 2]);
      expect(three[i * 3 + 1]).toBe(two[i * 2 + 1]);
      expect(Math.abs(three[i * 3] - [78, 74, 70, 66, 60, 52][i])).toBeLessThanOrEqual(8);
    }
    const icc = iccResult(three, 3).icc!;
    expect(icc).toBeGreaterThan(0);
    expect(icc).toBeLessThan(1);
  });
});

describe('balanced-accuracy lesson', () => {
  it('the tuned threshold on the tune split is 66 (BA 11/12 there)', () => {
    expect(tunedThreshold()).toBe(66);
  });
  it('on the test split, t = 50 gives BA (1 + 3/6)/2 and t = 66 gives (3/4 + 5/6)/2', () => {
    const at50 = atThreshold(TEST_SPLIT, DEFAULT_THRESHOLD);
    expect(at50.balancedAccuracy).toBeCloseTo(0.75, 12);
    expect(at50.matrix.counts).toEqual([
      [3, 3],
      [0, 4],
    ]);
    expect(atThreshold(TEST_SPLIT, 66).balancedAccuracy).toBeCloseTo((3 / 4 + 5 / 6) / 2, 12);
  });
});

describe('bootstrap lesson', () => {
  it('B = 0 gives the mean and no interval', () => {
    const s = bootstrapSnapshot(QUERY_NDCG, 0);
    expect(s.mean).toBeCloseTo(7.83 / 12, 12);
    expect(s.ci.every(Number.isNaN)).toBe(true);
    expect(s.lastDraw).toEqual([]);
  });
  it('B = 1: the interval is the one resample mean, the mean of its drawn queries', () => {
    const s = bootstrapSnapshot(QUERY_NDCG, 1);
    expect(s.lastDraw).toHaveLength(12);
    const m = s.lastDraw.reduce((a, i) => a + QUERY_NDCG[i], 0) / 12;
    expect(s.ci[0]).toBeCloseTo(m, 12);
    expect(s.ci[1]).toBeCloseTo(m, 12);
  });
  it('B = 1000 reproduces meanCi with the same seed (what Results reports)', () => {
    const s = bootstrapSnapshot(QUERY_NDCG, 1000, 1);
    expect(s.ci).toEqual(meanCi(QUERY_NDCG, { resamples: 1000, seed: 1 }).ci);
  });
  it('binCounts puts values in equal bins and clamps the ends', () => {
    expect(binCounts([0.05, 0.15, 0.16, 0.99, -1, 5], 0, 1, 0.1)).toEqual([2, 2, 0, 0, 0, 0, 0, 0, 0, 2]);
  });
});

describe('Benjamini–Hochberg lesson', () => {
  it('8 tests: q = min over j ≥ i of 8·p(j)/j; 5 pass q < 0.05, 6 pass raw p < 0.05', () => {
    const r = adjustFamily(BASE_TESTS);
    const q = [0.008, 0.032, 0.032, 0.04, 0.048, 0.16 / 3, 1.6 / 7, 0.6];
    r.forEach((t, i) => expect(t.q).toBeCloseTo(q[i], 12));
    expect(r.filter((t) => t.significant)).toHaveLength(5);
    expect(r.filter((t) => t.rawSignificant)).toHaveLength(6);
  });
  it('4 more null tests (m = 12) leave 3 significant', () => {
    const r = adjustFamily([...BASE_TESTS, ...EXTRA_TESTS]);
    expect(r.slice(0, 3).map((t) => t.q)).toEqual([0.012, expect.closeTo(0.048, 12), expect.closeTo(0.048, 12)]);
    expect(r.filter((t) => t.significant)).toHaveLength(3);
  });
});

describe('Pareto lesson', () => {
  it('A, B, C are on the frontier; D is dominated by B and E by A', () => {
    const r = frontierOfModels(PARETO_MODELS);
    expect(r.frontier.map((p) => p.id)).toEqual(['Model A', 'Model B', 'Model C']);
    expect(r.dominated).toEqual(['Model D', 'Model E']);
  });
  it('nudging D fairer by 0.05 (−0.14 → −0.09) puts it on the frontier', () => {
    const moved = nudge(PARETO_MODELS, 'Model D', 0, 0.05);
    expect(moved.find((p) => p.id === 'Model D')).toEqual({ id: 'Model D', x: 0.66, y: -0.09 });
    expect(frontierOfModels(moved).frontier.map((p) => p.id)).toEqual(['Model A', 'Model D', 'Model B', 'Model C']);
  });
  it('nudge rounds to 3 decimals and clamps to the metric ranges', () => {
    expect(nudge([{ id: 'm', x: 0.99, y: -0.02 }], 'm', 0.02, 0.05)).toEqual([{ id: 'm', x: 1, y: 0 }]);
  });
});
