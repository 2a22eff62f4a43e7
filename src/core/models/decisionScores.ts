/**
 * What a decision model gives back, whoever runs it (the browser's decision
 * worker, Node's onnxruntime-node, calibrated similarity): 0–100 scores of
 * (job, CV) pairs per pass, with the wall time of each call.
 */
import type { Dtype } from './device.ts';
import type { LlmAsked } from '../llm/answers.ts';

/** One (job description, CV) pair of texts. */
export interface DecisionPair {
  readonly job: string;
  readonly cv: string;
}

/** An LLM screener's answers of one pass, beside its scores (absent for other kinds). */
export interface LlmPassAnswers {
  /** Per pair, in input order: whether the answer was valid (always true in answer-probabilities mode). */
  readonly valid: readonly boolean[];
  /** Σ prompt tokens and Σ generated tokens of the pass. */
  readonly promptTokens: number;
  readonly generatedTokens: number;
  /** Answer-probabilities mode: Σ over pairs of the options' share of the next-token distribution. */
  readonly optionMassSum?: number;
}

/** Scores of one pass over the pairs. */
export interface DecisionRunResult {
  /** 0–100 per pair, in input order. */
  readonly scores: Float64Array;
  /** Wall time of each scoring call, ms. */
  readonly callsMs: readonly number[];
  /** The job–CV pairs each call scored (its batch), aligned with callsMs. */
  readonly callPairs: readonly number[];
  /** The device and dtype that finished the pass (`cpu`: Node's onnxruntime-node). */
  readonly device: 'webgpu' | 'wasm' | 'cpu';
  readonly dtype: Dtype;
  readonly fallbacks: readonly string[];
  readonly ms: number;
  readonly answers?: LlmPassAnswers;
}

/** Scores of T passes. */
export interface DecisionRunsResult extends Omit<DecisionRunResult, 'scores' | 'answers'> {
  readonly runs: Float64Array[];
  /** An LLM's answers per run. */
  readonly answers?: readonly LlmPassAnswers[];
}

/** A decision model as the screening audit uses it: score pairs once, or T times. */
export interface ScreeningScorer {
  score(pairs: readonly DecisionPair[], signal?: AbortSignal): Promise<DecisionRunResult>;
  scoreRuns(pairs: readonly DecisionPair[], runs: number, signal?: AbortSignal): Promise<DecisionRunsResult>;
  /** An LLM screener: how it is asked (recorded with its answers in the results). */
  readonly llmAsked?: LlmAsked;
}

export type { LlmAsked } from '../llm/answers.ts';
