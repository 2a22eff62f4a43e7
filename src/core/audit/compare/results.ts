/**
 * The results object of a comparison of stored runs (docs/compare.md): the
 * runs, one row per model version (a run · model on one task) with its
 * reported statistics, and the differences between pairs of rows — a paired
 * bootstrap over the same resamples where two rows share a dataset version
 * and its queries (METRICS.md §6), both CIs only where they do not.
 *
 * Numbers only: no per-unit values, no record identifiers, no run ids of the
 * store. This object is what the Compare view shows, what `fairground
 * compare` prints, what the exports write and what a `comparison` permalink
 * carries (src/core/permalink/comparisonSchema.ts). Missing values follow
 * common/ci.ts: NaN in memory, null in JSON.
 */
import type { Ci } from '../common/index.ts';

/** Which way a metric is better: larger, smaller, nearer 0 (RBC, Cohen's d) or nearer 1 (an odds ratio). */
export type Better = 'higher' | 'lower' | 'zero' | 'one';

/** The kind of audit a run is. */
export type ComparedKind = 'retrieval-fairness' | 'screening' | 'outcomes';

/** A compared run: how the view names it and what it was audited on. */
export interface ComparisonRun {
  readonly label: string;
  readonly kind: ComparedKind;
  readonly dataset: { readonly id: string; readonly version: string; readonly manifestSha256: string };
  /** The run's bootstrap resamples and seed. */
  readonly bootstrap: number;
  readonly seed: number;
  /** ISO 8601 time the audit finished ('' when unknown). */
  readonly createdAt: string;
}

/** A model of a row, as the permalink envelope names models. */
export interface ComparedModel {
  readonly id: string;
  readonly label: string;
  readonly revision: string;
  readonly dtype: string;
  readonly device: string;
}

/** One model version: a run · model on one task, with its reported statistics. */
export interface ComparisonRow {
  /** Index into `runs`. */
  readonly run: number;
  readonly model: ComparedModel;
  /** The task: `briefs / gender-briefs` for a retrieval subset, the screening task's name, or `outcomes`. */
  readonly task: string;
  /** The statistics by metric key (`ndcg@10`, `rank_shift`, `auc`, …), as the run reported them. */
  readonly values: Readonly<Record<string, Ci>>;
}

/** The difference candidate − baseline of one metric, tested against 0 (METRICS.md §6). */
export interface TestedDifference extends Ci {
  /** Two-sided paired-bootstrap p: min(1, 2·min(share θ* ≤ 0, share θ* ≥ 0)). */
  readonly p: number;
  /** Benjamini–Hochberg q over the metrics compared for this pair of rows. */
  readonly q: number;
  /** q < 0.05. */
  readonly significant: boolean;
}

/** One metric of a pair of rows. */
export interface MetricComparison {
  readonly metric: string;
  readonly baseline: Ci;
  readonly candidate: Ci;
  /** The paired difference; null when the pair is unpaired (both CIs only) or the metric has no per-unit values. */
  readonly difference: TestedDifference | null;
}

/** Two rows compared: candidate − baseline for each metric. */
export interface RowComparison {
  /** Indices into `rows`. */
  readonly baseline: number;
  readonly candidate: number;
  /** True when both rows are on the same dataset version, task and queries, with per-unit values stored. */
  readonly paired: boolean;
  /** Why the pair is unpaired (absent when paired). */
  readonly reason?: string;
  /** The units resampled (queries) when paired. */
  readonly units?: number;
  readonly metrics: readonly MetricComparison[];
}

export interface ComparisonResults {
  readonly schema: 1;
  readonly kind: 'comparison';
  readonly runs: readonly ComparisonRun[];
  /** The compared metrics, in order. */
  readonly metrics: readonly string[];
  readonly rows: readonly ComparisonRow[];
  /** The paired bootstrap: resamples B and seed (the same for every pair). */
  readonly resamples: number;
  readonly seed: number;
  readonly comparisons: readonly RowComparison[];
}
