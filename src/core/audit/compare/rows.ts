/**
 * Stored results as comparison rows: one row per model version (a run ·
 * model on one task), its reported statistics keyed as the runs report them,
 * and beside it the per-unit values a paired comparison resamples (never put
 * into the comparison's results).
 */
import { groupFairnessValues } from './groupFairnessValues.ts';
import { twinMetricKeys, type ModelPerUnit, type RetrievalFairnessResults } from '../retrieval/index.ts';
import type { ScreeningResults } from '../screening/index.ts';
import type { OutcomeNumber, OutcomesResults } from '../outcomes/index.ts';
import type { Ci } from '../common/index.ts';
import { displayNames } from '../../models/displayName.ts';
import type { ComparedKind, ComparisonRow, ComparisonRun } from './results.ts';
import { deltaScoreKey, screeningUnitColumns } from './screeningUnits.ts';

/** Results of any audit that can be compared or checked. */
export type ComparableResults = RetrievalFairnessResults | ScreeningResults | OutcomesResults;

/** A run to compare: how to name it, and its results object. */
export interface StoredRun {
  readonly label: string;
  readonly results: ComparableResults;
}

/** The rows of some runs, with each row's per-unit values where its run stored them. */
export interface ComparedRows {
  readonly runs: ComparisonRun[];
  readonly rows: ComparisonRow[];
  /** Aligned with `rows`. */
  readonly perUnit: (ModelPerUnit | undefined)[];
}

const NO_DATASET = Object.freeze({ id: '', version: '', manifestSha256: '' });

function kindOf(results: ComparableResults): ComparedKind {
  return 'audit' in results ? 'outcomes' : results.kind;
}

/** A results object's descriptor as a ComparisonRun. */
function runOf(label: string, results: ComparableResults): ComparisonRun {
  if ('audit' in results) {
    return { label, kind: 'outcomes', dataset: { ...NO_DATASET }, bootstrap: results.bootstrap?.resamples ?? 0, seed: results.bootstrap?.seed ?? 0, createdAt: '' };
  }
  const { id, version, manifestSha256 } = results.dataset;
  return { label, kind: results.kind, dataset: { id, version, manifestSha256 }, bootstrap: results.parameters.bootstrap, seed: results.parameters.seed, createdAt: results.createdAt };
}

/** An outcome number's mean and CI bounds (NaN where missing); JSON read back may hold null for undefined. */
function bounds(n: OutcomeNumber | null): { mean: number; lo: number; hi: number } | undefined {
  if (n === undefined || n === null) return undefined;
  if (typeof n === 'number') return { mean: n, lo: NaN, hi: NaN };
  const num = (x: number | null | undefined) => (typeof x === 'number' ? x : NaN);
  return { mean: num(n.mean), lo: num(n.ci?.[0]), hi: num(n.ci?.[1]) };
}

/**
 * The lowest impact ratio over every compared category of every grouping (the four-fifths rule
 * holds for all when it holds for the lowest): mean = the lowest mean, CI = [the lowest lower
 * bound, the lowest upper bound] (NaN where a category has no CI). Undefined without categories.
 * @example lowestImpactRatio([outcomesOfTwoGroups]) // { mean: 0.75, ci: [0.6, 0.9] }
 */
export function lowestImpactRatio(outcomes: readonly OutcomesResults[]): Ci | undefined {
  let mean = Infinity;
  let lo = Infinity;
  let hi = Infinity;
  let found = false;
  for (const o of outcomes) {
    for (const g of o.groupings) {
      for (const c of g.categories) {
        const b = c.excluded ? undefined : bounds(c.impact_ratio);
        if (!b || Number.isNaN(b.mean)) continue;
        found = true;
        mean = Math.min(mean, b.mean);
        lo = Number.isNaN(b.lo) || Number.isNaN(lo) ? NaN : Math.min(lo, b.lo);
        hi = Number.isNaN(b.hi) || Number.isNaN(hi) ? NaN : Math.min(hi, b.hi);
      }
    }
  }
  return found ? { mean, ci: [lo, hi] } : undefined;
}

const plain = (c: Ci): Ci => ({ mean: c.mean, ci: [c.ci[0], c.ci[1]] });

