/**
 * Pins the faster sorts and searches of rankedPool.ts / twinsKernel.ts to
 * the straightforward definitions they replaced, on random inputs with many
 * score ties (so the identifier tie rule decides many places).
 */
import { describe, expect, it } from 'vitest';
import { compareRanked, type Scored } from '../../../../src/core/ranking.ts';
import { countAbove, keyOrder, PoolRanker, rankOrder, rankPool, substitutionRank, substitutionRanks, tieKeys } from '../../../../src/core/metrics/rankedPool.ts';
import { twinQueryMetrics, type TwinPair } from '../../../../src/core/metrics/twinsKernel.ts';
import { createRng } from '../../../../src/core/stats/rng.ts';

const rng = createRng(4242);

/** n items with distinct ids and scores on a grid of `levels` values (many ties for small levels). */
function randomItems(n: number, levels: number): Scored[] {
  const ids = new Set<string>();
  while (ids.size < n) ids.add(`d${rng.int(4 * n + 10)}${rng.next() < 0.3 ? 'x' : ''}`);
  return [...ids].map((id) => ({ id, score: rng.int(levels) / levels - 0.5 }));
}

const sizes = [0, 1, 2, 15, 16, 17, 33, 100, 1_000, 5_003];
const levelsOf = [1, 3, 50, 65_536];

