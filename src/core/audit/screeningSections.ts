/**
 * The four sections of one model's screening results — consistency (§5),
 * bias (§4), validity (§2) and latency — each computed by the existing metric
 * functions and wrapped with percentile bootstrap CIs (§6). No metric is
 * defined here; this layer only chooses the units, the inputs and the
 * reporting shape.
 */
import { consistencyUnits, flipByCutoff, summarizeConsistency, type ConsistencyPool, type ConsistencySummary } from '../metrics/consistency.ts';
import { screeningEffects, summarizeEffect, type EffectUnits, type ScreeningPool } from '../metrics/screening.ts';
import { auc, deltaAuc, tuneThreshold } from '../metrics/classification.ts';
import { thresholdMetrics } from './thresholdMetrics.ts';
import { percentileInterval } from '../stats/bootstrap.ts';
import { pairedBootstrap } from '../stats/pairedBootstrap.ts';
import { benjaminiHochberg } from '../stats/multipleTesting.ts';
import { forEachResample } from '../stats/bootstrapResamples.ts';
import { meanAt } from '../stats/meanCi.ts';
import { percentile } from '../stats/percentile.ts';
import type { Ci } from './results.ts';
import type {
  ScreeningBias,
  ScreeningConsistency,
  ScreeningEffect,
  ScreeningLatency,
  ScreeningNoiseEffect,
  ScreeningValidity,
} from './screeningResults.ts';

/** The shortlist size of Excl@k, Disag@k and Precision@k (METRICS.md: 5). */
export const SHORTLIST_K = 5;

/** Bootstrap settings: B = 0 gives the full-sample value with ci [NaN, NaN]. */
export interface Resampling {
  readonly bootstrap: number;
  readonly seed: number;
}

/**
 * Several statistics on all n units, each with its percentile bootstrap CI,
 * from ONE set of resamples (forEachResample, as summarize.ts does): each
 * resample calls `statistics` once. NaN resample values are skipped, as
 * bootstrapCi skips them; B = 0 gives ci [NaN, NaN].
 */
export function cisOver(n: number, statistics: (indices: Uint32Array) => readonly number[], r: Resampling): Ci[] {
  const full = statistics(Uint32Array.from({ length: n }, (_, i) => i));
  const resampled = full.map(() => [] as number[]);
  if (r.bootstrap > 0) {
    forEachResample(n, { resamples: r.bootstrap, seed: r.seed }, (indices) => {
      statistics(indices).forEach((v, j) => {
        if (!Number.isNaN(v)) resampled[j].push(v);
      });
    });
  }
  return full.map((mean, j) => ({ mean, ci: percentileInterval(Float64Array.from(resampled[j]).sort(), 0.95) }));
}

/** One statistic with its CI (cisOver). */
export function ciOver(n: number, statistic: (indices: Uint32Array) => number, r: Resampling): Ci {
  return cisOver(n, (idx) => [statistic(idx)], r)[0];
}

/**
 * Consistency over T runs of the originals: units = (job, CV) pairs, the
 * bootstrap resamples them (METRICS.md §6). `pools` carry each pool's
 * |CVs| × T score matrix.
 */
export function consistencySection(pools: readonly ConsistencyPool[], runs: number, cutoff: number, r: Resampling): ScreeningConsistency {
  const units = consistencyUnits(pools, runs, cutoff, SHORTLIST_K);
  const n = units.sdScore.length;
  const keys = ['icc', 'sigmaScore', 'sigmaRank', 'labelFlipPct', 'disag'] as const satisfies readonly (keyof ConsistencySummary)[];
  const [icc, sigmaScore, sigmaRank, labelFlipPct, disag] = cisOver(
    n,
    (idx) => {
      const s = summarizeConsistency(units, idx);
      return keys.map((k) => s[k] ?? NaN);
    },
    r,
  );
  return {
    icc,
    sigma_score: sigmaScore,
    sigma_rank: sigmaRank,
    label_flip_pct: labelFlipPct,
    'disag@5': disag,
    flip_by_cutoff: flipByCutoff(units).map((f) => ({ cutoff: f.cutoff, label_flip_pct: f.labelFlipPct })),
  };
}

