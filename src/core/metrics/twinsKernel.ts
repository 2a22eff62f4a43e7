/**
 * One query of the counterfactual-twin metrics (METRICS.md §3): substitution
 * ranks, rank shift, IoU@k, Dropout@k, Kendall τ-b, Pearson r, the
 * rank-biserial win counts, Cohen's d of s(F) − s(M), the top-k counts of
 * OddsRatio@k and the standard deviation of |s(d) − s(d')|, for the twins in
 * S (or a subset of them: one language, one group direction).
 */
import { pearson } from '../stats/correlation.ts';
import { cohensD } from './cohensD.ts';
import { oddsRatioAtK } from './oddsRatioAtK.ts';
import { substitutionRank, type RankedPool } from './rankedPool.ts';
import { sampleSd } from './sampleSd.ts';
import { twinWorldTauRanked } from './twinWorldTau.ts';
import { scratchArray } from '../scratch.ts';

/** Which member of a twin pair belongs to the task's first group (e.g. female). */
export type FirstGroupSide = 'original' | 'twin' | 'neither';

/** A document d of S and its twin d'. */
export interface TwinPair {
  /** Index of d in the pool. */
  readonly index: number;
  /** s(d'), the twin's score from the same model and query. */
  readonly twinScore: number;
  /** Whether F (the first-group member) is d, d', or neither (pair left out of RBC). */
  readonly firstGroup: FirstGroupSide;
  /**
   * rank_t(d) in this pool when the caller has it: it depends on the pool and the pair only, not
   * on which subset of S is replaced, so a caller scoring S, each language and each direction finds
   * it once (perQuery.ts). Found here when absent.
   */
  readonly substitutionRank?: number;
}

/** The twin metrics of one query for one set of pairs S. */
export interface TwinQueryMetrics {
  /** |S|. */
  readonly pairs: number;
  /** Mean over S of |rank_o(d) − rank_t(d)|. */
  readonly rankShift: number;
  /** |A ∩ B| / |A ∪ B|, A and B the top k of the original and twin worlds. */
  readonly iou: number;
  /** Share of S ∩ A not in B; 0 when S ∩ A is empty. */
  readonly dropout: number;
  /** Kendall τ-b of original vs twin-world scores over P; undefined when a vector is constant. */
  readonly kendallTau: number | undefined;
  /** Pearson r of s(d) vs s(d') over S; undefined for |S| < 2 or a constant side. */
  readonly pearson: number | undefined;
  /** Pairs where F has the strictly better (smaller) substitution rank. */
  readonly winsFirst: number;
  /** Pairs where M has the strictly better substitution rank. */
  readonly winsSecond: number;
  /** Cohen's d of s(F) − s(M) over the pairs with a first-group member; undefined for fewer than 2 or all differences equal. */
  readonly cohensD: number | undefined;
  /** Pairs with a first-group member (n of OddsRatio@k). */
  readonly topPairs: number;
  /** Of those, pairs whose F member ranks ≤ k where it stands (d at rank_o, d' at rank_t). */
  readonly topFirst: number;
  /** Of those, pairs whose M member ranks ≤ k. */
  readonly topSecond: number;
  /** OddsRatio@k (oddsRatioAtK); undefined when topFirst + topSecond = 0. */
  readonly oddsRatio: number | undefined;
  /** Sample SD over S of |s(d) − s(d')|; undefined for |S| < 2. */
  readonly stdMad: number | undefined;
}

/**
 * Rank-biserial correlation from win counts: (W_F − W_M) / (W_F + W_M), 0 when
 * both are 0 (METRICS.md §3). Ties count for neither side.
 * @example rankBiserial(3, 1) // 0.5
 */
export function rankBiserial(winsFirst: number, winsSecond: number): number {
  const total = winsFirst + winsSecond;
  return total === 0 ? 0 : (winsFirst - winsSecond) / total;
}

/** FirstGroupSide as a small integer, for the typed arrays of a TwinSet. */
export const FIRST_GROUP_CODE = Object.freeze({ original: 0, twin: 1, neither: 2 } as const);

/**
 * A set of twin pairs S (all of a query's, or one language's or direction's) as typed arrays in
 * pair order — the order the score sums (Pearson r, Cohen's d, Std MAD) run in — with the pairs'
 * positions by original rank, which the rank metrics read.
 */
