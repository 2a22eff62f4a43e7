/**
 * `eval twins`: counterfactual-twin fairness of a ranking (METRICS.md §3).
 * Output: `mean`, `per_lang` and `per_direction` (keys `iou@k`,
 * `rank_shift`, `dropout@k`, `rbc`, `rbc_pooled`, `kendall_tau`, `pearson`,
 * `cohens_d`, `odds_ratio@k`, `std_mad`, plus `n_queries` and `n_pairs`),
 * and `per_query`. Means are over the queries with at least one twin pair
 * where the metric is defined (null when none); `rbc` is the per-query RBC
 * averaged, `rbc_pooled` pools the win counts of all queries; OddsRatio@k
 * is the geometric mean of the per-query ratios. With `ci`, every mean
 * becomes {mean, ci}, resampling queries.
 */
import type { Run } from '../../formats/trecRun.ts';
import type { Scored } from '../../ranking.ts';
import type { TwinLine } from '../../formats/twins.ts';
import { rankPool, tieKeys } from '../../metrics/rankedPool.ts';
import { summarizeTwinColumns, twinColumns, twinQueryResults, type LabeledTwinPair, type TwinColumns, type TwinMetricName, type TwinQuery, type TwinQueryResult, type TwinSummary } from '../../metrics/twins.ts';
import { bootstrapVector } from '../../stats/bootstrapVector.ts';
import { rankBiserial, type TwinQueryMetrics } from '../../metrics/twinsKernel.ts';
import type { CiOptions, Reported } from '../common/index.ts';

/** Twin scores the runs lack or do not explain: twins of ranked documents without a score, and twin-run ids no twin record declares. */
export interface TwinGaps {
  /** `query/twin_id` of each twin whose original the run scores but the twin run does not. */
  readonly missing: readonly string[];
  /** Twin-run document ids that are no record's `twin_id`. */
  readonly undeclared: readonly string[];
}

/**
 * A twin run as the twin metrics read it: each query's scored twins. A parsed Run (a Map) and
 * RunColumns (runColumns.ts, the compact reading of a large file) both are one.
 */
export interface TwinRunLookup {
  get(queryId: string): readonly Scored[] | undefined;
}

/** The twin records by their original's identifier. */
export function twinsByOriginal(twins: readonly TwinLine[]): Map<string, TwinLine> {
  return new Map(twins.map((t) => [t.id, t]));
}

/**
 * Appends to `out` the `query/twin_id` of each ranked document of one query whose twin the
 * query's twin scores lack, in ranking-file order (twinGaps' `missing`, one query at a time).
 */
export function missingTwinsOf(queryId: string, ids: readonly string[], twinScored: readonly Scored[] | undefined, byOriginal: ReadonlyMap<string, TwinLine>, out: string[]): void {
  const scored = new Set((twinScored ?? []).map((d) => d.id));
  for (const id of ids) {
    const t = byOriginal.get(id);
    if (t && !scored.has(t.twin_id)) out.push(`${queryId}/${t.twin_id}`);
  }
}

/** Twin-run ids that no twin record declares, each once, in twin-run order (twinGaps' `undeclared`). */
export function undeclaredTwinIds(twinRun: Iterable<readonly Scored[]>, twins: readonly TwinLine[]): string[] {
  const declared = new Set(twins.map((t) => t.twin_id));
  const out = new Set<string>();
  for (const docs of twinRun) for (const d of docs) if (!declared.has(d.id)) out.add(d.id);
  return [...out];
}

/** What buildTwinQueries would leave out of S, and what it would ignore in the twin run. */
export function twinGaps(run: Run, twinRun: Run, twins: readonly TwinLine[]): TwinGaps {
  const byOriginal = twinsByOriginal(twins);
  const missing: string[] = [];
  for (const [queryId, docs] of run) {
    missingTwinsOf(
      queryId,
      docs.map((d) => d.id),
      twinRun.get(queryId),
      byOriginal,
      missing,
    );
  }
  return { missing, undeclared: undeclaredTwinIds(twinRun.values(), twins) };
}

/**
 * One query (the kernel of buildTwinQueries, and of TwinStream): the pool is every document the
 * run scores for the query (`ids` and `scores` in file order); S holds the documents with a twin
 * record whose twin `twinScored` (the twin run's lines of the query) scores. Others are left out
 * of S: the CLI refuses that unless --allow-missing (twinGaps).
 * @example twinQueryOf('q1', ['d1', 'd2'], [2, 1], [{ id: 't1', score: 0 }], twinsByOriginal([{ id: 'd1', twin_id: 't1', twin_text: '', group: 'female', twin_group: 'male', line: 1 }]), 'female').pairs
 * // [{ index: 0, twinScore: 0, firstGroup: 'original', lang: 'und', direction: 'female->male' }]
 */
export function twinQueryOf(
  queryId: string,
  ids: readonly string[],
  scores: ArrayLike<number>,
  twinScored: readonly Scored[] | undefined,
  byOriginal: ReadonlyMap<string, TwinLine>,
  firstGroup: string,
): TwinQuery {
  const twinScores = new Map((twinScored ?? []).map((d) => [d.id, d.score]));
  const pool = rankPool(scores, tieKeys(ids));
  const pairs: LabeledTwinPair[] = [];
  ids.forEach((id, index) => {
    const t = byOriginal.get(id);
    const twinScore = t && twinScores.get(t.twin_id);
    if (!t || twinScore === undefined) return;
    pairs.push({
      index,
      twinScore,
      firstGroup: t.group === firstGroup ? 'original' : t.twin_group === firstGroup ? 'twin' : 'neither',
      lang: t.lang ?? 'und', // BCP 47 "undetermined"
      direction: `${t.group}->${t.twin_group}`,
    });
  });
  return { queryId, pool, pairs };
}

