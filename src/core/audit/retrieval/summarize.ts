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
import { summarizeTwinColumns, twinColumns, type TwinSummary } from '../../metrics/twins.ts';
import { effectivenessKeys, twinMetricKeys, type EffectivenessKey, type TwinMetrics } from './results.ts';
import type { PerQueryValues } from './perQuery.ts';
import { type Ci } from '../common/index.ts';
import { PER_SCOPE, unitStatistics } from './summaryStatistics.ts';

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

/**
 * Summarises per-query values: effectiveness means (meanAt) and twin
 * summaries (summarizeTwins: means over the queries defining a metric, the
 * per-query RBC averaged and the pooled RBC beside it, OddsRatio@k as a
 * geometric mean), on all units and on each of `bootstrap` resamples of the units
 * (forEachResample with `seed`). CI = 2.5th and 97.5th percentiles of the
 * resampled values that are defined (percentileInterval); [NaN, NaN] when
 * bootstrap is 0 or none is defined. Scopes (languages, directions) are
 * reported in ascending key order.
 *
 * Each statistic sums the same values in the same order as a pass per statistic over each
 * resample would (summaryStatistics.ts, which computes them in fewer passes); every array is
 * made once per call, none per resample.
 */
export function summarizeModel(values: PerQueryValues, k: number, bootstrap: number, seed: number): ModelSummaryValues {
  const n = values.effectiveness[0]?.length ?? 0;
  const langs = [...values.perLang.keys()].sort();
  const pooledLangs = [...values.perLangPooled.keys()].sort();
  const effectLangs = [...values.effectivenessPerLang.keys()].sort();
  const directions = [...values.perDirection.keys()].sort();
  // The twin scopes in report order, each one's per-query metrics as columns, once.
  const scopes = [
    { columns: twinColumns(values.overall) },
    ...langs.map((lang) => ({ columns: twinColumns(values.perLang.get(lang)!), lang })),
    ...pooledLangs.map((l) => ({ columns: twinColumns(values.perLangPooled.get(l)!) })),
    ...directions.map((d) => ({ columns: twinColumns(values.perDirection.get(d)!) })),
  ];
  const statistics = unitStatistics({ means: values.effectiveness, twinScopes: scopes, definedMeans: effectLangs.map((lang) => ({ columns: values.effectivenessPerLang.get(lang)!, lang })) }, n);
  const full = new Float64Array(statistics.count);
  statistics.fill(Uint32Array.from({ length: n }, (_, i) => i), full);
  // One resample's statistics; statistic s's defined resampled values in resampled[s·B, s·B + kept[s]), in resample order.
  const stats = new Float64Array(statistics.count);
  const resampled = new Float64Array(statistics.count * bootstrap);
  const kept = new Int32Array(statistics.count);
  if (bootstrap > 0) {
    forEachResample(n, { resamples: bootstrap, seed }, (indices) => {
      statistics.fill(indices, stats);
      for (let s = 0; s < stats.length; s++) {
        const v = stats[s];
        if (!Number.isNaN(v)) resampled[s * bootstrap + kept[s]++] = v;
      }
    });
  }
  const cis: Ci[] = Array.from(full, (mean, s) => ({ mean, ci: percentileInterval(resampled.subarray(s * bootstrap, s * bootstrap + kept[s]).sort(), 0.95) }));

  const effectiveness = {} as Record<EffectivenessKey, Ci>;
  effectivenessKeys(k).forEach((key, f) => (effectiveness[key] = cis[f]));
  let at = values.effectiveness.length;
  let next = 0;
  const scope = () => {
    const m = twinMetricsOf(k, cis.slice(at, at + PER_SCOPE), summarizeTwinColumns(scopes[next++].columns));
    at += PER_SCOPE;
    return m;
  };
  const overall = scope();
  const perLang: Record<string, TwinMetrics> = {};
  for (const l of langs) perLang[l] = scope();
  const perLangPooled: Record<string, TwinMetrics> = {};
  for (const l of pooledLangs) perLangPooled[l] = scope();
  const perDirection: Record<string, TwinMetrics> = {};
  for (const d of directions) perDirection[d] = scope();
  const effectivenessPerLang: Record<string, Record<EffectivenessKey, Ci>> = {};
  for (const l of effectLangs) {
    const byKey = {} as Record<EffectivenessKey, Ci>;
    effectivenessKeys(k).forEach((key) => (byKey[key] = cis[at++]));
    effectivenessPerLang[l] = byKey;
  }
  return { effectiveness, overall, perLang, perLangPooled, perDirection, effectivenessPerLang };
}
