import { meanCi } from '../../stats/meanCi.ts';
import { allGroups, columnMeans, definedValues, onAllGroups, sum } from './groupColumns.ts';
import { skewSummary } from './skewSummary.ts';
import type { GroupFairnessAtCutoff, GroupFairnessBootstrap, GroupFairnessOptions, GroupFairnessSummary, QueryGroupFairness, ReportedValue, SkippedMetric } from './types.ts';

/**
 * The summary of METRICS.md §12 over per-query records (scoreGroupFairnessQuery's): the macro
 * mean of each per-query metric over the queries that define it, with — given `bootstrap` — its
 * 95% percentile bootstrap CI over those queries (core meanCi: B resamples from the seeded
 * generator); per-group exposure (over the queries whose pool holds the group) and attention
 * share; the mean target share t̄_g; pooled Skew@k per group with MinSkew and MaxSkew at every
 * skew cut-off (skewSummary); how many queries each metric skipped; the unlabelled documents
 * dropped. The JSON shape is in types.ts. Summary numbers only: no document id or text.
 * @example summarizeGroupFairness(records, groupFairnessOptions({ k: 10 }), { resamples: 1000, seed: 1 })['awrf@10'] // { mean, ci }
 */
export function summarizeGroupFairness(records: readonly QueryGroupFairness[], options: GroupFairnessOptions, bootstrap?: GroupFairnessBootstrap): GroupFairnessSummary {
  const { groups, index } = allGroups(records);
  const report = (values: Iterable<number | undefined>) => reportColumn(definedValues(values), bootstrap);
  const perGroup = (rows: readonly Float64Array[]) => Object.fromEntries(groups.map((group, g) => [group, report(rows.map((row) => row[g]))]));
  const fair = records.filter((r) => r.awrf !== undefined);
  const targetShare = columnMeans(fair.map((r) => onAllGroups(r, r.target, index, 0)), groups.length);
  const k = options.k;
  const atCutoff: { -readonly [K in keyof GroupFairnessAtCutoff]: GroupFairnessAtCutoff[K] } = {};
  atCutoff[at('awrf', k)] = report(records.map((r) => r.awrf));
  atCutoff[at('awrf_ndcg', k)] = report(records.map((r) => r.awrfNdcg));
  atCutoff[at('ndkl', k)] = report(records.map((r) => r.ndkl));
  options.skewKs.forEach((cut, j) => {
    const s = skewSummary(records, groups, index, j, bootstrap);
    atCutoff[at('skew', cut)] = s.skew;
    atCutoff[at('absent', cut)] = s.absent;
    atCutoff[at('min_skew', cut)] = s.minSkew;
    atCutoff[at('max_skew', cut)] = s.maxSkew;
  });
  return {
    k,
    target: options.target,
    threshold: options.threshold,
    groups,
    n_queries: records.length,
    n_unlabelled: sum(records.map((r) => r.nUnlabelled)),
    n_skipped: skipped(records),
    exposure: perGroup(records.map((r) => onAllGroups(r, r.exposure, index, NaN))),
    exposure_ratio: report(records.map((r) => r.exposureRatio)),
    disparate_treatment: report(records.map((r) => r.disparateTreatment)),
    target_share: Object.fromEntries(groups.map((group, g) => [group, targetShare[g] ?? 0])),
    attention_share: perGroup(fair.map((r) => onAllGroups(r, r.attention, index, 0))),
    ...atCutoff,
  };
}

/**
 * A summary key of a metric at a cut-off, typed as the summary's keys are.
 * @example at('awrf', 10) // 'awrf@10'
 */
export function at<M extends string>(metric: M, k: number): `${M}@${number}` {
  return `${metric}@${k}`;
}

/** A column's macro mean: plain, or {mean, ci} with `bootstrap`; undefined when no query defines it. */
function reportColumn(values: Float64Array, bootstrap: GroupFairnessBootstrap | undefined): ReportedValue | undefined {
  if (values.length === 0) return undefined;
  return bootstrap ? meanCi(values, bootstrap) : sum(values) / values.length;
}

/** The queries each metric leaves out (§12's skipping rules; the value is undefined in their records). */
function skipped(records: readonly QueryGroupFairness[]): Record<SkippedMetric, number> {
  const count = (missing: (r: QueryGroupFairness) => boolean) => records.filter(missing).length;
  return {
    exposure: count((r) => r.exposure === undefined),
    exposure_ratio: count((r) => r.exposureRatio === undefined),
    disparate_treatment: count((r) => r.disparateTreatment === undefined),
    target: count((r) => r.target === undefined),
    awrf: count((r) => r.awrf === undefined),
    awrf_ndcg: count((r) => r.awrfNdcg === undefined),
    ndkl: count((r) => r.ndkl === undefined),
    skew: count((r) => r.slots.length === 0),
  };
}
