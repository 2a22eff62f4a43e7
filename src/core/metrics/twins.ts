/**
 * Counterfactual twins in retrieval (METRICS.md §3), over queries: the
 * per-query kernel (twinsKernel.ts) is applied to all of S, to each
 * language's twins and to each group direction's twins; reported values are
 * macro averages over the queries where a metric is defined — RBC too (the
 * per-query RBC, then the mean; the pooled RBC is kept beside it as
 * `rbcPooled`) — except OddsRatio@k, whose per-query ratios are combined by
 * their geometric mean.
 */
import { FIRST_GROUP_CODE, rankBiserial, twinQueryMetrics, twinSetMetrics, type FirstGroupSide, type TwinPair, type TwinQueryMetrics, type TwinSet } from './twinsKernel.ts';
import type { RankedPool } from './rankedPool.ts';
import { scratchArray } from '../scratch.ts';
import { orderByKey, RADIX_MIN_KEYS } from '../stats/radixSort.ts';

/** A twin pair with the labels it is grouped by. */
export interface LabeledTwinPair extends TwinPair {
  /** Language of the twin pair ('' when unknown). */
  readonly lang: string;
  /** Group direction, e.g. `female->male` (the original's group, then the twin's). */
  readonly direction: string;
}

/** One query: its pool ranked by original scores and its twin pairs S. */
export interface TwinQuery {
  readonly queryId: string;
  readonly pool: RankedPool;
  readonly pairs: readonly LabeledTwinPair[];
}

/** Per-query metrics for all of S and for each language and direction. */
export interface TwinQueryResult {
  readonly queryId: string;
  readonly all: TwinQueryMetrics | undefined;
  readonly byLang: ReadonlyMap<string, TwinQueryMetrics>;
  readonly byDirection: ReadonlyMap<string, TwinQueryMetrics>;
}

/** Aggregated twin metrics; a value is undefined when no query defines it. */
export interface TwinSummary {
  readonly iou: number | undefined;
  readonly rankShift: number | undefined;
  readonly dropout: number | undefined;
  /** Per query (W_F − W_M) / (W_F + W_M), 0 when both are 0; then the mean over queries. */
  readonly rbc: number | undefined;
  /** Pooled over queries: (ΣW_F − ΣW_M) / (ΣW_F + ΣW_M), 0 when both are 0. */
  readonly rbcPooled: number | undefined;
  readonly kendallTau: number | undefined;
  readonly pearson: number | undefined;
  /** Mean over queries of Cohen's d of s(F) − s(M), where defined. */
  readonly cohensD: number | undefined;
  /** Geometric mean over queries of OddsRatio@k, where defined (n_F + n_M > 0). */
  readonly oddsRatio: number | undefined;
  /** Mean over queries of the sample SD of |s(d) − s(d')|, where defined. */
  readonly stdMad: number | undefined;
  /** Queries with at least one pair. */
  readonly queries: number;
  /** Pairs, summed over queries. */
  readonly pairs: number;
}

/** The names of the summary metrics, for callers that bootstrap each one. */
export const TWIN_METRICS = ['iou', 'rankShift', 'dropout', 'rbc', 'rbcPooled', 'kendallTau', 'pearson', 'cohensD', 'oddsRatio', 'stdMad'] as const;
export type TwinMetricName = (typeof TWIN_METRICS)[number];

function groupBy<P>(pairs: readonly P[], label: (p: P) => string): Map<string, P[]> {
  const groups = new Map<string, P[]>();
  for (const p of pairs) {
    const key = label(p);
    const list = groups.get(key);
    if (list) list.push(p);
    else groups.set(key, [p]);
  }
  return groups;
}

/** Metrics per group of S; a group holding every pair (one language, say) is S itself, in S order: `all`, not computed again. */
function metricsByGroup(query: TwinQuery, k: number, label: (p: LabeledTwinPair) => string, all: TwinQueryMetrics | undefined): Map<string, TwinQueryMetrics> {
  const out = new Map<string, TwinQueryMetrics>();
  for (const [key, pairs] of groupBy(query.pairs, label)) {
    const m = pairs.length === query.pairs.length ? all : twinQueryMetrics(query.pool, pairs, k);
    if (m) out.set(key, m);
  }
  return out;
}

