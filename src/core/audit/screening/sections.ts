/**
 * The four sections of one model's screening results — consistency (§5),
 * bias (§4), validity (§2) and latency — each computed by the existing metric
 * functions and wrapped with percentile bootstrap CIs (§6). No metric is
 * defined here; this layer only chooses the units, the inputs and the
 * reporting shape.
 */
import { consistencyUnits, flipByCutoff, summarizeConsistency, type ConsistencyPool, type ConsistencySummary } from '../../metrics/consistency.ts';
import { screeningEffects, type EffectUnits, type ScreeningPool } from '../../metrics/screening.ts';
import { effectStatistics, familyTests } from './effectTests.ts';
import { auc, deltaAuc, tuneThreshold } from '../../metrics/classification.ts';
import { thresholdMetrics } from './thresholdMetrics.ts';
import { percentileInterval } from '../../stats/bootstrap.ts';
import { forEachResample } from '../../stats/bootstrapResamples.ts';
import { meanAt } from '../../stats/meanCi.ts';
import { percentile } from '../../stats/percentile.ts';
import { ciExcludes } from '../../stats/ciExcludes.ts';
import type { Ci } from '../common/index.ts';
import type {
  ScreeningBias,
  ScreeningConsistency,
  ScreeningEffect,
  ScreeningLatency,
  ScreeningNoiseEffect,
  ScreeningValidity,
} from './results.ts';

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
    basis: 'measured',
    icc,
    sigma_score: sigmaScore,
    sigma_rank: sigmaRank,
    label_flip_pct: labelFlipPct,
    'disag@5': disag,
    flip_by_cutoff: flipByCutoff(units).map((f) => ({ cutoff: f.cutoff, label_flip_pct: f.labelFlipPct })),
  };
}

/**
 * The consistency row of a deterministic model (the paper's row for a model
 * that gives every pair one score): ICC(2,1) 1, σScore 0, σRank 0, label
 * flips 0 (at every cut-off), Disag@5 0 — exact by construction, not
 * estimated: the same scores in every run give the same labels and the same
 * shortlist. Each CI is [v, v], what every bootstrap resample of the units
 * gives; [NaN, NaN] with B = 0, as for every statistic.
 * @example deterministicConsistency({ bootstrap: 0, seed: 0 }).icc // { mean: 1, ci: [NaN, NaN] }
 */
export function deterministicConsistency(r: Resampling): ScreeningConsistency {
  const exact = (v: number): Ci => ({ mean: v, ci: r.bootstrap > 0 ? [v, v] : [NaN, NaN] });
  return {
    basis: 'deterministic',
    icc: exact(1),
    sigma_score: exact(0),
    sigma_rank: exact(0),
    label_flip_pct: exact(0),
    'disag@5': exact(0),
    flip_by_cutoff: Array.from({ length: 91 }, (_, i) => ({ cutoff: i + 5, label_flip_pct: 0 })),
  };
}

function countDefined(values: Float64Array): number {
  let c = 0;
  for (const v of values) if (!Number.isNaN(v)) c++;
  return c;
}

/** The CVs an effect row is defined on: its ΔScore units, or for a reference row (no ΔScore) its ΔRank units. */
export function effectCvs(e: EffectUnits): number {
  return countDefined(e.kind === 'reference' ? e.deltaRank : e.deltaScore);
}

/**
 * Bias: screeningEffects over the pools (run 0's original scores and the
 * variants' scores). Each effect row and each reference-group row gets
 * ΔScore (not for a reference row), ΔRank and Excl@5 with paired-bootstrap
 * CIs over the (job, CV) units and its two-sided p (effectStatistics), and
 * Benjamini–Hochberg q over this model's family: every test of its effect
 * and reference rows (familyTests; the noise floor is not in the family).
 * Noise-floor rows get their CIs.
 */
