/**
 * Counterfactual twins in retrieval (METRICS.md §3), over queries: the
 * per-query kernel (twinsKernel.ts) is applied to all of S, to each
 * language's twins and to each group direction's twins; reported values are
 * macro averages over the queries where a metric is defined — RBC too (the
 * per-query RBC, then the mean; the pooled RBC is kept beside it as
 * `rbcPooled`) — except OddsRatio@k, whose per-query ratios are combined by
 * their geometric mean.
 */
import { rankBiserial, twinQueryMetrics, type TwinPair, type TwinQueryMetrics } from './twinsKernel.ts';
import type { RankedPool } from './rankedPool.ts';

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

function groupBy(pairs: readonly LabeledTwinPair[], label: (p: LabeledTwinPair) => string): Map<string, LabeledTwinPair[]> {
  const groups = new Map<string, LabeledTwinPair[]>();
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

/** The per-query metrics that are averaged arithmetically where defined. */
const MEANS = ['iou', 'rankShift', 'dropout', 'kendallTau', 'pearson', 'cohensD', 'stdMad'] as const;

/**
 * Summarises per-query metrics over the units at `indices` (all units when
 * omitted; repeated indices count repeatedly, for the bootstrap). Undefined
 * entries (queries without pairs) are skipped; each mean is over the units
 * where the metric is defined. RBC is the mean of the per-query RBCs (every
 * query with a pair defines it); `rbcPooled` pools the win counts instead;
 * OddsRatio@k is exp(mean of ln OR) over the queries that define it.
 */
export function summarizeTwins(perQuery: readonly (TwinQueryMetrics | undefined)[], indices?: ArrayLike<number>): TwinSummary {
  const sum = { iou: 0, rankShift: 0, dropout: 0, kendallTau: 0, pearson: 0, cohensD: 0, stdMad: 0 };
  const count = { iou: 0, rankShift: 0, dropout: 0, kendallTau: 0, pearson: 0, cohensD: 0, stdMad: 0 };
  let winsFirst = 0;
  let winsSecond = 0;
  let rbcSum = 0;
  let logOddsSum = 0;
  let oddsCount = 0;
  let queries = 0;
  let pairs = 0;
  const n = indices ? indices.length : perQuery.length;
  for (let j = 0; j < n; j++) {
    const m = perQuery[indices ? indices[j] : j];
    if (!m) continue;
    queries++;
    pairs += m.pairs;
    winsFirst += m.winsFirst;
    winsSecond += m.winsSecond;
    rbcSum += rankBiserial(m.winsFirst, m.winsSecond);
    if (m.oddsRatio !== undefined) {
      logOddsSum += Math.log(m.oddsRatio);
      oddsCount++;
    }
    for (const key of MEANS) {
      const v = m[key];
      if (v !== undefined) {
        sum[key] += v;
        count[key]++;
      }
    }
  }
  const mean = (key: keyof typeof sum) => (count[key] === 0 ? undefined : sum[key] / count[key]);
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
