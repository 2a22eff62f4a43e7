/**
 * Multi-task scoring from imported predictions (METRICS.md §9, EHR-Bench
 * style): each task scored on 0–100, capability = mean of its tasks,
 * Overall = mean of the six capabilities. The predictions-folder format is in
 * docs/predictions-format.md.
 *
 * References are validated by the parser (core/formats/predictions.ts);
 * predictions are model outputs and are never rejected: an output of the
 * wrong shape is scored as the worst answer of its kind.
 */
import { balancedAccuracyBinary, macroF1Labels } from './labelScores.ts';
import { pathScore } from './pathScore.ts';
import { rankingGroupScore, retrievalGroupScore } from './groupRanking.ts';
import { rougeLChar } from './rougeL.ts';
import { spanMicroF1, type Span } from './spanF1.ts';

/** The six capability families, in report order. */
export const CAPABILITIES = Object.freeze(['Generation', 'Extraction', 'Classification', 'Retrieval', 'Ranking', 'STS'] as const);
export type Capability = (typeof CAPABILITIES)[number];

/** How a task is scored. */
export const TASK_KINDS = Object.freeze(['generation', 'span', 'path', 'binary', 'similarity', 'retrieval', 'ranking'] as const);
export type TaskKind = (typeof TASK_KINDS)[number];

/** Composite generation scores (docs/predictions-format.md): which weights combine the components. */
export const COMPOSITES = Object.freeze(['jd-generation', 'fit-analysis'] as const);
export type Composite = (typeof COMPOSITES)[number];

/** A task as declared in tasks.json. */
export interface TaskDeclaration {
  readonly name: string;
  readonly kind: TaskKind;
  readonly capability: Capability;
  /** Generation tasks only: score as a composite of ROUGE-L, the rubric score and (fit analysis) the verdict. */
  readonly composite?: Composite;
}

/**
 * One prediction line. `candidates` is required for ranking tasks. The
 * optional fields feed the uncertainty, baselines, composites and slices
 * (docs/predictions-format.md); a prediction that is absent or null is a
 * missing output.
 */
export interface TaskRecord {
  readonly id: string;
  readonly prediction: unknown;
  readonly reference: unknown;
  readonly candidates?: readonly string[];
  /** Entity ids (CV, job, …): records sharing one are resampled together. */
  readonly entities?: readonly string[];
  /** Where the input came from, for the by-source slices. */
  readonly source?: string;
  /** The anchor's prompt-visible text (ranking, retrieval): the TF-IDF baseline. */
  readonly anchor?: string;
  /** The candidates' prompt-visible texts, parallel to `candidates`. */
  readonly candidateTexts?: readonly string[];
  /** Composite tasks: the rubric score J in [0, 1] of this output. */
  readonly rubric?: number;
  /** Fit analysis: the verdict the output gives, and the reference verdict. */
  readonly verdict?: unknown;
  readonly referenceVerdict?: unknown;
}

/** A task's declaration and its records. */
export interface TaskPredictions {
  readonly task: TaskDeclaration;
  readonly records: readonly TaskRecord[];
}

/** Per-task, per-capability and overall scores (0–100). */
export interface TaskReport {
  readonly tasks: Record<string, { kind: TaskKind; capability: Capability; score: number; n: number }>;
  /** Capabilities with at least one task. */
  readonly capabilities: Partial<Record<Capability, number>>;
  /** Mean over the capabilities present; undefined when none is. */
  readonly overall: number | undefined;
  /** Capabilities without any task: Overall is then over fewer than six. */
  readonly missingCapabilities: Capability[];
}

const isString = (x: unknown): x is string => typeof x === 'string';
const stringList = (x: unknown): string[] => (Array.isArray(x) ? x.map((v) => (isString(v) ? v : '\u0000invalid')) : []);
function spans(x: unknown): Span[] {
  if (!Array.isArray(x)) return [];
  return x.filter(
    (s): s is Span => s !== null && typeof s === 'object' && isString(s.type) && Number.isFinite(s.start) && Number.isFinite(s.end),
  );
}
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * Score of one task on 0–100 (METRICS.md §9): generation = mean character
 * ROUGE-L F; span = corpus strict micro-F1; path = mean PathScore; binary =
 * balanced accuracy, invalid → 0; similarity = macro-F1; retrieval = mean
 * over groups of (Recall@3 + Recall@10 + MRR@10)/3; ranking = mean nDCG@5 of
 * the single positive. A non-string generation output counts as empty; a
 * non-list span, path or retrieval output as empty.
 * @throws {RangeError} when there are no records.
 */
export function scoreTask(kind: TaskKind, records: readonly TaskRecord[]): number {
  if (records.length === 0) throw new RangeError('task without records');
  switch (kind) {
    case 'generation':
      return 100 * mean(records.map((r) => rougeLChar(isString(r.prediction) ? r.prediction : '', r.reference as string)));
    case 'span':
      return 100 * spanMicroF1(records.map((r) => ({ predicted: spans(r.prediction), reference: spans(r.reference) })));
    case 'path':
      return 100 * mean(records.map((r) => pathScore(stringList(r.prediction), r.reference as string[])));
    case 'binary':
      return 100 * balancedAccuracyBinary(records.map((r) => r.prediction), records.map((r) => r.reference));
    case 'similarity':
      return 100 * macroF1Labels(records.map((r) => r.prediction), records.map((r) => r.reference));
    case 'retrieval':
      return 100 * mean(records.map((r) => retrievalGroupScore(stringList(r.prediction), r.reference as string[])));
    case 'ranking':
      return 100 * mean(records.map((r) => rankingGroupScore(stringList(r.prediction), r.reference as string, r.candidates ?? [])));
  }
}

/**
 * Scores every task, then capability = mean of its tasks' scores and
 * Overall = mean of the capabilities (METRICS.md §9). When a capability has
 * no task, Overall is the mean of those present and the missing ones are listed.
 * @throws {RangeError} for two tasks with the same name or a task without records.
 */
export function scoreTasks(tasks: readonly TaskPredictions[]): TaskReport {
  const report: TaskReport['tasks'] = {};
  const byCapability = new Map<Capability, number[]>();
  for (const { task, records } of tasks) {
    if (task.name in report) throw new RangeError(`task "${task.name}" declared twice`);
    const score = scoreTask(task.kind, records);
    report[task.name] = { kind: task.kind, capability: task.capability, score, n: records.length };
    const list = byCapability.get(task.capability);
    if (list) list.push(score);
    else byCapability.set(task.capability, [score]);
  }
  const capabilities: Partial<Record<Capability, number>> = {};
  const present: number[] = [];
  const missingCapabilities: Capability[] = [];
  for (const c of CAPABILITIES) {
    const list = byCapability.get(c);
    if (!list) {
      missingCapabilities.push(c);
      continue;
    }
    capabilities[c] = mean(list);
    present.push(capabilities[c]);
  }
  return { tasks: report, capabilities, overall: present.length ? mean(present) : undefined, missingCapabilities };
}
