import { describe, expect, it } from 'vitest';
import { countAbove, rankPool, substitutionRank, tieKeys } from '../../../../src/core/metrics/rankedPool.ts';
import { rankBiserial, twinQueryMetrics, type TwinPair } from '../../../../src/core/metrics/twinsKernel.ts';
import { summarizeTwins, twinQueryResults, type TwinQuery } from '../../../../src/core/metrics/twins.ts';
import { cohensD } from '../../../../src/core/metrics/cohensD.ts';
import { oddsRatioAtK } from '../../../../src/core/metrics/oddsRatioAtK.ts';

const pool = (ids: string[], scores: number[]) => rankPool(scores, tieKeys(ids));

describe('tieKeys and rankPool', () => {
  it('tieKeys(ids) orders identifiers by code units, not numerically', () => {
    expect([...tieKeys(['d10', 'd9', 'd1'])]).toEqual([1, 2, 0]);
  });
  it('tieKeys(ids) throws on a repeated identifier', () => {
    expect(() => tieKeys(['a', 'b', 'a'])).toThrow(/duplicate/);
  });
  it('rankPool(scores, keys) ranks by score, then identifier descending', () => {
    const p = pool(['a', 'b', 'c'], [1, 2, 1]);
    expect([...p.rankOf]).toEqual([3, 1, 2]); // b (2), then c before a on the tie
  });
  it('countAbove(pool, score, key) counts items strictly above under the tie rule', () => {
    const p = pool(['a', 'b', 'c', 'd'], [3, 2, 2, 1]);
    expect(countAbove(p, 2, 1)).toBe(2); // a (3) and c (2, 'c' > 'b')
    expect(countAbove(p, 5, 0)).toBe(0);
    expect(countAbove(p, 0, 3)).toBe(4);
  });
});

describe('substitutionRank(pool, i, newScore)', () => {
  const p = pool(['a', 'b', 'c', 'd'], [4, 3, 2, 1]);
  it('is the rank the replacement takes with all else unchanged', () => {
    expect(substitutionRank(p, 2, 3.5)).toBe(2); // c → 3.5: only a above
    expect(substitutionRank(p, 0, 0)).toBe(4); // a → 0: b, c, d above
  });
  it('breaks a score tie with the inherited identifier', () => {
    expect(substitutionRank(p, 3, 3)).toBe(2); // d → 3 ties b; 'd' > 'b' so d goes first
    expect(substitutionRank(p, 0, 3)).toBe(2); // a → 3 ties b; 'b' > 'a', so only b is above
  });
  it('equals the own rank when the score is unchanged', () => {
    for (let i = 0; i < 4; i++) expect(substitutionRank(p, i, p.scores[i])).toBe(p.rankOf[i]);
  });
});

describe('twinQueryMetrics(pool, pairs, k)', () => {
  // d1..d5 score 5..1. d1 (female) → twin 2.5; d4 (male) → female twin 4.5.
  const p = pool(['d1', 'd2', 'd3', 'd4', 'd5'], [5, 4, 3, 2, 1]);
  const pairs: TwinPair[] = [
    { index: 0, twinScore: 2.5, firstGroup: 'original' },
    { index: 3, twinScore: 4.5, firstGroup: 'twin' },
  ];
  const m = twinQueryMetrics(p, pairs, 2)!;
  it('gives the mean absolute rank shift over S', () => {
    // rank_t(d1) = 3 (below 4, 3), rank_t(d4) = 2 (below 5): shifts 2 and 2
    expect(m.rankShift).toBe(2);
  });
  it('gives IoU@k and Dropout@k against the twin world', () => {
    // A = {d1, d2}; twin world 2.5, 4, 3, 4.5, 1 → B = {d4, d2}
    expect(m.iou).toBeCloseTo(1 / 3, 15);
    expect(m.dropout).toBe(1); // d1 is the one S member in A, and it left
  });
  it('counts RBC wins for the first group from substitution ranks', () => {
    // d1: F = original (1) vs M = twin (3) → F; d4: F = twin (2) vs M = original (4) → F
    expect([m.winsFirst, m.winsSecond]).toEqual([2, 0]);
  });
  it('gives Kendall τ-b over P and Pearson over S', () => {
    // 5 concordant and 5 discordant pairs of (5,4,3,2,1) vs (2.5,4,3,4.5,1)
    expect(m.kendallTau).toBeCloseTo(0, 15);
    expect(m.pearson).toBeCloseTo(-1, 15); // two points (5, 2.5), (2, 4.5)
  });
  it('returns undefined for an empty S and throws for k < 1', () => {
    expect(twinQueryMetrics(p, [], 2)).toBeUndefined();
    expect(() => twinQueryMetrics(p, pairs, 0)).toThrow(RangeError);
  });
  it('on an all-tied pool ranks by identifier and leaves τ and r undefined', () => {
    const tied = pool(['a', 'b', 'c', 'd'], [1, 1, 1, 1]); // ranks d, c, b, a
    const same = twinQueryMetrics(tied, [{ index: 1, twinScore: 1, firstGroup: 'original' }], 2)!;
    expect([same.rankShift, same.iou, same.dropout, same.winsFirst, same.winsSecond]).toEqual([0, 1, 0, 0, 0]);
    expect(same.kendallTau).toBeUndefined(); // both worlds constant
    expect(same.pearson).toBeUndefined(); // |S| = 1
    const up = twinQueryMetrics(tied, [{ index: 0, twinScore: 2, firstGroup: 'twin' }], 2)!;
    expect(up.rankShift).toBe(3); // a: 4 → 1
    expect(up.iou).toBeCloseTo(1 / 3, 15); // {d, c} vs {a, d}
    expect(up.dropout).toBe(0); // a was not in A
    expect([up.winsFirst, up.winsSecond]).toEqual([1, 0]); // F = twin (1) beats M = original (4)
  });
});

