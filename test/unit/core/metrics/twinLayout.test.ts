/**
 * Pins the typed-array path of the per-query twin metrics (twinLayout + twinLayoutResults, what
 * the audit runs) to twinQueryResults over TwinPair objects, on random pools with ties, several
 * languages and directions, and S both large and small beside the pool (the two ways S is put in
 * rank order).
 */
import { describe, expect, it } from 'vitest';
import { rankPool, substitutionRank, tieKeys } from '../../../../src/core/metrics/rankedPool.ts';
import { twinLayout, twinLayoutResults, twinQueryResults, type LabeledTwinPair } from '../../../../src/core/metrics/twins.ts';
import type { FirstGroupSide, TwinQueryMetrics } from '../../../../src/core/metrics/twinsKernel.ts';
import { createRng } from '../../../../src/core/stats/rng.ts';

const rng = createRng(9090);
const sides: FirstGroupSide[] = ['original', 'twin', 'neither'];

describe('twinLayoutResults(layout, pool, twinScore, substitutionRank, k)', () => {
  it('equals twinQueryResults for S, every language and every direction, to the bit', () => {
    for (let trial = 0; trial < 60; trial++) {
      const n = 2 + rng.int(400);
      const levels = [2, 7, 50, 100_000][trial % 4];
      const ids = Array.from({ length: n }, (_, i) => `d${(i * 7919) % (n * 3)}-${i}`);
      const scores = Array.from({ length: n }, () => rng.int(levels) / levels);
      const pool = rankPool(scores, tieKeys(ids));
      // S: most of the pool, or a few items (fewer than n / 16: S is sorted rather than found by a pass)
      const share = trial % 2 === 0 ? 0.8 : 0.03;
      const chosen = [...new Set(Array.from({ length: Math.max(1, Math.round(share * n)) }, () => rng.int(n)))];
      const langs = ['en', 'fr', 'de'].slice(0, 1 + (trial % 3));
      const pairs: LabeledTwinPair[] = chosen.map((index) => ({
        index,
        twinScore: rng.next() < 0.3 ? scores[index] : rng.int(levels) / levels,
        firstGroup: sides[rng.int(3)],
        lang: langs[rng.int(langs.length)],
        direction: rng.next() < 0.5 ? 'female->male' : 'male->female',
      }));
      const k = 1 + rng.int(15);
      const [expected] = twinQueryResults([{ queryId: 'q', pool, pairs }], k);
      const layout = twinLayout(pairs, n);
      const twinScore = Float64Array.from(pairs, (p) => p.twinScore);
      const rankT = Uint32Array.from(pairs, (p) => substitutionRank(pool, p.index, p.twinScore));
      const got = twinLayoutResults(layout, pool, twinScore, rankT, k);
      expect(got.all).toEqual(expected.all);
      expect([...got.byLang]).toEqual([...expected.byLang]);
      expect([...got.byDirection]).toEqual([...expected.byDirection]);
    }
  });
  it('equals twinQueryResults when S is put in rank order by a radix sort (20,000 pairs of a 60,000-item pool)', () => {
    const n = 60_000;
    const ids = Array.from({ length: n }, (_, i) => `d${(i * 7919) % (n * 3)}-${i}`);
    const scores = Array.from({ length: n }, () => rng.int(1000) / 1000);
    const pool = rankPool(scores, tieKeys(ids));
    const chosen = [...new Set(Array.from({ length: 22_000 }, () => rng.int(n)))];
    const pairs: LabeledTwinPair[] = chosen.map((index) => ({
      index,
      twinScore: rng.next() < 0.3 ? scores[index] : rng.int(1000) / 1000,
      firstGroup: sides[rng.int(3)],
      lang: ['en', 'fr'][rng.int(2)],
      direction: rng.next() < 0.5 ? 'female->male' : 'male->female',
    }));
    const [expected] = twinQueryResults([{ queryId: 'q', pool, pairs }], 10);
    const got = twinLayoutResults(twinLayout(pairs, n), pool, Float64Array.from(pairs, (p) => p.twinScore), Uint32Array.from(pairs, (p) => substitutionRank(pool, p.index, p.twinScore)), 10);
    expect(got.all).toEqual(expected.all);
    expect([...got.byLang]).toEqual([...expected.byLang]);
    expect([...got.byDirection]).toEqual([...expected.byDirection]);
  });

  it('twinLayout(pairs, poolSize) throws on a pair outside the pool or two pairs of one item', () => {
    const p = { firstGroup: 'original' as const, lang: 'en', direction: 'f->m' };
    expect(() => twinLayout([{ ...p, index: 3 }], 3)).toThrow(RangeError);
    expect(() => twinLayout([{ ...p, index: 1 }, { ...p, index: 1 }], 3)).toThrow(/two twin pairs/);
  });
});