/**
 * Per-query twin metrics at cut-off k for all of S, per language (S
 * restricted to that language's twins, only those replaced) and per group
 * direction. A query with no pairs has `all` undefined and empty maps.
 */
export function twinQueryResults(queries: readonly TwinQuery[], k: number): TwinQueryResult[] {
  return queries.map((q) => {
    const all = twinQueryMetrics(q.pool, q.pairs, k);
    return { queryId: q.queryId, all, byLang: metricsByGroup(q, k, (p) => p.lang, all), byDirection: metricsByGroup(q, k, (p) => p.direction, all) };
  });
}

/** A pair of S as a TwinLayout places it. */
export interface LaidOutPair {
  /** Index of d in the pool. */
  readonly index: number;
  readonly firstGroup: FirstGroupSide;
  readonly lang: string;
  readonly direction: string;
}

/** One group of S (a language, a direction): its pairs' positions in S, and each S position's place in the group. */
interface LayoutGroup {
  readonly members: Uint32Array;
  /** Per position in S, its position in the group, or −1. */
  readonly local: Int32Array;
}

/**
 * S of a run's subset as it stands for every query — its pairs, their groups and where each pool
 * item's pair is — so that a query's metrics for S, each language and each direction
 * (`twinLayoutResults`) need no objects, no grouping and no sort of S of their own.
 */
export interface TwinLayout {
  readonly index: Uint32Array;
  readonly firstGroup: Uint8Array;
  /** Per pool item, its pair's position in S, or −1. */
  readonly pairAt: Int32Array;
  /** Per language, its group; undefined where it holds all of S. In order of first appearance. */
  readonly byLang: ReadonlyMap<string, LayoutGroup | undefined>;
  readonly byDirection: ReadonlyMap<string, LayoutGroup | undefined>;
}

function layoutGroups(pairs: readonly LaidOutPair[], label: (p: LaidOutPair) => string): Map<string, LayoutGroup | undefined> {
  const positions = groupBy(
    pairs.map((_, j) => j),
    (j) => label(pairs[j]),
  );
  const out = new Map<string, LayoutGroup | undefined>();
  for (const [key, members] of positions) {
    if (members.length === pairs.length) {
      out.set(key, undefined);
      continue;
    }
    const local = new Int32Array(pairs.length).fill(-1);
    members.forEach((j, l) => (local[j] = l));
    out.set(key, { members: Uint32Array.from(members), local });
  }
  return out;
}

/**
 * Lays out S for a pool of `poolSize` items (each d at most once).
 * @throws {RangeError} when a pair's index is outside the pool or repeated.
 */
export function twinLayout(pairs: readonly LaidOutPair[], poolSize: number): TwinLayout {
  const pairAt = new Int32Array(poolSize).fill(-1);
  pairs.forEach((p, j) => {
    if (!(p.index >= 0 && p.index < poolSize)) throw new RangeError(`twin pair ${j} names pool item ${p.index}, outside a pool of ${poolSize}`);
    if (pairAt[p.index] >= 0) throw new RangeError(`pool item ${p.index} has two twin pairs`);
    pairAt[p.index] = j;
  });
  return {
    index: Uint32Array.from(pairs, (p) => p.index),
    firstGroup: Uint8Array.from(pairs, (p) => FIRST_GROUP_CODE[p.firstGroup]),
    pairAt,
    byLang: layoutGroups(pairs, (p) => p.lang),
    byDirection: layoutGroups(pairs, (p) => p.direction),
  };
}

/**
 * The arrays a query's layout results hold at once (core/scratch.ts): S's rank order, and one
 * group's set, which twinSetMetrics reads before the next group is taken. Written before read.
 */
const scratch = {
  keyed: scratchArray((n) => new Float64Array(n)),
  allByRank: scratchArray((n) => new Uint32Array(n)),
  ranks: scratchArray((n) => new Uint32Array(n)),
  byRank: scratchArray((n) => new Uint32Array(n)),
  index: scratchArray((n) => new Uint32Array(n)),
  twinScore: scratchArray((n) => new Float64Array(n)),
  substitutionRank: scratchArray((n) => new Uint32Array(n)),
  firstGroup: scratchArray((n) => new Uint8Array(n)),
};