describe('rankBiserial(winsFirst, winsSecond)', () => {
  it('is (W_F − W_M)/(W_F + W_M), and 0 when both are 0', () => {
    expect(rankBiserial(3, 1)).toBe(0.5);
    expect(rankBiserial(0, 2)).toBe(-1);
    expect(rankBiserial(0, 0)).toBe(0);
  });
  it('with few non-ties counts only the pairs whose ranks differ', () => {
    // a, b keep their ranks (ties); only c's female twin moves, from 3 to 1
    const p = pool(['a', 'b', 'c'], [10, 9, 8]);
    const m = twinQueryMetrics(
      p,
      [
        { index: 0, twinScore: 9.5, firstGroup: 'original' },
        { index: 1, twinScore: 8.5, firstGroup: 'twin' },
        { index: 2, twinScore: 11, firstGroup: 'twin' },
      ],
      1,
    )!;
    expect([m.winsFirst, m.winsSecond]).toEqual([1, 0]);
    expect(rankBiserial(m.winsFirst, m.winsSecond)).toBe(1);
  });
});

describe('twinQueryResults(queries, k) and summarizeTwins(perQuery, indices)', () => {
  const q1: TwinQuery = {
    queryId: 'q1',
    pool: pool(['d1', 'd2', 'd3', 'd4'], [4, 3, 2, 1]),
    pairs: [
      { index: 0, twinScore: 0, firstGroup: 'original', lang: 'en', direction: 'female->male' }, // 1 → 4
      { index: 3, twinScore: 5, firstGroup: 'twin', lang: 'fr', direction: 'male->female' }, // 4 → 1
    ],
  };
  const q2: TwinQuery = { queryId: 'q2', pool: pool(['d1', 'd2'], [2, 1]), pairs: [] };
  const [r1, r2] = twinQueryResults([q1, q2], 1);
  it('restricts S to one language and replaces only those twins', () => {
    const en = r1.byLang.get('en')!;
    expect(en.pairs).toBe(1);
    expect(en.rankShift).toBe(3);
    expect(en.iou).toBe(0); // top 1: d1 vs d2 (d4 keeps its score 1)
    const fr = r1.byLang.get('fr')!;
    expect(fr.iou).toBe(0); // top 1: d1 vs d4
    expect(fr.dropout).toBe(0); // d4 was not in A
    expect(r1.all!.iou).toBe(0); // top 1: d1 vs d4
    expect(r1.all!.dropout).toBe(1);
  });
  it('splits by group direction', () => {
    expect([...r1.byDirection.keys()].sort()).toEqual(['female->male', 'male->female']);
    const fm = r1.byDirection.get('female->male')!;
    expect([fm.winsFirst, fm.winsSecond]).toEqual([1, 0]); // F (orig, 1) vs M (twin, 4): F better
  });
  it('leaves a query without pairs out of the means', () => {
    expect(r2.all).toBeUndefined();
    const s = summarizeTwins([r1.all, r2.all]);
    expect(s.queries).toBe(1);
    expect(s.rankShift).toBe(3);
  });
  const base = { pairs: 4, rankShift: 1, iou: 1, dropout: 0, kendallTau: undefined, pearson: 0.5, winsFirst: 3, winsSecond: 1, cohensD: 2, topPairs: 4, topFirst: 3, topSecond: 1, oddsRatio: 4, stdMad: 0.5 };
  it('summarizeTwins(perQuery) averages the per-query RBCs and keeps the pooled RBC beside them', () => {
    const a = base;
    const b = { ...a, winsFirst: 0, winsSecond: 2, pearson: undefined };
    const s = summarizeTwins([a, b]);
    expect(s.rbc).toBe(-0.25); // per query (3 − 1)/4 = 0.5 and (0 − 2)/2 = −1, averaged (METRICS.md §3)
    expect(s.rbcPooled).toBe(0); // (3 − 3)/6
    expect(s.pearson).toBe(0.5); // mean over the queries where defined
    expect(s.kendallTau).toBeUndefined();
    expect(summarizeTwins([a, b], [1, 1]).rbc).toBe(-1); // a bootstrap resample
    expect(summarizeTwins([a, b], [1, 1]).rbcPooled).toBe(-1);
  });
  it('summarizeTwins(perQuery) averages Cohen’s d and Std MAD where defined and takes the geometric mean of OddsRatio@k', () => {
    const a = base;
    const b = { ...base, cohensD: undefined, oddsRatio: 1 / 16, stdMad: 1.5 };
    const c = { ...base, cohensD: -1, oddsRatio: undefined, stdMad: undefined };
    const s = summarizeTwins([a, b, c]);
    expect(s.cohensD).toBe(0.5); // (2 − 1)/2
    expect(s.oddsRatio).toBeCloseTo(0.5, 15); // √(4 · 1/16)
    expect(s.stdMad).toBe(1); // (0.5 + 1.5)/2
    expect(summarizeTwins([c]).oddsRatio).toBeUndefined();
  });
});

