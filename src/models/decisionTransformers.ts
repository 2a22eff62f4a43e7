/**
 * Decision scoring through a transformers.js tokenizer and sequence
 * classification model: the same code in the browser worker and in Node
 * (decisionNode.ts), so both score a pair identically.
 *
 * - cross-encoder / sequence-classifier: tokenizer(jobs, {text_pair: cvs,
 *   padding, truncation, max_length}); one logit → σ, several → softmax and
 *   the fit label (decisionScoring.ts).
 * - zero-shot-nli: for each pair, the premise (job head + CV) against each of
 *   the rubric's 30 level hypotheses; the two gates against the job
 *   description alone, once per distinct job text (cached for the scorer's
 *   life); entailment probabilities → rubric score / 100.
 */
import type { PreTrainedModel, PreTrainedTokenizer, Tensor } from '@huggingface/transformers';
import { DEFAULT_JOB_CHARS, type DecisionPair, type WorkerDecisionKind } from './decisionSpec.ts';
import {
  NLI_GATE_HYPOTHESES,
  NLI_LEVEL_HYPOTHESES,
  entailmentProbability,
  fitColumn,
  fitProbabilities,
  nliPremise,
  nliRubricScore,
} from './decisionScoring.ts';

export interface TransformersDecisionOptions {
  readonly kind: Extract<WorkerDecisionKind, 'cross-encoder' | 'sequence-classifier' | 'zero-shot-nli'>;
  readonly maxLength: number;
  readonly fitLabel?: string;
  readonly entailmentLabel?: string;
  readonly jobChars?: number;
  /** NLI sequences per model call (bounds memory); default 32. */
  readonly nliChunk?: number;
}

/** Scores pairs → fit probabilities (0..1), one per pair. */
export type PairScorer = (pairs: readonly DecisionPair[]) => Promise<Float32Array>;

/** The model's labels in output order, from config.id2label. */
export function modelLabels(model: PreTrainedModel): string[] {
  const id2label = (model.config as unknown as { id2label?: Record<string, string> }).id2label ?? {};
  return Object.keys(id2label)
    .map(Number)
    .sort((a, b) => a - b)
    .map((i) => id2label[String(i)]);
}

async function logitsOf(tokenizer: PreTrainedTokenizer, model: PreTrainedModel, texts: string[], pairs: string[], maxLength: number): Promise<{ data: Float32Array; width: number }> {
  const inputs = tokenizer(texts, { text_pair: pairs, padding: true, truncation: true, max_length: maxLength }) as unknown as Record<string, Tensor>;
  const { logits } = (await model(inputs)) as { logits: Tensor };
  const data = Float32Array.from(logits.data as Float32Array);
  const width = logits.dims[logits.dims.length - 1];
  logits.dispose?.();
  return { data, width };
}

/**
 * A pair scorer over a loaded tokenizer and model.
 * @throws {Error} at creation when the labels cannot tell fit (sequence
 *   classifier) or entailment (NLI).
 */
export function transformersDecisionScorer(tokenizer: PreTrainedTokenizer, model: PreTrainedModel, options: TransformersDecisionOptions): PairScorer {
  const labels = modelLabels(model);
  // A registry or typed entry may allow more tokens than the model has positions (a typed Hub
  // id defaults to 512; the tiny test fixture has 128): never feed more than the model can embed.
  const positions = (model.config as unknown as { max_position_embeddings?: number }).max_position_embeddings;
  options = { ...options, maxLength: positions !== undefined && positions > 0 ? Math.min(options.maxLength, positions) : options.maxLength };
  if (options.kind !== 'zero-shot-nli') {
    const column = labels.length > 0 ? fitColumn(labels, labels.length, options.fitLabel) : 0;
    return async (pairs) => {
      if (pairs.length === 0) return new Float32Array(0);
      const { data } = await logitsOf(
        tokenizer,
        model,
        pairs.map((p) => p.job),
        pairs.map((p) => p.cv),
        options.maxLength,
      );
      return fitProbabilities(data, pairs.length, column);
    };
  }
  const entail = options.entailmentLabel ?? 'entailment';
  entailmentProbability([0, 0, 0].slice(0, Math.max(labels.length, 1)), labels, entail); // fails early on a wrong label
  const chunk = options.nliChunk ?? 32;
  const jobChars = options.jobChars ?? DEFAULT_JOB_CHARS;
  const gateCache = new Map<string, Record<string, number>>();

  async function entailments(premises: string[], hypotheses: string[]): Promise<Float64Array> {
    const out = new Float64Array(premises.length);
    for (let start = 0; start < premises.length; start += chunk) {
      const end = Math.min(premises.length, start + chunk);
      const { data, width } = await logitsOf(tokenizer, model, premises.slice(start, end), hypotheses.slice(start, end), options.maxLength);
      for (let r = 0; r < end - start; r++) out[start + r] = entailmentProbability(data.subarray(r * width, (r + 1) * width), labels, entail);
    }
    return out;
  }

  return async (pairs) => {
    const newJobs = [...new Set(pairs.map((p) => p.job))].filter((j) => !gateCache.has(j));
    if (newJobs.length > 0) {
      const premises = newJobs.flatMap((j) => NLI_GATE_HYPOTHESES.map(() => j));
      const e = await entailments(premises, newJobs.flatMap(() => NLI_GATE_HYPOTHESES.map((h) => h.hypothesis)));
      newJobs.forEach((j, i) => {
        const gates: Record<string, number> = {};
        NLI_GATE_HYPOTHESES.forEach((h, g) => {
          if (h.target === 'gate') gates[h.gate] = e[i * NLI_GATE_HYPOTHESES.length + g];
        });
        gateCache.set(j, gates);
      });
    }
    const per = NLI_LEVEL_HYPOTHESES.length;
    const premises = pairs.flatMap((p) => {
      const premise = nliPremise(p.job, p.cv, jobChars);
      return NLI_LEVEL_HYPOTHESES.map(() => premise);
    });
    const e = await entailments(premises, pairs.flatMap(() => NLI_LEVEL_HYPOTHESES.map((h) => h.hypothesis)));
    return Float32Array.from(pairs, (p, i) => nliRubricScore(e.subarray(i * per, (i + 1) * per), gateCache.get(p.job)!) / 100);
  };
}