export interface TwinSet {
  /** Index of d in the pool, per pair. */
  readonly index: Uint32Array;
  /** s(d′). */
  readonly twinScore: Float64Array;
  /** rank_t(d). */
  readonly substitutionRank: Uint32Array;
  /** FIRST_GROUP_CODE of each pair. */
  readonly firstGroup: Uint8Array;
  /** The pairs' positions by ascending rank_o(d). */
  readonly byRank: Uint32Array;
}

/**
 * Top k of the twin world, where every d in S is replaced by d' (keeping d's identifier): merges
 * the first k non-S items of the original order with the best k re-scored S items. `rankAt` are
 * S's 0-based original ranks, ascending. Returns pool indices; O(k + |S|) without a buffer the
 * size of the pool.
 */
function twinTopK(pool: RankedPool, set: TwinSet, rankAt: Uint32Array, k: number): number[] {
  const kept: number[] = [];
  for (let r = 0, s = 0; r < pool.order.length && kept.length < k; r++) {
    if (s < rankAt.length && rankAt[s] === r) s++;
    else kept.push(pool.order[r]);
  }
  const twins = bestTwins(set, pool.keys, k);
  const out: number[] = [];
  let a = 0;
  let b = 0;
  while (out.length < k && (a < kept.length || b < twins.length)) {
    if (b >= twins.length) out.push(kept[a++]);
    else if (a >= kept.length) out.push(set.index[twins[b++]]);
    else {
      const x = kept[a];
      const y = twins[b];
      const sx = pool.scores[x];
      const sy = set.twinScore[y];
      if (sx > sy || (sx === sy && pool.keys[x] > pool.keys[set.index[y]])) out.push(kept[a++]);
      else (out.push(set.index[y]), b++);
    }
  }
  return out;
}

/**
 * The first min(k, |S|) pairs of S (their positions in the set) in twin-world order (twin score
 * descending, then key descending), best first. Only k of them can enter the top k, so instead of
 * sorting all of S (|S| = 1,500 against k = 10 in the benchmark) a sorted buffer of the best k is
 * kept: a pair is compared with the buffer's worst and, when it ranks above, inserted by shifting.
 * Keys are distinct (each d at most once), so no two pairs tie.
 */
function bestTwins(set: TwinSet, keys: Uint32Array, k: number): Uint32Array {
  const { twinScore, index } = set;
  const m = index.length;
  const best = new Uint32Array(Math.min(k, m));
  const cap = best.length;
  let size = 0;
  const above = (s: number, key: number, q: number) => s > twinScore[q] || (s === twinScore[q] && key > keys[index[q]]);
  for (let p = 0; p < m; p++) {
    const s = twinScore[p];
    const key = keys[index[p]];
    if (size === cap) {
      if (!above(s, key, best[size - 1])) continue;
      size--; // the worst drops out
    }
    let j = size - 1;
    while (j >= 0 && above(s, key, best[j])) {
      best[j + 1] = best[j];
      j--;
    }
    best[j + 1] = p;
    size++;
  }
  return best;
}

/**
 * Twin metrics of one query (METRICS.md §3). `pool` is the whole corpus
 * ranked by original scores; `pairs` is S (each d at most once). Only the
 * pairs given are replaced in the twin world, so passing one language's
 * pairs gives that language's metrics. A pair whose members are in neither
 * group ('neither') counts for the rank, score and top-k metrics over S but
 * not for RBC, Cohen's d or OddsRatio@k, which need an F and an M.
 * "In the top k" is rank ≤ k, the rank where the member stands: d at its
 * own rank_o, d' at its substitution rank rank_t.
 * @returns undefined when S is empty (the query is left out of the means).
 * @throws {RangeError} when k < 1.
 */
export function twinQueryMetrics(pool: RankedPool, pairs: readonly TwinPair[], k: number): TwinQueryMetrics | undefined {
  if (!(k >= 1)) throw new RangeError(`k must be at least 1, got ${k}`);
  const m = pairs.length;
  const index = Uint32Array.from(pairs, (p) => p.index);
  const twinScore = Float64Array.from(pairs, (p) => p.twinScore);
  const rank = Uint32Array.from(pairs, (p, j) => p.substitutionRank ?? substitutionRank(pool, p.index, twinScore[j]));
  const firstGroup = Uint8Array.from(pairs, (p) => FIRST_GROUP_CODE[p.firstGroup]);
  // The pairs by original rank, packed as rank·m + position: exact in a float64 for n·m < 2^53.
  const keyed = Float64Array.from(index, (i, j) => (pool.rankOf[i] - 1) * m + j).sort();
  const byRank = Uint32Array.from(keyed, (v) => v % m);
  return twinSetMetrics(pool, { index, twinScore, substitutionRank: rank, firstGroup, byRank }, k);
}

