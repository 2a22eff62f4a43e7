/**
 * Decision models in Node (the CLI's screening audits): the same
 * cross-encoder / sequence-classifier / zero-shot-NLI scoring as the browser
 * worker (decisionTransformers.ts), through @huggingface/transformers' Node
 * build (onnxruntime-node, device `cpu`).
 *
 * transformers.js keeps its settings in one global `env`; loading sets
 * env.localModelPath / allowLocalModels / allowRemoteModels from the spec, so
 * load models one at a time.
 */
import { AutoModelForSequenceClassification, AutoTokenizer, type PreTrainedModel } from '@huggingface/transformers';
import { useModelSource } from './nodeModelEnv.ts';
import type { Dtype } from '../core/models/device.ts';
import type { DecisionPair } from './decisionSpec.ts';
import type { DecisionRunResult, DecisionRunsResult } from './decisionRunner.ts';
import { CancelledError } from './embeddingRunner.ts';
import { modelLabels, transformersDecisionScorer, type PairScorer, type TransformersDecisionOptions } from './decisionTransformers.ts';

export interface NodeDecisionSpec extends Omit<TransformersDecisionOptions, 'nliChunk'> {
  /** Hub id, or a folder name under localModelPath. */
  readonly id: string;
  /** Default fp32. */
  readonly dtype?: Dtype;
  readonly revision?: string;
  /** Load from this folder (`<localModelPath>/<id>/…`) and never from the network. */
  readonly localModelPath?: string;
  /** Pairs per model call; default 16 (1 for NLI). */
  readonly batchSize?: number;
}

export interface NodeDecisionModel {
  /** The model's labels in output order (config.id2label). */
  readonly labels: readonly string[];
  readonly dtype: Dtype;
  /** Fit probabilities (0..1) of one batch and the call's wall time. */
  scoreBatch(pairs: readonly DecisionPair[]): Promise<{ probabilities: Float32Array; ms: number }>;
  /** Scores 0–100 over any number of pairs, batched (the ScreeningScorer API of decisionScreening.ts). */
  score(pairs: readonly DecisionPair[], signal?: AbortSignal): Promise<DecisionRunResult>;
  scoreRuns(pairs: readonly DecisionPair[], runs: number, signal?: AbortSignal): Promise<DecisionRunsResult>;
  dispose(): Promise<void>;
}

/**
 * Loads a decision model in Node.
 * @throws {Error} when the files are missing, or the labels cannot tell fit / entailment.
 * @example const m = await loadDecisionModelNode({ id: 'fairground-test/tiny-bert-cross-encoder', kind: 'cross-encoder', maxLength: 128, localModelPath: 'test/fixtures/models/hub' })
 */
export async function loadDecisionModelNode(spec: NodeDecisionSpec): Promise<NodeDecisionModel> {
  useModelSource(spec.localModelPath);
  const dtype = spec.dtype ?? 'fp32';
  const tokenizer = await AutoTokenizer.from_pretrained(spec.id, { revision: spec.revision });
  const model: PreTrainedModel = await AutoModelForSequenceClassification.from_pretrained(spec.id, { revision: spec.revision, dtype, device: 'cpu' });
  const scorer: PairScorer = transformersDecisionScorer(tokenizer, model, spec);
  const batchSize = spec.batchSize ?? (spec.kind === 'zero-shot-nli' ? 1 : 16);

  async function scoreBatch(pairs: readonly DecisionPair[]) {
    const t0 = performance.now();
    const probabilities = await scorer(pairs);
    return { probabilities, ms: performance.now() - t0 };
  }

  async function score(pairs: readonly DecisionPair[], signal?: AbortSignal): Promise<DecisionRunResult> {
    const t0 = performance.now();
    const scores = new Float64Array(pairs.length);
    const callsMs: number[] = [];
    const callPairs: number[] = [];
    for (let b = 0; b < pairs.length; b += batchSize) {
      if (signal?.aborted) throw new CancelledError();
      const batch = pairs.slice(b, b + batchSize);
      const { probabilities, ms } = await scoreBatch(batch);
      probabilities.forEach((p, j) => (scores[b + j] = 100 * p));
      callsMs.push(ms);
      callPairs.push(batch.length);
    }
    return { scores, callsMs, callPairs, device: 'cpu', dtype, fallbacks: [], ms: performance.now() - t0 };
  }

  return {
    labels: modelLabels(model),
    dtype,
    scoreBatch,
    score,
    async scoreRuns(pairs, runs, signal) {
      const t0 = performance.now();
      const out: Float64Array[] = [];
      const callsMs: number[] = [];
      const callPairs: number[] = [];
      for (let t = 0; t < runs; t++) {
        const r = await score(pairs, signal);
        out.push(r.scores);
        callsMs.push(...r.callsMs);
        callPairs.push(...r.callPairs);
      }
      return { runs: out, callsMs, callPairs, device: 'cpu', dtype, fallbacks: [], ms: performance.now() - t0 };
    },
    async dispose() {
      await model.dispose();
    },
  };
}
