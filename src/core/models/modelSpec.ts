/**
 * Types of the model registry (one source of truth: src/models/registry.ts).
 */
import type { Dtype } from './device.ts';

/** How token vectors become one text vector. */
export type Pooling = 'mean' | 'cls' | 'last_token' | 'none';

/** What a decision model returns for a (job, CV) pair. */
export type DecisionKind =
  | 'cross-encoder' // one relevance logit per pair; sigmoid → fit probability
  | 'sequence-classifier' // class logits per pair; softmax, a named class is "fit"
  | 'zero-shot-nli' // entailment over the rubric's level hypotheses (METRICS.md §8)
  | 'onnx-classifier' // any user ONNX graph with a declared input/output mapping
  | 'calibrated-similarity' // an embedding model + a logistic fit on the tune split
  | 'llm'; // an instruct LLM asked the screening template (answer probabilities or generated JSON)

/** What produced a screening model's scores: a decision model of one of the kinds above, or an outside system's imported scores. */
export type ScreeningModelKind = DecisionKind | 'imported';

/** Which side of a retrieval task a text is on: it picks the model's query or document prefix. */
export type TextRole = 'query' | 'document';

interface BaseEntry {
  /** Hub id (`org/name`) or bundled folder name under public/models/. */
  readonly id: string;
  /** Short human name. */
  readonly label: string;
  /** A git revision on the Hub (branch, tag or commit). Pin a commit for reproducible audits. */
  readonly revision: string;
  /** Parameters, in millions. */
  readonly paramsM: number;
  /** Approximate download size in MB per shipped dtype. */
  readonly sizeMb: Partial<Record<Dtype, number>>;
  /** ISO 639-1 codes, or ['multilingual'] for 50+ languages. */
  readonly languages: readonly string[];
  readonly license: string;
  /** Where it loads from: the Hub, or this site's public/models/ (offline). */
  readonly source: 'hub' | 'bundled';
  /** Why it may not run well in a typical browser (size, memory), shown beside it. */
  readonly note?: string;
}

export interface EmbeddingModelEntry extends BaseEntry {
  readonly kind: 'embedding';
  readonly pooling: Pooling;
  readonly normalize: boolean;
  readonly queryPrefix: string;
  readonly documentPrefix: string;
  /** Tokens; longer texts are truncated. */
  readonly maxLength: number;
  readonly dimensions: number;
  /**
   * Texts per batch the browser's embedding runner sends the model; 32 when absent. A static
   * model does little work per token, so ONNX Runtime's cost per call (tensors in and out, the
   * session's set-up) weighs more: larger batches pay it less often.
   */
  readonly batchSize?: number;
}

export interface DecisionModelEntry extends BaseEntry {
  readonly kind: 'decision';
  readonly decision: DecisionKind;
  readonly maxLength: number;
  /** For sequence classifiers and NLI: the label names in output order. */
  readonly labels?: readonly string[];
  /** For NLI: which label means entailment. */
  readonly entailmentLabel?: string;
  /** For LLMs: the shapes the memory estimate needs (core/llm/memoryEstimate.ts), from the model's config.json. */
  readonly architecture?: LlmArchitecture;
  /** For LLMs: the licence must be accepted on the Hub before download (a token is needed). */
  readonly gated?: boolean;
}

/** An LLM's shapes, from its config.json. */
export interface LlmArchitecture {
  readonly layers: number;
  readonly kvHeads: number;
  readonly headDim: number;
  readonly vocab: number;
  readonly hidden: number;
}

export type ModelEntry = EmbeddingModelEntry | DecisionModelEntry;