export function biasSection(pools: readonly ScreeningPool[], reference: Readonly<Record<string, string>>, noiseAttribute: string, r: Resampling): ScreeningBias {
  const { units, effects } = screeningEffects(pools, { reference, k: SHORTLIST_K, noiseAttribute });
  const n = units.length;
  const rowsOf = effects.filter((e) => e.kind === 'effect' || e.kind === 'reference');
  const tested = familyTests(rowsOf.map((e) => effectStatistics(e, n, r)));
  const rows: ScreeningEffect[] = rowsOf.map((e, i) => ({
    kind: e.kind as 'effect' | 'reference',
    attribute: e.attribute,
    group: e.group,
    signal: e.signal,
    delta_score: tested[i].delta_score,
    delta_rank: tested[i].delta_rank,
    'excl@5': tested[i].excl,
    n_cvs: effectCvs(e),
  }));
  const plain = ({ mean, ci }: Ci): Ci => ({ mean, ci: [ci[0], ci[1]] });
  const noise: ScreeningNoiseEffect[] = effects
    .filter((e) => e.kind === 'noise' || e.kind === 'second-name')
    .map((e) => {
      const s = effectStatistics(e, n, r);
      return { kind: e.kind as 'noise' | 'second-name', attribute: e.attribute, group: e.group, signal: e.signal, delta_score: plain(s.delta_score), delta_rank: plain(s.delta_rank), 'excl@5': plain(s.excl), n_cvs: effectCvs(e) };
    });
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

/** Chance level of AUC, balanced accuracy and macro-F1 (METRICS.md §2). */
export const CHANCE_LEVEL = 0.5;

/**
 * Each validity metric against chance: AUC, balanced accuracy and macro-F1
 * against 0.5, Precision@5 against its random baseline (the mean share of FIT
 * per job, the FIT base rate); `excluded` when the metric's 95% CI lies
 * wholly on one side of the level (ciExcludes).
 * @example chanceTests({ auc, balancedAccuracy, macroF1, precisionAtK, randomBaseline }).auc // { level: 0.5, excluded: true } for an AUC CI of [0.6, 0.7]
 */
export function chanceTests(m: { readonly auc: Ci; readonly balancedAccuracy: Ci; readonly macroF1: Ci; readonly precisionAtK: Ci; readonly randomBaseline: Ci }): ScreeningValidity['chance'] {
  const test = (c: Ci, level: number) => ({ level, excluded: ciExcludes(c.ci, level) });
  return {
    auc: test(m.auc, CHANCE_LEVEL),
    balanced_accuracy: test(m.balancedAccuracy, CHANCE_LEVEL),
    macro_f1: test(m.macroF1, CHANCE_LEVEL),
    'precision@5': test(m.precisionAtK, m.randomBaseline.mean),
  };
}

/** Default decision threshold on the 0–100 scale when the tune split cannot tune one. */
export const DEFAULT_THRESHOLD = 50;

/**
 * Validity on the test split at the threshold tuned on the tune split
 * (tuneThreshold: max balanced accuracy, smallest on ties); 50 when the tune
 * split lacks a class. AUC, balanced accuracy and macro-F1 are pooled over
 * the test rows, with CIs from resampling test jobs; precision@5 and its
 * random baseline are per job, averaged, CIs over jobs; each is marked
 * against chance (chanceTests); ΔAUC is deltaAuc (paired bootstrap over
 * jobs) against `referenceScores` on the same rows, marked significant when
 * its CI excludes 0 (the paper's mark; p is reported beside it).
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
      delta = { mean: auc(test.labels, test.scores) - auc(test.labels, reference.scores), ci: [NaN, NaN], p: NaN, significant: false, reference: reference.id };
    } else {
      const d = deltaAuc(test.groups, test.labels, test.scores, reference.scores, { resamples: r.bootstrap, seed: r.seed });
      delta = { mean: d.mean, ci: [d.ci[0], d.ci[1]], p: d.p, significant: ciExcludes(d.ci, 0), reference: reference.id };
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
    chance: chanceTests(m),
    delta_auc: delta,
    n_test_rows: test.labels.length,
    n_test_jobs: m.jobs,
    n_tune_rows: tune.labels.length,
  };
}

/**
 * Median and P95 (numpy linear percentiles) of per-call times, and — given each call's pairs — of
 * the time per job–CV pair (each pair of a call takes ms ÷ pairs), the batch size and the pairs
 * per second; NaN without calls.
 * @example latencySection([160, 40], 20, [16, 4]) // per pair: 16 × 10 ms and 4 × 10 ms → median 10, 12.5 pairs/s… (see the test)
 */
export function latencySection(callsMs: ArrayLike<number>, pairs: number, callPairs?: ArrayLike<number>): ScreeningLatency {
  const sorted = Float64Array.from(callsMs).sort();
  let total = 0;
  for (const v of sorted) total += v;
  const base = {
    median_ms: percentile(sorted, 50),
    p95_ms: percentile(sorted, 95),
    calls: sorted.length,
    mean_ms_per_pair: pairs > 0 ? total / pairs : NaN,
  };
  if (!callPairs || callPairs.length !== callsMs.length) return base;
  const perPair: number[] = [];
  let batch = 0;
  let covered = 0;
  for (let i = 0; i < callsMs.length; i++) {
    const n = callPairs[i];
    batch = Math.max(batch, n);
    covered += n;
    for (let j = 0; j < n; j++) perPair.push(callsMs[i] / n);
  }
  const each = Float64Array.from(perPair).sort();
  return {
    ...base,
    median_ms_per_pair: percentile(each, 50),
    p95_ms_per_pair: percentile(each, 95),
    batch_size: batch,
    pairs_per_second: total > 0 ? covered / (total / 1000) : NaN,
  };
}
