/**
 * The results object of a decision-model screening audit (DESIGN.md, second
 * protocol; METRICS.md §2, §4, §5, §6, §8): what the compute worker returns,
 * the results store keeps, the CLI prints and the permalink encodes.
 *
 * What a link or report carries (`screeningSummaryOf`) is safe to share by
 * construction: summary numbers, model and dataset descriptors and
 * parameters only — never dataset text, names, record identifiers (job, CV
 * or variant ids), per-CV scores or per-job values. The stored object adds
 * each model's decision cases (by position) and its per-unit values
 * (`perUnit`, keyed by record id, for paired comparisons across runs);
 * `screeningSummaryOf` drops both.
 *
 * Missing values follow results.ts: a statistic nothing defines has mean
 * NaN; a CI that cannot be computed is [NaN, NaN]; JSON writes NaN as null
 * and `parseScreeningResults` reads it back as NaN.
 */
import type { LlmAsked } from '../../llm/answers.ts';
import type { ValidityShare } from '../../llm/outputValidity.ts';
import type { DatasetIdentity, Ci } from '../common/index.ts';
import type { InputTruncation } from '../../models/truncation.ts';

import type { OutcomesResults } from '../outcomes/index.ts';
import type { ModelGroupFairness } from '../retrieval/index.ts';

/** What produced a model's scores (core/models/modelSpec.ts): a decision model's kind, or `imported`. */
export type { ScreeningModelKind } from '../../models/modelSpec.ts';
import type { ScreeningModelKind } from '../../models/modelSpec.ts';

/** The outcome audit of one attribute of one model. */
export interface ScreeningAttributeOutcomes {
  readonly attribute: string;
  /** The decision threshold the selection used (0–100 score ≥ threshold), when the rule is a threshold. */
  readonly threshold?: number;
  /** The decision rule: the tuned threshold, or a shortlist of the top k per pool (absent in results made before it: the threshold). */
  readonly rule?: { readonly kind: 'threshold'; readonly threshold: number } | { readonly kind: 'top-k'; readonly k: number };
  readonly outcomes: OutcomesResults;
}

/**
 * A CV whose variant changed the decision (issue 31): under the model's rule the CV (its neutral
 * base) and the variant are decided differently. By position only, never by identifier (a results
 * object names no record): `original` indexes the work list's originals, `variant` its variants
 * (screeningWorkList over the audited — possibly sampled — dataset); the page resolves them.
 */
export interface DecisionCase {
  readonly original: number;
  readonly variant: number;
  readonly attribute: string;
  readonly group: string;
  readonly signal: string;
  /** The base CV's score (run 0) and the variant's, 0–100. */
  readonly score: number;
  readonly variantScore: number;
  /** Selected under the rule: the base CV, the variant in its place. */
  readonly selected: boolean;
  readonly variantSelected: boolean;
}

/** One audited (job, CV) pair of a model (screening/perUnit.ts). */
export interface ScreeningUnitValues {
  /** The original CV's score in run 1, 0–100. */
  readonly score: number;
  /** Whether the model's decision rule (the outcomes' rule: tuned threshold or top-k shortlist) selected it. */
  readonly selected: boolean;
}

/** One variant of a (job, CV) pair (screening/perUnit.ts). */
export interface ScreeningVariantValues {
  /** The CV it is a variant of. */
  readonly cv: string;
  readonly attribute: string;
  readonly group: string;
  readonly signal: string;
  /** ΔScore of the variant: its score − its original's run-1 score, in points (0–100 scale). */
  readonly delta_score: number;
}

/**
 * Each audited unit's values, keyed by record id, for paired comparisons across runs
 * (core/audit/compare, METRICS.md §6): two runs on the same dataset version that audited the same
 * (job, CV) pairs are compared on the same units. Names records: kept in storage and printed by
 * `fairground run`, never in a permalink or a report (`screeningSummaryOf` drops it).
 */
export interface ScreeningPerUnit {
  /** By job id, then CV id. */
  readonly originals: Readonly<Record<string, Readonly<Record<string, ScreeningUnitValues>>>>;
  /** By job id, then variant id (a CV in two pools has its variants scored for both jobs). */
  readonly variants: Readonly<Record<string, Readonly<Record<string, ScreeningVariantValues>>>>;
}

/** The decision cases of one model: the largest |score change| first. */
export interface DecisionCases {
  readonly flips: readonly DecisionCase[];
  /** How many demographic variants were decided otherwise than their CV (all of them, not only the kept). */
  readonly flipCount: number;
  /** How many demographic variants there were. */
  readonly variantCount: number;
}