function countDefined(values: Float64Array): number {
  let c = 0;
  for (const v of values) if (!Number.isNaN(v)) c++;
  return c;
}

/**
 * ΔScore, ΔRank and Excl@5 of one effect with CIs, and the paired-bootstrap
 * p of ΔScore. One pass: pairedBootstrap draws the resamples (the same
 * indices bootstrapCi would draw with this seed) and calls the statistic
 * once per resample, then once on the full sample; the statistic returns
 * ΔScore and keeps ΔRank and Excl@5 of the same call, so every resample is
 * summarised once instead of four times.
 */
function effectCis(e: EffectUnits, n: number, r: Resampling) {
  const n_cvs = countDefined(e.deltaScore);
  if (r.bootstrap === 0 || n === 0) {
    const all = summarizeEffect(e);
    const none: [number, number] = [NaN, NaN];
    return {
      cis: { delta_score: { mean: all.deltaScore, ci: none }, delta_rank: { mean: all.deltaRank, ci: [...none] as [number, number] }, 'excl@5': { mean: all.excl, ci: [...none] as [number, number] }, n_cvs },
      p: NaN,
    };
  }
  const ranks: number[] = [];
  const excl: number[] = [];
  const paired = pairedBootstrap(
    n,
    (idx) => {
      const s = summarizeEffect(e, idx);
      ranks.push(s.deltaRank);
      excl.push(s.excl);
      return s.deltaScore;
    },
    { resamples: r.bootstrap, seed: r.seed },
  );
  // pairedBootstrap calls the statistic for each resample, then on the full sample
  if (ranks.length !== r.bootstrap + 1) throw new Error('pairedBootstrap changed its call order; effectCis relies on it');
  const interval = (values: number[]): Ci => ({
    mean: values[values.length - 1],
    ci: percentileInterval(
      Float64Array.from(values.slice(0, -1).filter((v) => !Number.isNaN(v))).sort(),
      0.95,
    ),
  });
  return {
    cis: { delta_score: { mean: paired.mean, ci: [paired.ci[0], paired.ci[1]] as [number, number] }, delta_rank: interval(ranks), 'excl@5': interval(excl), n_cvs },
    p: paired.p,
  };
}

/**
 * Bias: screeningEffects over the pools (run 0's original scores and the
 * variants' scores). Each demographic effect gets ΔScore, ΔRank and Excl@5
 * with paired-bootstrap CIs over the (job, CV) units, the two-sided p of
 * ΔScore (pairedBootstrap) and Benjamini–Hochberg q over this model's
 * effects (the noise floor is not part of the family, as in the CLI).
 */
export function biasSection(pools: readonly ScreeningPool[], reference: Readonly<Record<string, string>>, noiseAttribute: string, r: Resampling): ScreeningBias {
  const { units, effects } = screeningEffects(pools, { reference, k: SHORTLIST_K, noiseAttribute });
  const n = units.length;
  const demographic = effects.filter((e) => e.kind === 'effect').map((e) => ({ e, ...effectCis(e, n, r) }));
  const q = benjaminiHochberg(demographic.map((d) => d.p));
  const rows: ScreeningEffect[] = demographic.map(({ e, cis, p }, i) => ({
    attribute: e.attribute,
    group: e.group,
    signal: e.signal,
    ...cis,
    p,
    q: q[i],
    significant: q[i] < 0.05,
  }));
  const noise: ScreeningNoiseEffect[] = effects
    .filter((e) => e.kind !== 'effect')
    .map((e) => ({ kind: e.kind as 'noise' | 'second-name', attribute: e.attribute, group: e.group, signal: e.signal, ...effectCis(e, n, r).cis }));
  const maxAbs = (pick: (row: ScreeningNoiseEffect) => Ci) => {
    const values = noise.map((row) => Math.abs(pick(row).mean)).filter((v) => !Number.isNaN(v));
    return values.length === 0 ? NaN : Math.max(...values);
  };
  return {
    effects: rows,
    noise_floor: noise,
    noise_floor_max: { delta_score: maxAbs((x) => x.delta_score), delta_rank: maxAbs((x) => x.delta_rank), 'excl@5': maxAbs((x) => x['excl@5']) },
  };
}