function retrievalRows(run: number, r: RetrievalFairnessResults, out: ComparedRows): void {
  const twinKeys = twinMetricKeys(r.parameters.k);
  for (const s of r.subsets) {
    const task = s.twinsTask ? `${s.task} / ${s.twinsTask}` : s.task;
    for (const m of s.models) {
      const values: Record<string, Ci> = {};
      for (const [key, c] of Object.entries(m.effectiveness ?? {})) values[key] = plain(c);
      const overall = m.robustness.overall as unknown as Record<string, Ci | undefined>;
      for (const key of twinKeys) if (overall[key]) values[key] = plain(overall[key]);
      Object.assign(values, groupFairnessValues(m.groupFairness?.summary));
      const { id, label, revision, dtype, device } = m.model;
      out.rows.push({ run, model: { id, label, revision, dtype, device }, task, values });
      out.perUnit.push(m.perUnit);
    }
  }
}

function screeningRows(run: number, r: ScreeningResults, out: ComparedRows): void {
  for (const m of r.models) {
    const values: Record<string, Ci> = {};
    if (m.validity) {
      for (const key of ['auc', 'balanced_accuracy', 'macro_f1', 'precision@5'] as const) values[key] = plain(m.validity[key]);
    }
    if (m.consistency) {
      for (const key of ['icc', 'sigma_score', 'sigma_rank', 'label_flip_pct', 'disag@5'] as const) values[key] = plain(m.consistency[key]);
    }
    const impact = lowestImpactRatio((m.outcomes ?? []).map((o) => o.outcomes));
    if (impact) values.impact_ratio = impact;
    // Time per 1,000 calls on the run's device (issue 49's cost against bias): no CI, never paired.
    if (Number.isFinite(m.latency.mean_ms_per_pair)) values.seconds_per_1000_calls = { mean: m.latency.mean_ms_per_pair, ci: [NaN, NaN] };
    // An LLM screener's output validity (issue 49): the valid share with its 95% Wilson interval.
    if (m.llm) values.output_validity = { mean: m.llm.output_validity.share, ci: [m.llm.output_validity.ci[0], m.llm.output_validity.ci[1]] };
    // Each demographic effect's ΔScore (METRICS.md §4), paired over (job, CV) pairs where both runs kept per-unit values.
    const effects = m.bias.effects.filter((e) => e.kind === 'effect');
    for (const e of effects) values[deltaScoreKey(e.attribute, e.group, e.signal)] = plain(e.delta_score);
    const { id, label, revision, dtype, device } = m.model;
    out.rows.push({ run, model: { id, label, revision, dtype, device }, task: r.task, values });
    out.perUnit.push(m.perUnit ? screeningUnitColumns(m.perUnit, r.parameters.reference, effects) : undefined);
  }
}

/**
 * The rows of each run in order: a retrieval run gives one row per subset and
 * model (effectiveness and the overall twin metrics), a screening run one per
 * model (validity, consistency, the lowest impact ratio of its variants'
 * outcomes, an LLM's output validity, each demographic effect's ΔScore `delta_score|attribute|group|signal`),
 * a group-outcome audit one row (the lowest impact ratio).
 * @example comparedRows([{ label: 'v1', results: bm25Run }]).rows[0].values['ndcg@10'] // { mean: 0.51, ci: [0.47, 0.55] }
 */
export function comparedRows(runs: readonly StoredRun[]): ComparedRows {
  const out: ComparedRows = { runs: [], rows: [], perUnit: [] };
  runs.forEach(({ label, results }, run) => {
    out.runs.push(runOf(label, results));
    const kind = kindOf(results);
    if (kind === 'retrieval-fairness') retrievalRows(run, results as RetrievalFairnessResults, out);
    else if (kind === 'screening') screeningRows(run, results as ScreeningResults, out);
    else {
      const impact = lowestImpactRatio([results as OutcomesResults]);
      out.rows.push({ run, model: { id: 'decisions', label: 'decisions', revision: '', dtype: '', device: '' }, task: 'outcomes', values: impact ? { impact_ratio: impact } : {} });
      out.perUnit.push(undefined);
    }
  });
  return out;
}

/**
 * A row's name in a sentence: `run · model`, with the task when the run has rows on several. The
 * model is named as Results name it (core/models/displayName.ts): its short name, or its full
 * label where two models of the run share the short name.
 * @example rowLabel(runs, rows, 0) // 'v1.json · BM25' (label 'BM25 (k1 1.2, b 0.75)')
 */
export function rowLabel(runs: readonly ComparisonRun[], rows: readonly ComparisonRow[], i: number): string {
  const row = rows[i];
  const several = rows.some((r) => r.run === row.run && r.task !== row.task);
  const ofRun = [...new Map(rows.filter((r) => r.run === row.run).map((r) => [r.model.id, r.model])).values()];
  const name = displayNames(ofRun)[ofRun.findIndex((m) => m.id === row.model.id)];
  return `${runs[row.run].label} · ${name}${several ? ` (${row.task})` : ''}`;
}
