/**
 * Pure pieces of decision scoring, shared by the browser worker and Node:
 * model outputs → fit probabilities (METRICS.md §8: a model with one fit
 * probability p scores 100p), and the zero-shot NLI rubric (RUBRIC.md): its
 * premises, hypotheses, level probabilities and gates → a 0–100 score.
 */
import { RUBRIC, RUBRIC_GATES, rubricScore, type RubricAnswer, type RubricGate } from '../core/rubric.ts';
import { sigmoid } from '../core/stats/logistic.ts';

/** Softmax of `row` (max-shifted, so large logits do not overflow). */
export function softmax(row: ArrayLike<number>): Float64Array {
  let max = -Infinity;
  for (let i = 0; i < row.length; i++) max = Math.max(max, row[i]);
  const out = new Float64Array(row.length);
  let sum = 0;
  for (let i = 0; i < row.length; i++) sum += out[i] = Math.exp(row[i] - max);
  for (let i = 0; i < row.length; i++) out[i] /= sum;
  return out;
}

/**
 * Which output column means "fit": `fitLabel` when named (matched exactly,
 * then case-insensitively); else column 0 of a one-logit head; else column 1
 * of a two-label head (the LABEL_1 / positive convention).
 * @throws {Error} when the label is not found, or a head of 3+ labels has no fit label named.
 */
export function fitColumn(labels: readonly string[], width: number, fitLabel?: string): number {
  if (fitLabel !== undefined) {
    let i = labels.indexOf(fitLabel);
    if (i < 0) i = labels.findIndex((l) => l.toLowerCase() === fitLabel.toLowerCase());
    if (i < 0) throw new Error(`fit label "${fitLabel}" is not among the model's labels (${labels.join(', ')})`);
    return i;
  }
  if (width === 1) return 0;
  if (width === 2) return 1;
  throw new Error(`the model has ${width} labels (${labels.join(', ')}): name the one that means "fit"`);
}

/**
 * Fit probabilities from a [rows, width] logits matrix: one logit → σ
 * (cross-encoders); several → softmax, the fit column.
 * @throws {RangeError} when the data is not rows × width.
 */
export function fitProbabilities(logits: ArrayLike<number>, rows: number, column: number): Float32Array {
  if (rows === 0) return new Float32Array(0);
  const width = logits.length / rows;
  if (!Number.isInteger(width) || width < 1) throw new RangeError(`logits of length ${logits.length} do not split into ${rows} rows`);
  const out = new Float32Array(rows);
  for (let r = 0; r < rows; r++) {
    const row = Array.prototype.slice.call(logits, r * width, (r + 1) * width) as number[];
    out[r] = width === 1 ? sigmoid(row[0]) : softmax(row)[column];
  }
  return out;
}

/** The outputs of a user ONNX classifier → fit probabilities (OnnxClassifierMapping.outputKind). */
export function onnxOutputProbabilities(data: ArrayLike<number>, rows: number, kind: 'logit' | 'probability' | 'logits-2'): Float32Array {
  const width = kind === 'logits-2' ? 2 : 1;
  if (data.length !== rows * width) throw new RangeError(`output has ${data.length} values, expected ${rows} × ${width} for "${kind}"`);
  if (kind === 'logits-2') return fitProbabilities(data, rows, 1);
  const out = new Float32Array(rows);
  for (let r = 0; r < rows; r++) out[r] = kind === 'logit' ? sigmoid(data[r]) : Math.min(1, Math.max(0, data[r]));
  return out;
}

/**
 * P(entailment) of one NLI logits row, as transformers' zero-shot pipeline
 * does with multi_label: softmax over [contradiction, entailment] when the
 * model has a contradiction label, else softmax over all labels.
 * @throws {Error} when no label matches `entailmentLabel` (case-insensitive).
 */
export function entailmentProbability(row: ArrayLike<number>, labels: readonly string[], entailmentLabel = 'entailment'): number {
  const lower = labels.map((l) => l.toLowerCase());
  const e = lower.indexOf(entailmentLabel.toLowerCase());
  if (e < 0) throw new Error(`entailment label "${entailmentLabel}" is not among the model's labels (${labels.join(', ')})`);
  const c = lower.indexOf('contradiction');
  if (c >= 0) return softmax([row[c], row[e]])[1];
  return softmax(row)[e];
}

/** One NLI sequence: a hypothesis and where its answer goes. */
export type NliHypothesis =
  | { readonly target: 'level'; readonly question: string; readonly level: number; readonly hypothesis: string }
  | { readonly target: 'gate'; readonly gate: RubricGate['id']; readonly hypothesis: string };

/** The 30 level hypotheses of RUBRIC, question by question, levels in order. */
export const NLI_LEVEL_HYPOTHESES: readonly NliHypothesis[] = Object.freeze(
  RUBRIC.flatMap((q) => q.levels.map((l) => Object.freeze({ target: 'level' as const, question: q.id, level: l.level, hypothesis: l.hypothesis }))),
);

/** The 2 gate hypotheses (about the job description only). */
export const NLI_GATE_HYPOTHESES: readonly NliHypothesis[] = Object.freeze(
  RUBRIC_GATES.map((g) => Object.freeze({ target: 'gate' as const, gate: g.id, hypothesis: g.hypothesis })),
);

/**
 * The NLI premise of a pair: the job description, cut to its first
 * `jobChars` characters (at a word boundary when one is within the last
 * 20%), then the CV. The tokenizer truncates the (premise, hypothesis) pair
 * to the model's max length, cutting the end of the CV first.
 */
export function nliPremise(job: string, cv: string, jobChars: number): string {
  let head = job.trim();
  if (head.length > jobChars) {
    const cut = head.slice(0, jobChars);
    const space = cut.lastIndexOf(' ');
    head = `${space >= jobChars * 0.8 ? cut.slice(0, space) : cut}…`;
  }
  return `Job description: ${head}\n\nCV: ${cv.trim()}`;
}

/**
 * The rubric score (0–100, METRICS.md §8) from entailment probabilities:
 * p_q(v) = e_qv / Σ_v e_qv over each question's levels (uniform when all are
 * 0), each gate counted when its entailment probability ≥ 0.5, then
 * rubricScore.
 * @param levels entailment probability per NLI_LEVEL_HYPOTHESES entry, in order
 * @param gates entailment probability per gate id
 */
export function nliRubricScore(levels: ArrayLike<number>, gates: Readonly<Partial<Record<RubricGate['id'], number>>>): number {
  if (levels.length !== NLI_LEVEL_HYPOTHESES.length) throw new RangeError(`expected ${NLI_LEVEL_HYPOTHESES.length} level probabilities, got ${levels.length}`);
  const questions: Record<string, RubricAnswer> = {};
  let offset = 0;
  for (const q of RUBRIC) {
    const e = Array.from({ length: q.levels.length }, (_, v) => levels[offset + v]);
    offset += q.levels.length;
    const sum = e.reduce((s, x) => s + x, 0);
    const probabilities = sum > 0 ? e.map((x) => x / sum) : e.map(() => 1 / e.length);
    questions[q.id] = { probabilities };
  }
  return rubricScore({ questions, gates });
}