/** Which decision model ran, and where. */
export interface ScreeningModelDescriptor {
  /** Registry id, bundled folder name, `folder:<name>`, or `imported:<name>` (an outside system's scores). */
  readonly id: string;
  readonly label: string;
  readonly kind: ScreeningModelKind;
  /** Hub revision; `bundled` or `local` otherwise. */
  readonly revision: string;
  /** Weights' dtype that really ran (after any fallback). */
  readonly dtype: string;
  /** `webgpu`, `wasm` or `cpu` (Node), the device that really ran. */
  readonly device: string;
  /** What the model does not read, with how many job descriptions were cut (core/models/truncation.ts); absent in runs made before it was recorded. */
  readonly truncations?: readonly InputTruncation[];
  /** The scores are not calibrated (calibrated similarity without labels: 50·(1 + cos)), so no fixed cut-off means anything. */
  readonly uncalibrated?: true;
}

/** Run-to-run consistency (METRICS.md §5), CIs over CVs. */
export interface ScreeningConsistency {
  /**
   * `measured`: computed from the T runs. `deterministic`: the model gives
   * every pair the same score in every run (by construction, or every run
   * equal to run 1), so the row is exact, not estimated: ICC 1, the rest 0,
   * each CI [v, v] (what every bootstrap resample gives; [NaN, NaN] with B = 0).
   */
  readonly basis: 'measured' | 'deterministic';
  readonly icc: Ci;
  readonly sigma_score: Ci;
  readonly sigma_rank: Ci;
  readonly label_flip_pct: Ci;
  readonly 'disag@5': Ci;
  /** Label flip % at every integer cut-off 5..95 (threshold sensitivity), no CI. */
  readonly flip_by_cutoff: readonly { readonly cutoff: number; readonly label_flip_pct: number }[];
}

/**
 * A statistic of a bias effect with its test against 0: the percentile CI,
 * the two-sided paired-bootstrap p (NaN without bootstrap, or where nothing
 * defines it), the Benjamini–Hochberg q over the model's family of tests
 * (docs/screening.md §5) and significant = q < 0.05.
 */
export interface TestedCi extends Ci {
  readonly p: number;
  readonly q: number;
  readonly significant: boolean;
}

/**
 * One row of the bias table (METRICS.md §4), CIs and p from a paired
 * bootstrap over CVs. `kind` `effect`: a group against its attribute's
 * reference group (ΔScore) and against the original CV (ΔRank, Excl@5).
 * `reference`: the reference group's own row — ΔScore is the reference
 * ("ref.": mean, CI, p and q NaN), ΔRank and Excl@5 are measured, because
 * adding any cue line moves a CV and the group rows are read against it.
 */
export interface ScreeningEffect {
  readonly kind: 'effect' | 'reference';
  readonly attribute: string;
  readonly group: string;
  /** `explicit` or `implicit`. */
  readonly signal: string;
  readonly delta_score: TestedCi;
  readonly delta_rank: TestedCi;
  readonly 'excl@5': TestedCi;
  /** CVs the row is defined on: with both the group's and the reference group's variants (effect), with the reference group's variant (reference). */
  readonly n_cvs: number;
}

/** A non-demographic perturbation measured the same way (the noise floor). */
export interface ScreeningNoiseEffect {
  /** `noise`: a perturbation against the original CV; `second-name`: a group's second name against its first. */
  readonly kind: 'noise' | 'second-name';
  readonly attribute: string;
  readonly group: string;
  readonly signal: string;
  readonly delta_score: Ci;
  readonly delta_rank: Ci;
  readonly 'excl@5': Ci;
  readonly n_cvs: number;
}

export interface ScreeningBias {
  /** Effect and reference rows, in (attribute, group, signal) order. */
  readonly effects: readonly ScreeningEffect[];
  readonly noise_floor: readonly ScreeningNoiseEffect[];
  /** The largest |mean| of each metric over the noise floor (NaN when it is empty): the bar an effect must clear. */
  readonly noise_floor_max: { readonly delta_score: number; readonly delta_rank: number; readonly 'excl@5': number };
}

/** A validity metric against chance: the chance level, and whether the metric's 95% CI excludes it. */
export interface ChanceTest {
  /** 0.5 for AUC, balanced accuracy and macro-F1; the FIT base rate (the random baseline) for Precision@5. */
  readonly level: number;
  /** The 95% CI lies wholly above or below the level (false without a CI). */
  readonly excluded: boolean;
}