describe('cohensD(differences)', () => {
  it('cohensD([1, 2, 3]) is the mean over the sample SD: 2 / 1 = 2 (the @example)', () => {
    expect(cohensD([1, 2, 3])).toBe(2);
  });
  it('cohensD(x) is undefined for fewer than 2 differences or equal differences', () => {
    expect(cohensD([1])).toBeUndefined();
    expect(cohensD([0, 0, 0])).toBeUndefined();
    expect(cohensD([-1, -3])).toBeCloseTo(-2 / Math.SQRT2, 15); // mean −2, sd √2
  });
});

describe('oddsRatioAtK(nFirst, nSecond, n)', () => {
  it('oddsRatioAtK(3, 1, 4) adds ½ to every cell: (3.5/1.5)/(1.5/3.5) = 49/9 (the @example)', () => {
    expect(oddsRatioAtK(3, 1, 4)).toBeCloseTo(49 / 9, 14);
  });
  it('oddsRatioAtK(n_F, n_M, n) is 1 for equal counts, its inverse with the groups swapped, undefined when no member reaches the top k', () => {
    expect(oddsRatioAtK(2, 2, 5)).toBe(1);
    expect(oddsRatioAtK(1, 3, 4)! * oddsRatioAtK(3, 1, 4)!).toBeCloseTo(1, 14);
    expect(oddsRatioAtK(0, 0, 4)).toBeUndefined();
    expect(() => oddsRatioAtK(5, 0, 4)).toThrow(RangeError);
  });
});

describe('twinQueryMetrics(pool, pairs, k): Cohen’s d, OddsRatio@k and Std MAD', () => {
  // d1..d5 score 10, 8, 6, 4, 2; twins: d1 (F) → 7, d2 (M) → 9.5 (F twin), d4 (F) → 4, d5 (neither) → 1
  const p = pool(['d1', 'd2', 'd3', 'd4', 'd5'], [10, 8, 6, 4, 2]);
  const m = twinQueryMetrics(
    p,
    [
      { index: 0, twinScore: 7, firstGroup: 'original' },
      { index: 1, twinScore: 9.5, firstGroup: 'twin' },
      { index: 3, twinScore: 4, firstGroup: 'original' },
      { index: 4, twinScore: 1, firstGroup: 'neither' },
    ],
    2,
  )!;
  it('Cohen’s d is over s(F) − s(M) of the pairs with a first-group member: (3, 1.5, 0), d = 1.5 / 1.5 = 1', () => {
    expect(m.cohensD).toBeCloseTo(1, 15);
  });
  it('OddsRatio@2 counts each member at the rank where it stands, over the 3 pairs with a first-group member', () => {
    // d1: F rank_o 1, M (twin 7, only d2's 8 above) rank 2 → both in; d2: F (twin 9.5, d1's 10 above) rank 2,
    // M rank_o 2 → both in; d4: F rank_o 4, M (twin 4) rank 4 → both out. n_F = n_M = 2: OR = 1.
    expect([m.topPairs, m.topFirst, m.topSecond]).toEqual([3, 2, 2]);
    expect(m.oddsRatio).toBe(1);
  });
  it('Std MAD is the sample SD of |s(d) − s(d′)| over all of S: (3, 1.5, 0, 1)', () => {
    expect(m.stdMad).toBeCloseTo(Math.sqrt(((3 - 1.375) ** 2 + (1.5 - 1.375) ** 2 + 1.375 ** 2 + (1 - 1.375) ** 2) / 3), 15);
  });
});