/** twinSetMetrics' working arrays, one per array it holds at once (core/scratch.ts). */
const scratchOriginal = scratchArray((n) => new Float64Array(n));
const scratchAbsDiff = scratchArray((n) => new Float64Array(n));
const scratchFirstMinusSecond = scratchArray((n) => new Float64Array(n));
const scratchRankAt = scratchArray((n) => new Uint32Array(n));
const scratchRankO = scratchArray((n) => new Uint32Array(n));
const scratchYAt = scratchArray((n) => new Float64Array(n));

/**
 * twinQueryMetrics over a TwinSet: the same metrics, the same values to the bit (the score sums
 * run in pair order, the counts are integers).
 * @returns undefined when S is empty.
 * @throws {RangeError} when k < 1.
 */
export function twinSetMetrics(pool: RankedPool, set: TwinSet, k: number): TwinQueryMetrics | undefined {
  if (!(k >= 1)) throw new RangeError(`k must be at least 1, got ${k}`);
  const { index, twinScore, substitutionRank: rankT, firstGroup, byRank } = set;
  const m = index.length;
  if (m === 0) return undefined;
  const n = pool.scores.length;
  // Views of reused buffers (core/scratch.ts): every element below is written before it is read.
  const original = scratchOriginal(m);
  const absDiff = scratchAbsDiff(m);
  const firstMinusSecond = scratchFirstMinusSecond(m);
  /** rank_o of each pair, read from the pool in pair order (the pool's arrays in index order), for the walk in rank order below. */
  const rankOOf = scratchRankO(m);
  let topPairs = 0;
  let shift = 0;
  let winsFirst = 0;
  let winsSecond = 0;
  let topFirst = 0;
  let topSecond = 0;
  for (let j = 0; j < m; j++) {
    const x = pool.scores[index[j]];
    const y = twinScore[j];
    original[j] = x;
    absDiff[j] = Math.abs(x - y);
    const rankO = pool.rankOf[index[j]];
    rankOOf[j] = rankO;
    const rankOfTwin = rankT[j];
    shift += Math.abs(rankO - rankOfTwin);
    const side = firstGroup[j];
    if (side === FIRST_GROUP_CODE.neither) continue;
    const firstIsOriginal = side === FIRST_GROUP_CODE.original;
    const rankF = firstIsOriginal ? rankO : rankOfTwin;
    const rankM = firstIsOriginal ? rankOfTwin : rankO;
    if (rankF < rankM) winsFirst++;
    else if (rankM < rankF) winsSecond++;
    if (rankF <= k) topFirst++;
    if (rankM <= k) topSecond++;
    firstMinusSecond[topPairs++] = firstIsOriginal ? x - y : y - x;
  }
  // S in rank order: 0-based ranks ascending, with the twins' scores.
  const rankAt = scratchRankAt(m);
  const yAt = scratchYAt(m);
  for (let p = 0; p < m; p++) {
    const j = byRank[p];
    rankAt[p] = rankOOf[j] - 1; // not pool.rankOf[index[j]]: at random over the pool, half this kernel's time at 1,000,000 items
    yAt[p] = twinScore[j];
  }
  const kk = Math.min(k, n);
  // A = the original top kk (rank ≤ kk), B = the twin world's top kk; S ∩ A are S's ranks ≤ kk.
  const top = twinTopK(pool, set, rankAt, kk);
  let both = 0;
  for (const i of top) if (pool.rankOf[i] <= kk) both++;
  let sInA = 0;
  let sDropped = 0;
  for (let s = 0; s < m && rankAt[s] < kk; s++) {
    sInA++;
    if (!top.includes(pool.order[rankAt[s]])) sDropped++;
  }
  return {
    pairs: m,
    rankShift: shift / m,
    iou: both / (2 * kk - both),
    dropout: sInA === 0 ? 0 : sDropped / sInA,
    kendallTau: twinWorldTauRanked(pool, rankAt, yAt),
    pearson: pearson(original, twinScore),
    winsFirst,
    winsSecond,
    cohensD: cohensD(firstMinusSecond.subarray(0, topPairs)),
    topPairs,
    topFirst,
    topSecond,
    oddsRatio: oddsRatioAtK(topFirst, topSecond, topPairs),
    stdMad: sampleSd(absDiff),
  };
}