/** Validity on the test split at the threshold tuned on the tune split (METRICS.md §2). */
export interface ScreeningValidity {
  /** Decision threshold on the 0–100 score scale. */
  readonly threshold: number;
  /** `tuned` on the tune split, or `default` (50) when the tune split lacks a class. */
  readonly threshold_source: 'tuned' | 'default';
  /** Balanced accuracy the threshold reaches on the tune split (NaN when `default`). */
  readonly tune_balanced_accuracy: number;
  readonly auc: Ci;
  readonly balanced_accuracy: Ci;
  readonly macro_f1: Ci;
  readonly 'precision@5': Ci;
  /** The random baseline of precision@5: mean share of FIT per test job. */
  readonly random_baseline: Ci;
  /** Pooled over the test rows; rows = true class (0, 1), columns = predicted. */
  readonly confusion: {
    readonly labels: readonly [0, 1];
    readonly counts: readonly [readonly [number, number], readonly [number, number]];
    readonly row_percent: readonly [readonly [number, number], readonly [number, number]];
  };
  /** Each metric against chance (docs/screening.md §6): its chance level and whether its 95% CI excludes it. */
  readonly chance: {
    readonly auc: ChanceTest;
    readonly balanced_accuracy: ChanceTest;
    readonly macro_f1: ChanceTest;
    readonly 'precision@5': ChanceTest;
  };
  /**
   * ΔAUC against the reference model (paired bootstrap over test jobs), with
   * its two-sided p and `significant` = its 95% CI excludes 0 (the mark);
   * null for the reference itself or without one.
   */
  readonly delta_auc: (Ci & { readonly reference: string; readonly p: number; readonly significant: boolean }) | null;
  readonly n_test_rows: number;
  readonly n_test_jobs: number;
  readonly n_tune_rows: number;
}

export interface ScreeningLatency {
  /** Median and 95th percentile (numpy linear) of the wall time of one scoring call. */
  readonly median_ms: number;
  readonly p95_ms: number;
  readonly calls: number;
  /** Σ call time / pairs scored. */
  readonly mean_ms_per_pair: number;
  /**
   * Median and 95th percentile of the time per job–CV pair, as a user pays it: each pair of a call
   * takes the call's time ÷ its pairs (numpy linear percentiles over the pairs). NaN when the
   * calls' sizes are unknown (results stored before they were recorded).
   */
  readonly median_ms_per_pair?: number;
  readonly p95_ms_per_pair?: number;
  /** The largest number of pairs one call scored (the batch size; all pairs for calibrated similarity). */
  readonly batch_size?: number;
  /** Pairs scored per second of call time. */
  readonly pairs_per_second?: number;
}

export interface ScreeningModelResult {
  readonly model: ScreeningModelDescriptor;
  /** Every pair scored identically in every run (or deterministic by construction). */
  readonly deterministic: boolean;
  /** Runs T of the originals. */
  readonly runs: number;
  /**
   * Measured over the T runs, or for a deterministic model its row by
   * construction (ICC 1, σScore 0, σRank 0, label flips 0, Disag@5 0;
   * `basis: 'deterministic'`); null only for one run of a model not known
   * to be deterministic (nothing to measure).
   */
  readonly consistency: ScreeningConsistency | null;
  readonly bias: ScreeningBias;
  /** null when the dataset has no labels for the test split. */
  readonly validity: ScreeningValidity | null;
  readonly latency: ScreeningLatency;
  /**
   * Group outcomes (METRICS.md §10) of the counterfactual variants, one per
   * demographic attribute, selected at the validity threshold
   * (screening/variantOutcomes.ts). Absent in results stored before them.
   */
  readonly outcomes?: readonly ScreeningAttributeOutcomes[];
  /**
   * The CVs whose variants changed the decision under the outcomes' rule (screening/cases.ts), by
   * position. Kept in storage and in the CLI's output, never in a permalink
   * (`screeningSummaryOf` drops it). Absent in results made before it.
   */
  readonly cases?: DecisionCases;
  /**
   * Each (job, CV) pair's run-1 score and decision, and each variant's ΔScore, keyed by record id
   * (screening/perUnit.ts), for paired comparisons. Kept in storage and in the CLI's output, never
   * in a permalink or report (`screeningSummaryOf` drops it). Absent in results made before it.
   */
  readonly perUnit?: ScreeningPerUnit;
  /**
   * Who gets seen in each job's shortlist, per demographic attribute (METRICS.md §12;
   * screening/groupFairness.ts). Absent in results made before it.
   */
  readonly groupFairness?: readonly ScreeningGroupFairness[];
  /** An LLM screener's mode, template, output validity and tokens (screening/llmSection.ts); absent for other kinds. */
  readonly llm?: ScreeningLlmSection;
}

/** One attribute's group fairness of the shortlists: its variants' groups ranked by the model in each job's pool. */
export interface ScreeningGroupFairness extends Omit<ModelGroupFairness, 'by'> {
  /** The demographic attribute of the variants (gender, ethnicity, …). */
  readonly attribute: string;
}