describe('sortRankedTriples and rankPool', () => {
  it.each(sizes)('rankPool order equals Array.sort with compareRanked (n = %d, several tie densities)', (n) => {
    for (const levels of levelsOf) {
      const items = randomItems(n, levels);
      const keys = tieKeys(items.map((d) => d.id));
      const pool = rankPool(
        items.map((d) => d.score),
        keys,
      );
      const expected = items.map((d, i) => ({ ...d, i })).sort(compareRanked);
      expect([...pool.order]).toEqual(expected.map((d) => d.i));
      expect([...pool.sortedScores]).toEqual(expected.map((d) => d.score));
      expect([...pool.order].map((i) => pool.keys[i])).toEqual(expected.map((d) => keys[d.i]));
      expected.forEach((d, r) => expect(pool.rankOf[d.i]).toBe(r + 1));
      // pairs of equal scores, counted by hand over the items
      const bySc = new Map<number, number>();
      for (const d of items) bySc.set(d.score + 0, (bySc.get(d.score + 0) ?? 0) + 1);
      expect(pool.tiedPairs).toBe([...bySc.values()].reduce((a, t) => a + (t * (t - 1)) / 2, 0));
    }
  });

  it('rankOrder is stable on equal (score, key) pairs, orders negative, zero and positive scores, and handles presorted and reversed input', () => {
    for (const n of [40, 1_000]) {
      const score = Float64Array.from({ length: n }, () => (rng.int(9) - 4) * [1, 0.5, 1e-300, 1e300][rng.int(4)]);
      const key = Uint32Array.from({ length: n }, () => [0, 1, 2 ** 32 - 1, 2 ** 31][rng.int(4)]);
      const cmp = (a: number, b: number) => (score[a] !== score[b] ? score[b] - score[a] : key[b] - key[a]);
      const expected = Array.from({ length: n }, (_, i) => i).sort(cmp);
      expect([...rankOrder(score, key)]).toEqual(expected);
      // the same items presorted, and reversed: positions map back through `perm`
      for (const perm of [expected, [...expected].reverse()]) {
        const got = rankOrder(
          Float64Array.from(perm, (i) => score[i]),
          Uint32Array.from(perm, (i) => key[i]),
        );
        expect([...got].map((r) => perm[r])).toEqual([...perm].sort(cmp));
      }
    }
  });

  it('rankOrder(score, key, keyOrder(key)) is rankOrder(score, key): from the key order, by score alone', () => {
    for (const n of [0, 1, 40, 1_000, 5_003]) {
      for (const levels of levelsOf) {
        // on a grid (ties, constant low digits), or every bit of the mantissa used (÷ 3)
        const score = Float64Array.from({ length: n }, () => (levels === 65_536 ? (rng.next() - 0.5) / 3 : (rng.int(levels) - levels / 2) * [1, 0.5, 1e-300, 1e300][rng.int(4)]));
        // distinct keys (a pool's) and repeated ones (stability decides)
        for (const key of [tieKeys(randomItems(n, levels).map((d) => d.id)), Uint32Array.from({ length: n }, () => [0, 1, 2 ** 32 - 1, 2 ** 31][rng.int(4)])]) {
          const byKey = keyOrder(key);
          expect([...byKey]).toEqual(Array.from({ length: n }, (_, i) => i).sort((a, b) => key[b] - key[a] || a - b));
          expect([...rankOrder(score, key, byKey)]).toEqual([...rankOrder(score, key)]);
          expect(rankPool(score, key, byKey)).toEqual(rankPool(score, key));
        }
      }
    }
    expect(() => rankOrder(new Float64Array(3), new Uint32Array(3), new Uint32Array(2))).toThrow(RangeError);
  });

  it('PoolRanker.rank(scores) equals rankPool(scores, keys) pool after pool, its arrays written again each time', () => {
    for (const n of [0, 1, 40, 5_003]) {
      const keys = tieKeys(randomItems(n, 3).map((d) => d.id));
      const ranker = new PoolRanker(keys);
      for (const levels of levelsOf) {
        const score = Float64Array.from({ length: n }, () => rng.int(levels) / levels - 0.5);
        expect(ranker.rank(score)).toEqual(rankPool(score, keys));
      }
    }
    expect(() => new PoolRanker(new Uint32Array(2)).rank(new Float64Array(3))).toThrow(RangeError);
  });

  it('from 65,536 items (16-bit digits), rankOrder with and without the key order equals a comparator sort', () => {
    const n = 70_003;
    const key = tieKeys(Array.from({ length: n }, (_, i) => `d${(i * 7919) % n}`));
    for (const levels of [50, 1 << 30]) {
      const score = Float64Array.from({ length: n }, () => (rng.int(levels) - levels / 2) * (rng.next() < 0.1 ? 1e-300 : 1));
      const expected = Array.from({ length: n }, (_, i) => i).sort((a, b) => (score[a] !== score[b] ? (score[b] > score[a] ? 1 : -1) : key[b] - key[a]));
      expect([...rankOrder(score, key)]).toEqual(expected);
      expect([...rankOrder(score, key, keyOrder(key))]).toEqual(expected);
    }
  });

  it('a long run of one float32 value over distinct float64 scores: order, sortedScores, rankOf and tiedPairs of the comparator sort', () => {
    // multiples of 1e-300 all round to float32 0: one run of ~1,000 items sorted by the float64 score
    for (const ranker of [false, true]) {
      const n = 1_000;
      const score = Float64Array.from({ length: n }, () => (rng.int(41) - 20) * 1e-300);
      const keys = tieKeys(Array.from({ length: n }, (_, i) => `d${(i * 389) % n}`));
      const pool = ranker ? new PoolRanker(keys).rank(score) : rankPool(score, keys);
      const expected = Array.from({ length: n }, (_, i) => i).sort((a, b) => (score[a] !== score[b] ? (score[b] > score[a] ? 1 : -1) : keys[b] - keys[a]));
      expect([...pool.order]).toEqual(expected);
      expect([...pool.sortedScores]).toEqual(expected.map((i) => score[i]));
      expected.forEach((i, r) => expect(pool.rankOf[i]).toBe(r + 1));
      const counts = new Map<number, number>();
      for (const s of score) counts.set(s + 0, (counts.get(s + 0) ?? 0) + 1);
      expect(pool.tiedPairs).toBe([...counts.values()].reduce((a, t) => a + (t * (t - 1)) / 2, 0));
    }
  });

  it('-0 and 0 tie (broken by key), as in the comparator sort', () => {
    const pool = rankPool([0, -0, 0], [0, 2, 1]);
    expect([...pool.order]).toEqual([1, 2, 0]);
  });
});

