/**
 * A user ONNX classifier run through ONNX Runtime directly, with a declared
 * mapping (OnnxClassifierMapping) from our tokenizer's outputs to the
 * graph's inputs and from its output to a fit probability. The runtime is
 * passed in: `onnxruntime-web/webgpu` in the browser worker (the module
 * transformers.js itself uses, so the page holds one ONNX Runtime), or
 * `onnxruntime-node` in Node tests — they share this API.
 */
import type { PreTrainedTokenizer, Tensor } from '@huggingface/transformers';
import type { DecisionPair, OnnxClassifierMapping } from './decisionSpec.ts';
import { onnxOutputProbabilities } from './decisionScoring.ts';
import type { PairScorer } from './decisionTransformers.ts';

/** The subset of the ONNX Runtime JS API used here. */
export interface OrtLike {
  readonly Tensor: new (type: 'int64', data: BigInt64Array, dims: readonly number[]) => unknown;
  readonly InferenceSession: {
    create(model: Uint8Array, options?: { executionProviders?: string[] }): Promise<OrtSessionLike>;
  };
}

export interface OrtSessionLike {
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  run(feeds: Record<string, unknown>): Promise<Record<string, { readonly data: unknown; dispose?: () => void }>>;
  release?(): Promise<void>;
}

/**
 * Checks a mapping against a session's declared inputs and outputs.
 * @throws {Error} naming the first input or output the graph does not have.
 */
export function checkOnnxMapping(mapping: OnnxClassifierMapping, session: Pick<OrtSessionLike, 'inputNames' | 'outputNames'>): void {
  for (const [ours, name] of Object.entries(mapping.inputs)) {
    if (name !== undefined && !session.inputNames.includes(name)) {
      throw new Error(`mapping feeds ${ours} to input "${name}", but the graph's inputs are ${session.inputNames.join(', ')}`);
    }
  }
  if (!session.outputNames.includes(mapping.output)) {
    throw new Error(`mapping reads output "${mapping.output}", but the graph's outputs are ${session.outputNames.join(', ')}`);
  }
}

/** A pair scorer over an ONNX session. @throws {Error} when the mapping does not fit the graph. */
export function onnxDecisionScorer(ort: OrtLike, session: OrtSessionLike, tokenizer: PreTrainedTokenizer, mapping: OnnxClassifierMapping, maxLength: number): PairScorer {
  checkOnnxMapping(mapping, session);
  return async (pairs: readonly DecisionPair[]) => {
    if (pairs.length === 0) return new Float32Array(0);
    const encoded = tokenizer(
      pairs.map((p) => p.job),
      { text_pair: pairs.map((p) => p.cv), padding: true, truncation: true, max_length: maxLength },
    ) as unknown as Record<string, Tensor>;
    const feeds: Record<string, unknown> = {};
    for (const [ours, name] of Object.entries(mapping.inputs) as [string, string | undefined][]) {
      if (name === undefined) continue;
      const t = encoded[ours];
      if (!t) throw new Error(`the tokenizer returns no ${ours} for input "${name}"`);
      feeds[name] = new ort.Tensor('int64', BigInt64Array.from(t.data as BigInt64Array), t.dims);
    }
    const outputs = await session.run(feeds);
    const out = outputs[mapping.output];
    const probabilities = onnxOutputProbabilities(out.data as Float32Array, pairs.length, mapping.outputKind);
    for (const o of Object.values(outputs)) o.dispose?.();
    return probabilities;
  };
}
