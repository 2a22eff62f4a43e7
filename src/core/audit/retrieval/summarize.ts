/**
 * The reporting layer of the audit: every statistic of one model on all
 * audited queries, with a 95% percentile bootstrap CI (METRICS.md §6) from
 * ONE set of resamples of the queries shared by all of the model's
 * statistics, so that its CIs are consistent with one another. Every model
 * of a subset uses the same seed and units, so models are resampled alike
 * (paired).
 */
import { forEachResample } from '../../stats/bootstrapResamples.ts';
import { percentileInterval } from '../../stats/bootstrap.ts';
import { meanAt } from '../../stats/meanCi.ts';
import { summarizeTwinColumns, summarizeTwins, twinColumns, type TwinSummary } from '../../metrics/twins.ts';
import type { TwinQueryMetrics } from '../../metrics/twinsKernel.ts';
import { effectivenessKeys, twinMetricKeys, type EffectivenessKey, type TwinMetrics } from './results.ts';
import type { PerQueryValues } from './perQuery.ts';
import { type Ci } from '../common/index.ts';

/** The statistics of one twin scope, in twinMetricKeys order; NaN stands for undefined. */
function twinStatistics(s: TwinSummary): number[] {
  const v = (x: number | undefined) => (x === undefined ? NaN : x);
  return [
    v(s.iou),
    v(s.rankShift),
    v(s.rbc),
    s.rbc === undefined ? NaN : Math.abs(s.rbc),
    v(s.rbcPooled),
    v(s.kendallTau),
    v(s.dropout),
    v(s.pearson),
    v(s.cohensD),
    v(s.oddsRatio),
    v(s.stdMad),
  ];
}

/** How many statistics twinStatistics gives per scope. */
const PER_SCOPE = 11;

function twinMetricsOf(k: number, cis: readonly Ci[], full: TwinSummary): TwinMetrics {
  const out: Record<string, Ci | number> = {};
  twinMetricKeys(k).forEach((key, i) => (out[key] = cis[i]));
  out.n_pairs = full.pairs;
  out.n_queries = full.queries;
  return out as unknown as TwinMetrics;
}

/** The summaries of a model: effectiveness and the twin metrics of every scope. */
export interface ModelSummaryValues {
  readonly effectiveness: Record<EffectivenessKey, Ci>;
  readonly overall: TwinMetrics;
  readonly perLang: Record<string, TwinMetrics>;
  readonly perLangPooled: Record<string, TwinMetrics>;
  readonly perDirection: Record<string, TwinMetrics>;
  /** Effectiveness on each language's queries (the per-language subsets); empty without them. */
  readonly effectivenessPerLang: Record<string, Record<EffectivenessKey, Ci>>;
}

/** The mean of the values at `indices` that are defined (not NaN); NaN when none is. */
function meanDefinedAt(values: ArrayLike<number>, indices: ArrayLike<number>): number {
  let sum = 0;
  let count = 0;
  for (let j = 0; j < indices.length; j++) {
    const v = values[indices[j]];
    if (Number.isNaN(v)) continue;
    sum += v;
    count++;
  }
  return count === 0 ? NaN : sum / count;
}

/**
 * Summarises per-query values: effectiveness means (meanAt) and twin
 * summaries (summarizeTwins: means over the queries defining a metric, the
 * per-query RBC averaged and the pooled RBC beside it, OddsRatio@k as a
 * geometric mean), on all units and on each of `bootstrap` resamples of the units
 * (forEachResample with `seed`). CI = 2.5th and 97.5th percentiles of the
 * resampled values that are defined (percentileInterval); [NaN, NaN] when
 * bootstrap is 0 or none is defined. Scopes (languages, directions) are
 * reported in ascending key order.
 */
export function summarizeModel(values: PerQueryValues, k: number, bootstrap: number, seed: number): ModelSummaryValues {
  const n = values.effectiveness[0]?.length ?? 0;
  const langs = [...values.perLang.keys()].sort();
  const pooledLangs = [...values.perLangPooled.keys()].sort();
  const effectLangs = [...values.effectivenessPerLang.keys()].sort();
  const directions = [...values.perDirection.keys()].sort();
  const scopes: (readonly (TwinQueryMetrics | undefined)[])[] = [
    values.overall,
    ...langs.map((l) => values.perLang.get(l)!),
    ...pooledLangs.map((l) => values.perLangPooled.get(l)!),
    ...directions.map((d) => values.perDirection.get(d)!),
  ];
  // Each scope's per-query metrics as columns, once: every resample reads numbers, not objects.
  const scopeColumns = scopes.map(twinColumns);
  /** All statistics at the unit indices: effectiveness first, then PER_SCOPE per scope. */
  const statistics = (indices: ArrayLike<number>): number[] => [
    ...values.effectiveness.map((c) => meanAt(c, indices)),
    ...scopeColumns.flatMap((s) => twinStatistics(summarizeTwinColumns(s, indices))),
    ...effectLangs.flatMap((l) => values.effectivenessPerLang.get(l)!.map((c) => meanDefinedAt(c, indices))),
  ];
  const all = Uint32Array.from({ length: n }, (_, i) => i);
  const full = statistics(all);
  const resampled = full.map(() => [] as number[]);
  if (bootstrap > 0) {
    forEachResample(n, { resamples: bootstrap, seed }, (indices) => {
      statistics(indices).forEach((v, j) => {
        if (!Number.isNaN(v)) resampled[j].push(v);
      });
    });
  }
  const cis: Ci[] = full.map((mean, j) => ({ mean, ci: percentileInterval(Float64Array.from(resampled[j]).sort(), 0.95) }));

  const effectiveness = {} as Record<EffectivenessKey, Ci>;
  effectivenessKeys(k).forEach((key, f) => (effectiveness[key] = cis[f]));
  let at = values.effectiveness.length;
  const scope = (list: readonly (TwinQueryMetrics | undefined)[]) => {
    const m = twinMetricsOf(k, cis.slice(at, at + PER_SCOPE), summarizeTwins(list));
    at += PER_SCOPE;
    return m;
  };
  const overall = scope(values.overall);
  const perLang: Record<string, TwinMetrics> = {};
  for (const l of langs) perLang[l] = scope(values.perLang.get(l)!);
  const perLangPooled: Record<string, TwinMetrics> = {};
  for (const l of pooledLangs) perLangPooled[l] = scope(values.perLangPooled.get(l)!);
  const perDirection: Record<string, TwinMetrics> = {};
  for (const d of directions) perDirection[d] = scope(values.perDirection.get(d)!);
  const effectivenessPerLang: Record<string, Record<EffectivenessKey, Ci>> = {};
  for (const l of effectLangs) {
    const byKey = {} as Record<EffectivenessKey, Ci>;
    effectivenessKeys(k).forEach((key) => (byKey[key] = cis[at++]));
    effectivenessPerLang[l] = byKey;
  }
  return { effectiveness, overall, perLang, perLangPooled, perDirection, effectivenessPerLang };
}
