/**
 * Types shared by the decision worker (workers/decide.worker.ts), its
 * main-thread runner (decisionRunner.ts) and the Node scorer
 * (decisionNode.ts): what to load, how a user ONNX graph maps to our inputs,
 * and the per-kind defaults. Pure data, no I/O.
 */
import { NLI_JOB_CHARS } from '../core/models/truncation.ts';
import type { Device, Dtype } from '../core/models/device.ts';
import type { DecisionKind } from '../core/models/modelSpec.ts';
import type { ModelSource } from '../core/models/modelSource.ts';
import type { LlmMode, ScreeningTemplate } from '../core/llm/index.ts';

/** The kinds a decision worker runs (calibrated similarity runs on the embedding worker). */
export type WorkerDecisionKind = Exclude<DecisionKind, 'calibrated-similarity'>;

export type { DecisionPair } from '../core/models/decisionScores.ts';

/**
 * How a user ONNX classifier maps to our tokenizer's outputs: the graph's
 * input names (an omitted one is not fed), its output name, and what that
 * output holds per pair: `logit` (one logit; σ gives the fit probability),
 * `probability` (one fit probability, used as is), `logits-2` (two logits
 * [not fit, fit]; softmax, index 1).
 */
export interface OnnxClassifierMapping {
  /** The .onnx file inside the model source, e.g. `onnx/model.onnx`. */
  readonly modelFile: string;
  readonly inputs: { readonly input_ids?: string; readonly attention_mask?: string; readonly token_type_ids?: string };
  readonly output: string;
  readonly outputKind: 'logit' | 'probability' | 'logits-2';
}

/** What the decision worker loads. */
export interface DecisionLoadSpec {
  readonly source: ModelSource;
  readonly kind: WorkerDecisionKind;
  readonly device: Device;
  readonly dtype: Dtype;
  readonly threads: number;
  /** Tokens per sequence; longer pairs are truncated. */
  readonly maxLength: number;
  /** Sequence classifiers: the label meaning "fit" (default: the 2nd of two labels). */
  readonly fitLabel?: string;
  /** NLI: the label meaning entailment (default `entailment`, case-insensitive). */
  readonly entailmentLabel?: string;
  /** NLI: characters of the job description kept before the CV in the premise (default 600). */
  readonly jobChars?: number;
  /** onnx-classifier only. */
  readonly onnx?: OnnxClassifierMapping;
  /** llm only: how the model is asked. */
  readonly llm?: LlmAskOptions;
}

/** How an LLM decision model is asked (issue 49): the screening template, the scoring mode and its settings. */
export interface LlmAskOptions {
  readonly template: ScreeningTemplate;
  readonly mode: LlmMode;
  /** Generated mode: sampling temperature (0 = greedy). */
  readonly temperature: number;
  /** Generated mode: at most this many new tokens per answer. */
  readonly maxNewTokens: number;
  /** Generated mode: the sampler's seed (each (run, pair) draws from its own stream). */
  readonly seed: number;
  /** Reuse the job's prefix key/value cache across its CVs. */
  readonly prefixCache: boolean;
  /** Generated mode: hold answers to the JSON schema (structured output). */
  readonly structured?: boolean;
}

/**
 * An LLM's answers to one call's pairs, one entry per pair (typed arrays, transferred).
 * Generated texts stay in the page (the cases view); results never carry them.
 */
export interface LlmCallAnswers {
  /** 0–100; an invalid generated answer scores 0. */
  readonly scores: Float64Array;
  /** 1 valid, 0 not (always 1 in answer-probabilities mode). */
  readonly valid: Uint8Array;
  readonly promptTokens: Uint32Array;
  readonly generatedTokens: Uint32Array;
  /** Answer-probabilities mode: the options' share of the next-token distribution; NaN in generated mode. */
  readonly optionMass: Float64Array;
  /** Generated mode: the text written per pair; undefined in answer-probabilities mode. */
  readonly texts: readonly (string | undefined)[];
  /** The call's wall time, ms. */
  readonly ms: number;
}

/** The answer of one scoring call: one fit probability (0..1) per pair, and the call's wall time. */
export interface DecisionScores {
  readonly probabilities: Float32Array;
  readonly ms: number;
}

/** Default characters of the job description kept in an NLI premise (core's NLI_JOB_CHARS: the results report it). */
export const DEFAULT_JOB_CHARS = NLI_JOB_CHARS;

/**
 * Pairs per scoring call by kind: an NLI pair is 30 level hypotheses (plus 2
 * gates per new job), so it takes few pairs per call; the others one
 * sequence per pair.
 */
export const DEFAULT_BATCH_PAIRS = Object.freeze({
  'cross-encoder': 16,
  'sequence-classifier': 16,
  'zero-shot-nli': 1,
  'onnx-classifier': 16,
  llm: 1,
} as const satisfies Record<WorkerDecisionKind, number>);

/**
 * The URL of a file of a model source, for the worker to fetch (the ONNX
 * classifier's graph): bundled files under `<site>models/<id>/`, Hub files at
 * `<host><id>/resolve/<revision>/<file>`, and a picked folder's under the
 * folder prefix (answered by folderFetch from the picked Blobs).
 */
export function modelFileUrl(source: ModelSource, file: string, siteUrl: string, folderPrefix: string): string {
  switch (source.kind) {
    case 'bundled':
      return new URL(`models/${source.id}/${file}`, siteUrl).href;
    case 'hub': {
      const host = source.host.endsWith('/') ? source.host : `${source.host}/`;
      return `${host}${source.id}/resolve/${encodeURIComponent(source.revision)}/${file}`;
    }
    case 'folder':
      return new URL(`${folderPrefix.replace(/^\//, '')}${source.id}/${file}`, siteUrl).href;
  }
}
