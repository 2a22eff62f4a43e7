/**
 * A task's score as a function of record weights (METRICS.md §9): each
 * record is reduced once to what its task's statistic needs (a value, span
 * counts, a class and a hit), and the score of any multiset of records — the
 * full sample, a bootstrap resample, a slice — is an aggregate over those
 * with integer weights. Weights all 1 give `scoreTask` of the scored records.
 *
 * Missing and invalid outputs (`MissingRule`, docs/predictions-format.md),
 * as the benchmark's §4.3 and Appendices B–C set them:
 * - `benchmark` (the default): a missing output (prediction absent or null)
 *   is left out of generation, span, path, binary and similarity scoring; a
 *   generation output that is not text, or is empty (nothing but white
 *   space), is omitted too. A retrieval group is never dropped: a missing or
 *   non-list output scores as an empty ranking, 0. An invalid path or
 *   similarity output is wrong, an invalid binary output is mapped to 0, and a
 *   ranking output that is not a complete permutation of the candidates scores
 *   0 (so nothing is left out of ranking).
 * - `worst`: every record is scored, a missing or invalid output as the worst
 *   answer of its kind: empty text, no spans, an empty path or ranking, and a
 *   missing binary or similarity answer as a failure (wrong whatever the
 *   reference; not the negative class).
 */
import { rankingGroupScore, retrievalGroupScore } from './groupRanking.ts';
import { pathScore } from './pathScore.ts';
import { rougeLChar } from './rougeL.ts';
import { spanCounts, type Span } from './spanF1.ts';
import type { Composite, TaskKind, TaskPredictions, TaskRecord } from './tasks.ts';

/** How missing and invalid outputs are scored. */
export const MISSING_RULES = Object.freeze(['benchmark', 'worst'] as const);
export type MissingRule = (typeof MISSING_RULES)[number];

/** The composite weights (ROUGE-L, rubric J, verdict V), as the benchmark publishes them. */
export const COMPOSITE_WEIGHTS: Readonly<Record<Composite, { readonly rougeL: number; readonly rubric: number; readonly verdict: number }>> = Object.freeze({
  'jd-generation': Object.freeze({ rougeL: 0.6, rubric: 0.4, verdict: 0 }),
  'fit-analysis': Object.freeze({ rougeL: 0.3, rubric: 0.2, verdict: 0.5 }),
});

/** A task reduced to per-record columns; `scored[i]` is 0 for a record left out. */
export interface PreparedTask {
  readonly kind: TaskKind;
  readonly n: number;
  readonly scored: Uint8Array;
  /** Mean kinds (generation, path, retrieval, ranking): the per-record score on [0, 1]. */
  readonly values?: Float64Array;
  /** Composite generation: the component columns on [0, 1] (verdict only for fit analysis). */
  readonly components?: { readonly rougeL: Float64Array; readonly rubric: Float64Array; readonly verdict?: Float64Array };
  /** span: true positives, predicted and reference span counts per record. */
  readonly spans?: { readonly tp: Float64Array; readonly predicted: Float64Array; readonly reference: Float64Array };
  /** binary, similarity: the reference class index and whether the output was that class. */
  readonly classes?: { readonly reference: Uint32Array; readonly predicted: Int32Array; readonly count: number };
}

const isMissing = (p: unknown) => p === undefined || p === null;
const isString = (x: unknown): x is string => typeof x === 'string';
const stringList = (x: unknown): string[] => (Array.isArray(x) ? x.map((v) => (isString(v) ? v : '\u0000invalid')) : []);
const spanList = (x: unknown): Span[] =>
  Array.isArray(x) ? x.filter((s): s is Span => s !== null && typeof s === 'object' && isString(s.type) && Number.isFinite(s.start) && Number.isFinite(s.end)) : [];

/** Whether `rule` leaves record r of a task of `kind` out of its score. */
export function leftOut(kind: TaskKind, r: TaskRecord, rule: MissingRule): boolean {
  if (rule === 'worst') return false;
  switch (kind) {
    case 'generation':
      return !isString(r.prediction) || r.prediction.trim() === '';
    case 'span':
    case 'path':
    case 'binary':
    case 'similarity':
      return isMissing(r.prediction);
    case 'retrieval':
    case 'ranking':
      return false;
  }
}

function perRecordValue(kind: TaskKind, r: TaskRecord): number {
  switch (kind) {
    case 'path':
      return pathScore(stringList(r.prediction), r.reference as string[]);
    case 'retrieval':
      return retrievalGroupScore(stringList(r.prediction), r.reference as string[]);
    case 'ranking':
      return rankingGroupScore(stringList(r.prediction), r.reference as string, r.candidates ?? []);
    default:
      return rougeLChar(isString(r.prediction) ? r.prediction : '', r.reference as string);
  }
}

/**
 * Reduces a task to its per-record columns under `rule`.
 * @example prepareTask({ task: { name: 'g', kind: 'generation', capability: 'Generation' }, records }, 'benchmark')
 */
