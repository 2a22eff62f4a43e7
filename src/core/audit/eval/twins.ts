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
import type { TwinLine } from '../../formats/twins.ts';
import { rankPool, tieKeys } from '../../metrics/rankedPool.ts';
import { summarizeTwinColumns, summarizeTwins, twinColumns, twinQueryResults, type LabeledTwinPair, type TwinMetricName, type TwinQuery } from '../../metrics/twins.ts';
import { rankBiserial, type TwinQueryMetrics } from '../../metrics/twinsKernel.ts';
import { reportStatistic, type CiOptions, type Reported } from '../common/index.ts';

/** Twin scores the runs lack or do not explain: twins of ranked documents without a score, and twin-run ids no twin record declares. */
export interface TwinGaps {
  /** `query/twin_id` of each twin whose original the run scores but the twin run does not. */
  readonly missing: readonly string[];
  /** Twin-run document ids that are no record's `twin_id`. */
  readonly undeclared: readonly string[];
}

/** What buildTwinQueries would leave out of S, and what it would ignore in the twin run. */
export function twinGaps(run: Run, twinRun: Run, twins: readonly TwinLine[]): TwinGaps {
  const byOriginal = new Map(twins.map((t) => [t.id, t]));
  const declared = new Set(twins.map((t) => t.twin_id));
  const missing: string[] = [];
  for (const [queryId, docs] of run) {
    const scored = new Set((twinRun.get(queryId) ?? []).map((d) => d.id));
    for (const d of docs) {
      const t = byOriginal.get(d.id);
      if (t && !scored.has(t.twin_id)) missing.push(`${queryId}/${t.twin_id}`);
    }
  }
  const undeclared = [...new Set([...twinRun.values()].flatMap((docs) => docs.map((d) => d.id)).filter((id) => !declared.has(id)))];
  return { missing, undeclared };
}

/**
 * Builds each query of the run: the pool is every document the run scores
 * for the query; S holds the documents with a twin record whose twin the
 * twin run scores for the same query (others are left out of S: the CLI
 * refuses that unless --allow-missing, twinGaps).
 */
export function buildTwinQueries(run: Run, twinRun: Run, twins: readonly TwinLine[], firstGroup: string): TwinQuery[] {
  const byOriginal = new Map(twins.map((t) => [t.id, t]));
  const queries: TwinQuery[] = [];
  for (const [queryId, docs] of run) {
    const twinScores = new Map((twinRun.get(queryId) ?? []).map((d) => [d.id, d.score]));
    const ids = docs.map((d) => d.id);
    const pool = rankPool(
      docs.map((d) => d.score),
      tieKeys(ids),
    );
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
    queries.push({ queryId, pool, pairs });
  }
  return queries;
}

function summaryReport(list: readonly (TwinQueryMetrics | undefined)[], k: number, ci: CiOptions | undefined): Record<string, Reported | number> {
  const columns = twinColumns(list);
  const stat = (key: TwinMetricName) => reportStatistic(list.length, (idx) => summarizeTwinColumns(columns, idx)[key] ?? NaN, ci);
  const all = summarizeTwins(list);
  return {
    [`iou@${k}`]: stat('iou'),
    rank_shift: stat('rankShift'),
    [`dropout@${k}`]: stat('dropout'),
    rbc: stat('rbc'),
    rbc_pooled: stat('rbcPooled'),
    kendall_tau: stat('kendallTau'),
    pearson: stat('pearson'),
    cohens_d: stat('cohensD'),
    [`odds_ratio@${k}`]: stat('oddsRatio'),
    std_mad: stat('stdMad'),
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

export function evalTwins(run: Run, twinRun: Run, twins: readonly TwinLine[], options: { readonly k: number; readonly groups: readonly string[] }, ci?: CiOptions) {
  const { k, groups } = options;
  const results = twinQueryResults(buildTwinQueries(run, twinRun, twins, groups[0]), k);
  const byKey = (pick: (r: (typeof results)[number]) => ReadonlyMap<string, TwinQueryMetrics>) => {
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