/**
 * S's positions by ascending original rank: a radix sort of S's ranks from RADIX_MIN_KEYS pairs (the
 * pass over the pool's order read it at random, 1.1 M reads a query at 1,000,000 documents),
 * else a sort of S's ranks where S is small beside the pool, or that pass.
 */
function positionsByRank(layout: TwinLayout, pool: RankedPool): Uint32Array {
  const m = layout.index.length;
  const n = pool.order.length;
  const out = scratch.allByRank(m);
  if (m >= RADIX_MIN_KEYS) {
    const ranks = scratch.ranks(m);
    for (let j = 0; j < m; j++) ranks[j] = pool.rankOf[layout.index[j]];
    return orderByKey(ranks, out);
  }
  if (m * 16 < n) {
    const keyed = scratch.keyed(m);
    for (let j = 0; j < m; j++) keyed[j] = (pool.rankOf[layout.index[j]] - 1) * m + j;
    keyed.sort();
    for (let j = 0; j < m; j++) out[j] = keyed[j] % m;
    return out;
  }
  const { pairAt } = layout;
  for (let r = 0, c = 0; r < n && c < m; r++) {
    const j = pairAt[pool.order[r]];
    if (j >= 0) out[c++] = j;
  }
  return out;
}

/**
 * One query's twin metrics for all of S, each language and each direction (as twinQueryResults,
 * the same values): `twinScore` and `substitutionRank` are per pair of the layout, in its order.
 * A group holding all of S is S's metrics, not computed again.
 */
export function twinLayoutResults(layout: TwinLayout, pool: RankedPool, twinScore: Float64Array, substitutionRank: Uint32Array, k: number): Omit<TwinQueryResult, 'queryId'> {
  const all: TwinSet = { index: layout.index, twinScore, substitutionRank, firstGroup: layout.firstGroup, byRank: positionsByRank(layout, pool) };
  const allMetrics = twinSetMetrics(pool, all, k);
  const groupMetrics = (groups: ReadonlyMap<string, LayoutGroup | undefined>) => {
    const out = new Map<string, TwinQueryMetrics>();
    for (const [key, group] of groups) {
      const m = group === undefined ? allMetrics : twinSetMetrics(pool, subset(all, group), k);
      if (m) out.set(key, m);
    }
    return out;
  };
  return { all: allMetrics, byLang: groupMetrics(layout.byLang), byDirection: groupMetrics(layout.byDirection) };
}

/** The group's pairs of a set, in pair order, with their rank order taken from the set's. */
function subset(all: TwinSet, group: LayoutGroup): TwinSet {
  const { members, local } = group;
  const g = members.length;
  const byRank = scratch.byRank(g);
  for (let p = 0, c = 0; p < all.byRank.length; p++) {
    const l = local[all.byRank[p]];
    if (l >= 0) byRank[c++] = l;
  }
  // Loops, not TypedArray.from with a map function (several times slower).
  const index = scratch.index(g);
  const twinScore = scratch.twinScore(g);
  const substitutionRank = scratch.substitutionRank(g);
  const firstGroup = scratch.firstGroup(g);
  for (let l = 0; l < g; l++) {
    const j = members[l];
    index[l] = all.index[j];
    twinScore[l] = all.twinScore[j];
    substitutionRank[l] = all.substitutionRank[j];
    firstGroup[l] = all.firstGroup[j];
  }
  return { index, twinScore, substitutionRank, firstGroup, byRank };
}

/** The per-query metrics that are averaged arithmetically where defined. */
const MEANS = ['iou', 'rankShift', 'dropout', 'kendallTau', 'pearson', 'cohensD', 'stdMad'] as const;

/**
 * Per-query twin metrics as columns (one Float64Array per metric over the units; NaN where a
 * query leaves a metric undefined), for summarizing them many times over (the bootstrap's
 * resamples): `summarizeTwinColumns` then reads numbers, not objects.
 */
export interface TwinColumns {
  readonly units: number;
  /** 1 where the query has pairs (its metrics are defined), else 0. */
  readonly present: Uint8Array;
  readonly means: Readonly<Record<(typeof MEANS)[number], Float64Array>>;
  readonly pairs: Float64Array;
  readonly winsFirst: Float64Array;
  readonly winsSecond: Float64Array;
  /** rankBiserial(winsFirst, winsSecond) of each query. */
  readonly rbc: Float64Array;
  /** ln OddsRatio@k, NaN where undefined. */
  readonly logOdds: Float64Array;
}