/** Labelled rows of one split: job (group), CV id (for the tie rule), label, score. */
export interface SplitRows {
  readonly groups: string[];
  readonly ids: string[];
  readonly labels: number[];
  readonly scores: number[];
}

/** Default decision threshold on the 0–100 scale when the tune split cannot tune one. */
export const DEFAULT_THRESHOLD = 50;

/**
 * Validity on the test split at the threshold tuned on the tune split
 * (tuneThreshold: max balanced accuracy, smallest on ties); 50 when the tune
 * split lacks a class. AUC, balanced accuracy and macro-F1 are pooled over
 * the test rows, with CIs from resampling test jobs; precision@5 and its
 * random baseline are per job, averaged, CIs over jobs; ΔAUC is deltaAuc
 * (paired bootstrap over jobs) against `referenceScores` on the same rows.
 * @returns null when the test split has no rows.
 */
export function validitySection(
  tune: SplitRows,
  test: SplitRows,
  reference: { readonly id: string; readonly scores: readonly number[] } | undefined,
  r: Resampling,
): ScreeningValidity | null {
  if (test.labels.length === 0) return null;
  const tuned = tune.labels.length > 0 ? tuneThreshold(tune.labels, tune.scores) : undefined;
  const threshold = tuned?.threshold ?? DEFAULT_THRESHOLD;
  const predictions = { ids: test.ids, groups: test.groups, labels: test.labels, scores: test.scores };
  const m = thresholdMetrics(predictions, threshold, SHORTLIST_K, {
    over: (n, statistic) => ciOver(n, statistic, r),
    mean: (values) => ciOver(values.length, (idx) => meanAt(values, idx), r),
  });
  let delta: ScreeningValidity['delta_auc'] = null;
  if (reference) {
    if (r.bootstrap === 0) {
      delta = { mean: auc(test.labels, test.scores) - auc(test.labels, reference.scores), ci: [NaN, NaN], p: NaN, reference: reference.id };
    } else {
      const d = deltaAuc(test.groups, test.labels, test.scores, reference.scores, { resamples: r.bootstrap, seed: r.seed });
      delta = { mean: d.mean, ci: [d.ci[0], d.ci[1]], p: d.p, reference: reference.id };
    }
  }
  return {
    threshold,
    threshold_source: tuned ? 'tuned' : 'default',
    tune_balanced_accuracy: tuned?.balancedAccuracy ?? NaN,
    auc: m.auc,
    balanced_accuracy: m.balancedAccuracy,
    macro_f1: m.macroF1,
    'precision@5': m.precisionAtK,
    random_baseline: m.randomBaseline,
    confusion: m.confusion,
    delta_auc: delta,
    n_test_rows: test.labels.length,
    n_test_jobs: m.jobs,
    n_tune_rows: tune.labels.length,
  };
}

/** Median and P95 (numpy linear percentiles) of per-call times; NaN without calls. */
export function latencySection(callsMs: ArrayLike<number>, pairs: number): ScreeningLatency {
  const sorted = Float64Array.from(callsMs).sort();
  let total = 0;
  for (const v of sorted) total += v;
  return {
    median_ms: percentile(sorted, 50),
    p95_ms: percentile(sorted, 95),
    calls: sorted.length,
    mean_ms_per_pair: pairs > 0 ? total / pairs : NaN,
  };
}
