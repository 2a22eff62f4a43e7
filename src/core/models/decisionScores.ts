/**
 * What a decision model gives back, whoever runs it (the browser's decision
 * worker, Node's onnxruntime-node, calibrated similarity): 0–100 scores of
 * (job, CV) pairs per pass, with the wall time of each call.
 */
import type { Dtype } from './device.ts';

/** One (job description, CV) pair of texts. */
export interface DecisionPair {
  readonly job: string;
  readonly cv: string;
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
}

/** Scores of T passes. */
export interface DecisionRunsResult extends Omit<DecisionRunResult, 'scores'> {
  readonly runs: Float64Array[];
}

/** A decision model as the screening audit uses it: score pairs once, or T times. */
export interface ScreeningScorer {
  score(pairs: readonly DecisionPair[], signal?: AbortSignal): Promise<DecisionRunResult>;
  scoreRuns(pairs: readonly DecisionPair[], runs: number, signal?: AbortSignal): Promise<DecisionRunsResult>;
}