describe('countAbove', () => {
  it('equals a scan of the pool, for probes on and off the pool scores', () => {
    for (const n of [0, 1, 2, 3, 17, 500, 4_097]) {
      for (const levels of levelsOf) {
        const items = randomItems(n, levels);
        const keys = tieKeys(items.map((d) => d.id));
        const pool = rankPool(
          items.map((d) => d.score),
          keys,
        );
        for (let t = 0; t < 200; t++) {
          const score = n > 0 && rng.next() < 0.7 ? items[rng.int(n)].score : rng.int(levels + 2) / levels - 0.5 - 1 / levels;
          const key = rng.int(n + 2) - 1;
          let scan = 0;
          for (let i = 0; i < n; i++) if (pool.scores[i] > score || (pool.scores[i] === score && pool.keys[i] > key)) scan++;
          expect(countAbove(pool, score, key)).toBe(scan);
        }
      }
    }
  });
});

describe('substitutionRanks(pool, index, newScore)', () => {
  it('equals substitutionRank item by item, for replacements on and off the pool scores', () => {
    for (const n of [1, 2, 17, 500, 4_097]) {
      for (const levels of levelsOf) {
        const items = randomItems(n, levels);
        const pool = rankPool(
          items.map((d) => d.score),
          tieKeys(items.map((d) => d.id)),
        );
        const chosen = [...new Set(Array.from({ length: 1 + rng.int(n) }, () => rng.int(n)))];
        const newScore = Float64Array.from(chosen, (i) => (rng.next() < 0.4 ? items[rng.int(n)].score : rng.next() < 0.2 ? items[i].score : rng.int(levels + 2) / levels - 0.5 - 1 / levels));
        const got = substitutionRanks(pool, Uint32Array.from(chosen), newScore);
        expect([...got]).toEqual(chosen.map((i, j) => substitutionRank(pool, i, newScore[j])));
      }
    }
    expect(() => substitutionRanks(rankPool([1], [0]), [0], new Float64Array(2))).toThrow(RangeError);
  });
});

describe('twinQueryMetrics top k (bounded selection of the twins)', () => {
  it('IoU@k and Dropout@k equal those from a full sort of the twin world', () => {
    for (let trial = 0; trial < 40; trial++) {
      const n = 5 + rng.int(300);
      const levels = [1, 4, 20, 1000][trial % 4];
      const items = randomItems(n, levels);
      const keys = tieKeys(items.map((d) => d.id));
      const pool = rankPool(
        items.map((d) => d.score),
        keys,
      );
      const m = 1 + rng.int(n);
      const chosen = new Set<number>();
      while (chosen.size < m) chosen.add(rng.int(n));
      const pairs: TwinPair[] = [...chosen].map((index) => ({
        index,
        twinScore: rng.next() < 0.3 ? items[index].score : rng.int(levels) / levels - 0.5,
        firstGroup: 'original',
      }));
      const k = 1 + rng.int(12);
      const got = twinQueryMetrics(pool, pairs, k)!;
      // reference: rank both worlds by a full sort under the tie rule
      const twin = items.map((d) => ({ ...d }));
      for (const p of pairs) twin[p.index] = { id: items[p.index].id, score: p.twinScore };
      const top = (world: Scored[]) => new Set(world.map((d, i) => ({ ...d, i })).sort(compareRanked).slice(0, Math.min(k, n)).map((d) => d.i));
      const A = top(items);
      const B = top(twin);
      const both = [...A].filter((i) => B.has(i)).length;
      const sInA = [...A].filter((i) => chosen.has(i));
      expect(got.iou).toBe(both / (A.size + B.size - both));
      expect(got.dropout).toBe(sInA.length === 0 ? 0 : sInA.filter((i) => !B.has(i)).length / sInA.length);
    }
  });
});