describe('summarizeTwinColumns(twinColumns(perQuery), indices)', () => {
  /** The summary written out over the objects: each mean over the units defining it, in unit order. */
  function reference(perQuery: readonly (TwinQueryMetrics | undefined)[], indices: ArrayLike<number>) {
    const keys = ['iou', 'rankShift', 'dropout', 'kendallTau', 'pearson', 'cohensD', 'stdMad'] as const;
    const sum = Object.fromEntries(keys.map((k) => [k, 0])) as Record<(typeof keys)[number], number>;
    const count = { ...sum };
    let queries = 0;
    let pairs = 0;
    let wf = 0;
    let ws = 0;
    let rbc = 0;
    let logOdds = 0;
    let odds = 0;
    for (let j = 0; j < indices.length; j++) {
      const m = perQuery[indices[j]];
      if (!m) continue;
      queries++;
      pairs += m.pairs;
      wf += m.winsFirst;
      ws += m.winsSecond;
      rbc += m.winsFirst + m.winsSecond === 0 ? 0 : (m.winsFirst - m.winsSecond) / (m.winsFirst + m.winsSecond);
      if (m.oddsRatio !== undefined) (logOdds += Math.log(m.oddsRatio)), odds++;
      for (const k of keys) if (m[k] !== undefined) (sum[k] += m[k]!), count[k]++;
    }
    const mean = (k: (typeof keys)[number]) => (count[k] === 0 ? undefined : sum[k] / count[k]);
    return {
      iou: mean('iou'), rankShift: mean('rankShift'), dropout: mean('dropout'),
      rbc: queries === 0 ? undefined : rbc / queries,
      rbcPooled: queries === 0 ? undefined : wf + ws === 0 ? 0 : (wf - ws) / (wf + ws),
      kendallTau: mean('kendallTau'), pearson: mean('pearson'), cohensD: mean('cohensD'),
      oddsRatio: odds === 0 ? undefined : Math.exp(logOdds / odds), stdMad: mean('stdMad'), queries, pairs,
    };
  }
  it('equals the summary written out over the objects, to the bit, with queries left undefined and units drawn again', async () => {
    const { summarizeTwins, summarizeTwinColumns, twinColumns } = await import('../../../../src/core/metrics/twins.ts');
    for (let trial = 0; trial < 40; trial++) {
      const n = 1 + rng.int(60);
      const perQuery: (TwinQueryMetrics | undefined)[] = Array.from({ length: n }, () => {
        if (rng.next() < 0.2) return undefined;
        const maybe = (v: number) => (rng.next() < 0.15 ? undefined : v);
        return {
          pairs: 1 + rng.int(50),
          rankShift: rng.next() * 30,
          iou: rng.next(),
          dropout: rng.next(),
          kendallTau: maybe(2 * rng.next() - 1),
          pearson: maybe(2 * rng.next() - 1),
          winsFirst: rng.int(20),
          winsSecond: rng.int(20),
          cohensD: maybe(rng.next() * 4 - 2),
          topPairs: 10,
          topFirst: 3,
          topSecond: 4,
          oddsRatio: maybe(0.1 + rng.next() * 5),
          stdMad: maybe(rng.next()),
        };
      });
      const columns = twinColumns(perQuery);
      const all = Uint32Array.from({ length: n }, (_, i) => i);
      const draw = Uint32Array.from({ length: n }, () => rng.int(n));
      expect(summarizeTwinColumns(columns)).toEqual(reference(perQuery, all));
      expect(summarizeTwinColumns(columns, draw)).toEqual(reference(perQuery, draw));
      expect(summarizeTwins(perQuery, draw)).toEqual(reference(perQuery, draw));
    }
  });
});