/** The columns of per-query metrics (undefined entries: queries without pairs). */
export function twinColumns(perQuery: readonly (TwinQueryMetrics | undefined)[]): TwinColumns {
  const n = perQuery.length;
  const column = () => new Float64Array(n).fill(NaN);
  const means = Object.fromEntries(MEANS.map((key) => [key, column()])) as Record<(typeof MEANS)[number], Float64Array>;
  const present = new Uint8Array(n);
  const pairs = column();
  const winsFirst = column();
  const winsSecond = column();
  const rbc = column();
  const logOdds = column();
  perQuery.forEach((m, u) => {
    if (!m) return;
    present[u] = 1;
    pairs[u] = m.pairs;
    winsFirst[u] = m.winsFirst;
    winsSecond[u] = m.winsSecond;
    rbc[u] = rankBiserial(m.winsFirst, m.winsSecond);
    if (m.oddsRatio !== undefined) logOdds[u] = Math.log(m.oddsRatio);
    for (const key of MEANS) {
      const v = m[key];
      if (v !== undefined) means[key][u] = v;
    }
  });
  return { units: n, present, means, pairs, winsFirst, winsSecond, rbc, logOdds };
}

/**
 * summarizeTwins over columns: the same summary, the same values to the bit (each sum runs over
 * the same units in the same order).
 */
export function summarizeTwinColumns(columns: TwinColumns, indices?: ArrayLike<number>): TwinSummary {
  const n = indices ? indices.length : columns.units;
  const { present } = columns;
  let queries = 0;
  let pairs = 0;
  let winsFirst = 0;
  let winsSecond = 0;
  let rbcSum = 0;
  let logOddsSum = 0;
  let oddsCount = 0;
  for (let j = 0; j < n; j++) {
    const u = indices ? indices[j] : j;
    if (!present[u]) continue;
    queries++;
    pairs += columns.pairs[u];
    winsFirst += columns.winsFirst[u];
    winsSecond += columns.winsSecond[u];
    rbcSum += columns.rbc[u];
    const lo = columns.logOdds[u];
    if (!Number.isNaN(lo)) {
      logOddsSum += lo;
      oddsCount++;
    }
  }
  const mean = (key: (typeof MEANS)[number]): number | undefined => {
    const values = columns.means[key];
    let sum = 0;
    let count = 0;
    for (let j = 0; j < n; j++) {
      const v = values[indices ? indices[j] : j];
      if (Number.isNaN(v)) continue;
      sum += v;
      count++;
    }
    return count === 0 ? undefined : sum / count;
  };
  return {
    iou: mean('iou'),
    rankShift: mean('rankShift'),
    dropout: mean('dropout'),
    rbc: queries === 0 ? undefined : rbcSum / queries,
    rbcPooled: queries === 0 ? undefined : rankBiserial(winsFirst, winsSecond),
    kendallTau: mean('kendallTau'),
    pearson: mean('pearson'),
    cohensD: mean('cohensD'),
    oddsRatio: oddsCount === 0 ? undefined : Math.exp(logOddsSum / oddsCount),
    stdMad: mean('stdMad'),
    queries,
    pairs,
  };
}

/**
 * Summarises per-query metrics over the units at `indices` (all units when
 * omitted; repeated indices count repeatedly, for the bootstrap). Undefined
 * entries (queries without pairs) are skipped; each mean is over the units
 * where the metric is defined. RBC is the mean of the per-query RBCs (every
 * query with a pair defines it); `rbcPooled` pools the win counts instead;
 * OddsRatio@k is exp(mean of ln OR) over the queries that define it. To
 * summarise the same queries many times (a bootstrap), make their columns once
 * (`twinColumns`) and call summarizeTwinColumns.
 */
export function summarizeTwins(perQuery: readonly (TwinQueryMetrics | undefined)[], indices?: ArrayLike<number>): TwinSummary {
  return summarizeTwinColumns(twinColumns(perQuery), indices);
}