export function prepareTask({ task, records }: TaskPredictions, rule: MissingRule): PreparedTask {
  const n = records.length;
  const scored = Uint8Array.from(records, (r) => (leftOut(task.kind, r, rule) ? 0 : 1));
  const base = { kind: task.kind, n, scored };
  if (task.kind === 'span') {
    const tp = new Float64Array(n);
    const predicted = new Float64Array(n);
    const reference = new Float64Array(n);
    records.forEach((r, i) => {
      const c = spanCounts(spanList(r.prediction), spanList(r.reference));
      [tp[i], predicted[i], reference[i]] = [c.tp, c.predicted, c.reference];
    });
    return { ...base, spans: { tp, predicted, reference } };
  }
  if (task.kind === 'binary' || task.kind === 'similarity') {
    const key = (x: unknown) => JSON.stringify(x ?? null);
    const labels = task.kind === 'binary' ? ['0', '1'] : [...new Set(records.map((r) => key(r.reference)))];
    const index = new Map(labels.map((l, i) => [l, i]));
    // Binary: only 1 is positive, any other output the negative class; a missing answer is no class (always wrong).
    const predictedKey = (p: unknown) => (task.kind === 'binary' ? (p === 1 ? '1' : '0') : key(p));
    return {
      ...base,
      classes: {
        reference: Uint32Array.from(records, (r) => index.get(key(r.reference))!),
        predicted: Int32Array.from(records, (r) => (isMissing(r.prediction) ? -1 : (index.get(predictedKey(r.prediction)) ?? -1))),
        count: labels.length,
      },
    };
  }
  const values = Float64Array.from(records, (r) => perRecordValue(task.kind, r));
  if (task.composite === undefined) return { ...base, values };
  const w = COMPOSITE_WEIGHTS[task.composite];
  const rubric = Float64Array.from(records, (r) => r.rubric ?? 0);
  const verdict = task.composite === 'fit-analysis' ? Float64Array.from(records, (r) => (key2(r.verdict) === key2(r.referenceVerdict) ? 1 : 0)) : undefined;
  const composite = values.map((v, i) => w.rougeL * v + w.rubric * rubric[i] + w.verdict * (verdict ? verdict[i] : 0));
  return { ...base, values: composite, components: { rougeL: values, rubric, ...(verdict ? { verdict } : {}) } };
}

const key2 = (x: unknown) => (isMissing(x) ? '\u0000missing' : JSON.stringify(x));

/** Σ w·x / Σ w over the scored records; NaN when no weight falls on a scored record. */
export function weightedMean(x: ArrayLike<number>, scored: Uint8Array, weights: ArrayLike<number>): number {
  let sum = 0;
  let total = 0;
  for (let i = 0; i < x.length; i++) {
    const w = weights[i] * scored[i];
    if (w === 0) continue;
    sum += w * x[i];
    total += w;
  }
  return total === 0 ? NaN : sum / total;
}

/**
 * The task's score on [0, 1] over the records with the given multiplicities
 * (METRICS.md §9; the same statistic as scoreTask): a weighted mean, the
 * corpus span micro-F1 of the weighted counts, balanced accuracy or macro-F1
 * of the weighted confusion counts (over the reference classes present).
 * NaN when no weight falls on a scored record.
 * @example weightedTaskScore(prepareTask(t, 'worst'), new Uint32Array(t.records.length).fill(1)) // scoreTask(kind, records) / 100
 */
export function weightedTaskScore(p: PreparedTask, weights: ArrayLike<number>): number {
  if (p.values) return weightedMean(p.values, p.scored, weights);
  if (p.spans) {
    let tp = 0;
    let predicted = 0;
    let reference = 0;
    let any = false;
    for (let i = 0; i < p.n; i++) {
      const w = weights[i] * p.scored[i];
      if (w === 0) continue;
      any = true;
      tp += w * p.spans.tp[i];
      predicted += w * p.spans.predicted[i];
      reference += w * p.spans.reference[i];
    }
    if (!any) return NaN;
    if (predicted === 0 && reference === 0) return 1;
    return tp === 0 ? 0 : (2 * tp) / (predicted + reference);
  }
  return classScore(p, weights, false);
}

/**
 * Balanced accuracy (binary) or macro-F1 (similarity) of the weighted
 * records, over the reference classes present; with `recallOnly`, the mean
 * recall of those classes (a single-class slice's recall or rejection rate).
 */
export function classScore(p: PreparedTask, weights: ArrayLike<number>, recallOnly: boolean): number {
  const { reference, predicted, count } = p.classes!;
  const tp = new Float64Array(count);
  const fp = new Float64Array(count);
  const total = new Float64Array(count);
  for (let i = 0; i < p.n; i++) {
    const w = weights[i] * p.scored[i];
    if (w === 0) continue;
    const r = reference[i];
    total[r] += w;
    if (predicted[i] === r) tp[r] += w;
    else if (predicted[i] >= 0) fp[predicted[i]] += w;
  }
  let sum = 0;
  let present = 0;
  for (let c = 0; c < count; c++) {
    if (total[c] === 0) continue;
    present++;
    const f1 = tp[c] === 0 ? 0 : (2 * tp[c]) / (2 * tp[c] + fp[c] + (total[c] - tp[c]));
    sum += p.kind === 'binary' || recallOnly ? tp[c] / total[c] : f1;
  }
  return present === 0 ? NaN : sum / present;
}