export interface ScreeningResults {
  readonly schema: 1;
  readonly kind: 'screening';
  readonly dataset: DatasetIdentity;
  /** The screening task's name in the manifest. */
  readonly task: string;
  readonly parameters: {
    /** Runs T requested for consistency (default 7). */
    readonly runs: number;
    /** λ(s) = FIT iff s ≥ cutoff, for label flips (default 50). */
    readonly cutoff: number;
    /** Shortlist size of Excl@k, Disag@k, Precision@k: 5 (METRICS.md). */
    readonly k: 5;
    /** Bootstrap resamples B (default 2000); 0 gives no CIs. */
    readonly bootstrap: number;
    readonly seed: number;
    /** Reference group per attribute, e.g. {gender: 'male'}. */
    readonly reference: Readonly<Record<string, string>>;
    /** The model ΔAUC is taken against; null for none. */
    readonly referenceModel: string | null;
    readonly noiseAttribute: string;
    readonly splits: { readonly tune: string; readonly test: string };
  };
  /**
   * `variants`: the variant scores (a variant is scored once per job whose pool holds its CV);
   * `variant_records`: the distinct variants scored (absent in results stored before issue 48).
   */
  readonly counts: { readonly jobs: number; readonly cvs: number; readonly variants: number; readonly variant_records?: number };
  readonly models: readonly ScreeningModelResult[];
  /** ISO 8601 time the audit finished. */
  readonly createdAt: string;
  readonly environment: { readonly runtime: 'browser' | 'node'; readonly userAgent?: string };
}

/**
 * Reads a screening results object back from parsed JSON: checks schema and
 * kind, and turns the nulls JSON wrote for NaN back into NaN in every
 * `{mean, ci}` and in `p`, `q`, chance levels, thresholds and latencies.
 * @throws {TypeError} when the value is not a schema-1 screening results object.
 */
export function parseScreeningResults(value: unknown): ScreeningResults {
  const r = value as Partial<ScreeningResults> | null;
  if (typeof r !== 'object' || r === null || r.schema !== 1 || r.kind !== 'screening') {
    throw new TypeError('not a Fairground screening results object (schema 1)');
  }
  if (!Array.isArray(r.models)) throw new TypeError('screening results object without models');
  return revive(value, '') as ScreeningResults;
}

/** Keys whose value is a number that JSON may have written as null (NaN). */
const NUMERIC_KEYS = new Set(['p', 'q', 'level', 'threshold', 'tune_balanced_accuracy', 'median_ms', 'p95_ms', 'mean_ms_per_pair', 'label_flip_pct', 'delta_score', 'delta_rank', 'excl@5']);

function revive(value: unknown, key: string): unknown {
  if (value === null && NUMERIC_KEYS.has(key)) return NaN;
  if (key === 'row_percent' && Array.isArray(value)) {
    return value.map((row: unknown) => (Array.isArray(row) ? row.map((v) => (typeof v === 'number' ? v : NaN)) : row));
  }
  if (Array.isArray(value)) return value.map((v) => revive(v, ''));
  if (typeof value !== 'object' || value === null) return value;
  const o = value as Record<string, unknown>;
  const revived = Object.fromEntries(Object.entries(o).map(([k, v]) => [k, revive(v, k)]));
  if ('mean' in o && Array.isArray(o.ci) && o.ci.length === 2) {
    // a Ci, or a TestedCi whose p and q were revived above
    const num = (v: unknown) => (typeof v === 'number' ? v : NaN);
    return { ...revived, mean: num(o.mean), ci: [num(o.ci[0]), num(o.ci[1])] };
  }
  return revived;
}

/**
 * A screening results object without its decision cases and per-unit values (which name records):
 * what a permalink or a report's link carries. Returns new objects; the input is not changed.
 */
export function screeningSummaryOf<R extends ScreeningResults>(results: R): R {
  return { ...results, models: results.models.map(({ cases: _cases, perUnit: _perUnit, ...rest }) => rest) };
}

/** An LLM screener's output validity of one group (core/audit/screening/llmSection.ts). */
export interface GroupValidity extends ValidityShare {
  /** The originals' answers (every run), or one variant group's. */
  readonly kind: 'original' | 'variant';
  /** The variant group's cue; empty strings for the originals. */
  readonly attribute: string;
  readonly group: string;
  readonly signal: string;
  /** Its interval does not overlap the originals'. */
  readonly differs: boolean;
}

export interface ScreeningLlmSection {
  readonly mode: LlmAsked['mode'];
  readonly template: LlmAsked['template'];
  readonly sampling?: LlmAsked['sampling'];
  readonly prefix_cache: boolean;
  readonly output_validity: ValidityShare & { readonly by_group: readonly GroupValidity[] };
  readonly prompt_tokens_per_call: number;
  readonly generated_tokens_per_call: number;
  /** (prompt + generated tokens) ÷ Σ call seconds. */
  readonly tokens_per_second: number;
  readonly mean_option_mass?: number;
}