/**
 * Builds each query of the run (twinQueryOf): the pool is every document the run scores for
 * the query; S holds the documents with a twin record whose twin the twin run scores for the
 * same query.
 */
export function buildTwinQueries(run: Run, twinRun: TwinRunLookup, twins: readonly TwinLine[], firstGroup: string): TwinQuery[] {
  const byOriginal = twinsByOriginal(twins);
  const queries: TwinQuery[] = [];
  for (const [queryId, docs] of run) {
    queries.push(
      twinQueryOf(
        queryId,
        docs.map((d) => d.id),
        docs.map((d) => d.score),
        twinRun.get(queryId),
        byOriginal,
        firstGroup,
      ),
    );
  }
  return queries;
}

/** The summary statistics reported, in report order. */
const REPORTED: readonly TwinMetricName[] = ['iou', 'rankShift', 'dropout', 'rbc', 'rbcPooled', 'kendallTau', 'pearson', 'cohensD', 'oddsRatio', 'stdMad'];

/**
 * Each REPORTED statistic of the queries' metrics: plain, or with `ci` its bootstrap CI over the
 * queries. The resamples are drawn once for all of them (bootstrapVector: entry m is
 * bootstrapCi of statistic m alone, the same draws from the same seed, so the same numbers as
 * one reportStatistic per statistic), and each resample is summarised once, not once per
 * statistic.
 */
function reportedStatistics(columns: TwinColumns, all: TwinSummary, ci: CiOptions | undefined): Reported[] {
  if (!ci) return REPORTED.map((key) => all[key] ?? NaN);
  const v = bootstrapVector(
    columns.units,
    REPORTED.length,
    (idx, out) => {
      const s = summarizeTwinColumns(columns, idx);
      for (let m = 0; m < REPORTED.length; m++) out[m] = s[REPORTED[m]] ?? NaN;
    },
    ci,
  );
  return REPORTED.map((_, m) => ({ mean: v.estimate[m], ci: v.ci[m] }));
}

function summaryReport(list: readonly (TwinQueryMetrics | undefined)[], k: number, ci: CiOptions | undefined): Record<string, Reported | number> {
  const columns = twinColumns(list);
  const all = summarizeTwinColumns(columns);
  const [iou, rankShift, dropout, rbc, rbcPooled, kendallTau, pearson, cohensD, oddsRatio, stdMad] = reportedStatistics(columns, all, ci);
  return {
    [`iou@${k}`]: iou,
    rank_shift: rankShift,
    [`dropout@${k}`]: dropout,
    rbc,
    rbc_pooled: rbcPooled,
    kendall_tau: kendallTau,
    pearson,
    cohens_d: cohensD,
    [`odds_ratio@${k}`]: oddsRatio,
    std_mad: stdMad,
    n_queries: all.queries,
    n_pairs: all.pairs,
  };
}

function perQueryRow(m: TwinQueryMetrics, k: number): Record<string, number | null> {
  return {
    [`iou@${k}`]: m.iou,
    rank_shift: m.rankShift,
    [`dropout@${k}`]: m.dropout,
    rbc: rankBiserial(m.winsFirst, m.winsSecond),
    kendall_tau: m.kendallTau ?? null,
    pearson: m.pearson ?? null,
    cohens_d: m.cohensD ?? null,
    [`odds_ratio@${k}`]: m.oddsRatio ?? null,
    std_mad: m.stdMad ?? null,
    n_pairs: m.pairs,
  };
}

/** What `eval twins` reports on: its cut-off and groups (the first is F of RBC, Cohen's d and OddsRatio@k). */
export interface TwinsEvalOptions {
  readonly k: number;
  readonly groups: readonly string[];
}

export function evalTwins(run: Run, twinRun: TwinRunLookup, twins: readonly TwinLine[], options: TwinsEvalOptions, ci?: CiOptions) {
  return reportTwins(twinQueryResults(buildTwinQueries(run, twinRun, twins, options.groups[0]), options.k), options, ci);
}

/**
 * The report of per-query results (evalTwins', or a TwinStream's), in the run's query order:
 * `mean`, `per_lang`, `per_direction` (with CIs when resampling queries), `per_query`, `groups`.
 */
export function reportTwins(results: readonly TwinQueryResult[], options: TwinsEvalOptions, ci?: CiOptions) {
  const { k, groups } = options;
  const byKey = (pick: (r: TwinQueryResult) => ReadonlyMap<string, TwinQueryMetrics>) => {
    const keys = [...new Set(results.flatMap((r) => [...pick(r).keys()]))].sort();
    return Object.fromEntries(keys.map((key) => [key, summaryReport(results.map((r) => pick(r).get(key)), k, ci)]));
  };
  const perQuery: Record<string, Record<string, number | null>> = {};
  for (const r of results) if (r.all) perQuery[r.queryId] = perQueryRow(r.all, k);
  return {
    mean: summaryReport(
      results.map((r) => r.all),
      k,
      ci,
    ),
    per_lang: byKey((r) => r.byLang),
    per_direction: byKey((r) => r.byDirection),
    per_query: perQuery,
    groups,
  };
}
