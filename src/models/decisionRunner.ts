/**
 * Runs a decision model over many (job, CV) pairs from the main thread:
 * batches, T repeated runs, progress with ETA, cancel, and the device
 * fallback — the EmbeddingRunner pattern, around workers/decide.worker.ts.
 *
 * - A WebGPU worker that fails to start is terminated and a fresh WASM worker
 *   loads the model (a failed WebGPU start leaves ONNX Runtime unusable in
 *   that worker, so the fallback never reuses it).
 * - A batch that fails on WebGPU (e.g. the device was lost) is retried on a
 *   fresh WASM worker; finished batches are kept, so the run resumes at the
 *   batch that failed. The dtype is kept, so scores stay comparable; the
 *   device reported is the one that finished, and `fallbacks` says when.
 * - Scores are 0–100: the worker's fit probability p becomes 100p (METRICS.md §8).
 * - An LLM screener (kind `llm`, issue 49) answers one pair per call, in
 *   work-list order (the worker keeps the job's prefix cache between calls),
 *   so progress moves per pair. A cancel never waits for the call in flight
 *   (untilAborted); disposing the runner then terminates its worker. Its
 *   scores are already 0–100 (Float64, as the CLI's), and each pass carries
 *   the answers' validity and token counts; `llmAsked` says how it was asked.
 */
import type { DecideApi } from '../../workers/decide.worker.ts';
import type * as Comlink from 'comlink';
import type { FileProgress } from './deviceWorker.ts';
import { ModelRunner } from './modelRunner.ts';
import type { Device, DeviceProbe, Dtype } from '../core/models/device.ts';
import { etaSeconds, type ModelProgress } from '../core/models/loadProgress.ts';
import type { DecisionModelEntry } from '../core/models/modelSpec.ts';
import type { ModelSource } from '../core/models/modelSource.ts';
import { inBatch } from './batchError.ts';
import { DEFAULT_BATCH_PAIRS, type DecisionLoadSpec, type DecisionPair, type LlmAskOptions, type LlmCallAnswers, type OnnxClassifierMapping, type WorkerDecisionKind } from './decisionSpec.ts';
import { llmAsked, LlmPassTally, VARIANT_STREAM } from './llmAsk.ts';
import type { LlmAsked } from '../core/models/decisionScores.ts';
import { CancelledError } from './embeddingRunner.ts';
import { untilAborted } from './untilAborted.ts';

export { CancelledError } from './embeddingRunner.ts';

/** Progress of a decision run: the embedding union, plus which of the T runs is going. */
export type DecisionProgress = ModelProgress | { readonly status: 'run'; readonly run: number; readonly runs: number };

export interface DecisionRunnerOptions {
  readonly entry: DecisionModelEntry;
  readonly source: ModelSource;
  readonly probe: DeviceProbe;
  readonly override?: { device?: Device; dtype?: Dtype; threads?: number };
  /** Pairs per worker call; default by kind (DEFAULT_BATCH_PAIRS). */
  readonly batchSize?: number;
  /** Sequence classifiers: the label that means "fit". */
  readonly fitLabel?: string;
  /** NLI: characters of the job description kept in the premise. */
  readonly jobChars?: number;
  /** onnx-classifier: the graph and its input/output mapping. */
  readonly onnx?: OnnxClassifierMapping;
  /** llm: how the model is asked (required for that kind). */
  readonly llm?: LlmAskOptions;
  /** llm, generated mode: each answer's text as it arrives (kept in the page only; results never carry it). */
  readonly onAnswerText?: (stream: number, index: number, text: string) => void;
  readonly onProgress?: (p: DecisionProgress) => void;
  /** Destroys the GPU device after this many batches (tests of the fallback). */
  readonly simulateDeviceLossAfterBatch?: number;
  /** Creates the worker (tests may inject one). */
  readonly createWorker?: () => Worker;
}

export type { DecisionRunResult, DecisionRunsResult } from '../core/models/decisionScores.ts';
import type { DecisionRunResult, DecisionRunsResult } from '../core/models/decisionScores.ts';

const defaultWorker = () => new Worker(new URL('../../workers/decide.worker.ts', import.meta.url), { type: 'module' });


export class DecisionRunner extends ModelRunner<DecideApi, { labels: string[] }> {
  readonly #o: DecisionRunnerOptions;

  constructor(options: DecisionRunnerOptions) {
    if (options.entry.decision === 'calibrated-similarity') {
      throw new Error('calibrated similarity runs on an embedding model: use CalibratedSimilarity (calibratedSimilarity.ts)');
    }
    if (options.entry.decision === 'llm' && !options.llm) throw new Error('an LLM needs its screening template and mode (options.llm)');
    super(options, defaultWorker);
    this.#o = options;
    this.llmAsked = options.entry.decision === 'llm' ? llmAsked(options.llm!) : undefined;
  }

  /** An LLM: how it is asked (core's scoreScreening records it with the answers); undefined for other kinds. */
  readonly llmAsked: LlmAsked | undefined;

  protected loadModel(api: Comlink.Remote<DecideApi>, device: Device, onFile: (p: FileProgress) => void): Promise<{ labels: string[] }> {
    return api.load(this.#spec(device), onFile);
  }

  /** The model's labels (config.id2label order) once loaded. */
  get labels(): readonly string[] {
    return this.worker.loaded?.labels ?? [];
  }

  get #kind(): WorkerDecisionKind {
    return this.#o.entry.decision as WorkerDecisionKind;
  }

  #spec(device: Device): DecisionLoadSpec {
    return {
      source: this.#o.source,
      kind: this.#kind,
      device,
      dtype: this.dtype,
      threads: this.threads,
      maxLength: this.#o.entry.maxLength,
      fitLabel: this.#o.fitLabel,
      entailmentLabel: this.#o.entry.entailmentLabel,
      jobChars: this.#o.jobChars,
      onnx: this.#o.onnx,
      llm: this.#o.llm,
    };
  }

  /** Loads the model on the chosen device, falling back to WASM in a fresh worker. */
  load(): Promise<void> {
    return this.worker.load();
  }

  #scoreBatch(pairs: DecisionPair[]): Promise<{ probabilities: Float32Array; ms: number }> {
    return this.worker.call((api) => api.score(pairs));
  }

  /**
   * Scores every pair once (0–100).
   * @throws {CancelledError} when `signal` aborts: at once, without waiting for the batch in flight.
   * @throws {RangeError} when the worker returns a probability outside [0, 1] or a wrong count.
   */
  async score(pairs: readonly DecisionPair[], signal?: AbortSignal): Promise<DecisionRunResult> {
    if (this.#kind === 'llm') return this.#answerPass(pairs, VARIANT_STREAM, signal);
    const t0 = performance.now();
    const scores = new Float64Array(pairs.length);
    const callsMs: number[] = [];
    const callPairs: number[] = [];
    const batchSize = this.#o.batchSize ?? DEFAULT_BATCH_PAIRS[this.#kind];
    this.#o.onProgress?.({ status: 'batch', done: 0, total: pairs.length, cached: 0, etaSeconds: undefined });
    for (let b = 0; b < pairs.length; b += batchSize) {
      if (signal?.aborted) throw new CancelledError();
      const batch = pairs.slice(b, b + batchSize);
      const { probabilities, ms } = await untilAborted(inBatch(b / batchSize, Math.ceil(pairs.length / batchSize), () => this.#scoreBatch(batch.map((p) => ({ job: p.job, cv: p.cv })))), signal);
      if (probabilities.length !== batch.length) throw new RangeError(`the worker returned ${probabilities.length} scores for ${batch.length} pairs`);
      probabilities.forEach((p, j) => {
        if (!(p >= 0 && p <= 1)) throw new RangeError(`fit probability out of [0, 1]: ${p}`);
        scores[b + j] = 100 * p;
      });
      callsMs.push(ms);
      callPairs.push(batch.length);
      const done = b + batch.length;
      this.#o.onProgress?.({ status: 'batch', done, total: pairs.length, cached: 0, etaSeconds: etaSeconds(done, pairs.length, performance.now() - t0) });
    }
    return { scores, callsMs, callPairs, device: this.worker.device, dtype: this.dtype, fallbacks: [...this.worker.fallbacks], ms: performance.now() - t0 };
  }

  /**
   * Scores every pair in `runs` separate passes (run-to-run consistency,
   * METRICS.md §5), reporting `{status: 'run'}` before each.
   * @throws {CancelledError} when `signal` aborts.
   */
  async scoreRuns(pairs: readonly DecisionPair[], runs: number, signal?: AbortSignal): Promise<DecisionRunsResult> {
    if (!Number.isInteger(runs) || runs < 1) throw new RangeError(`runs must be a positive integer, got ${runs}`);
    const t0 = performance.now();
    const out: Float64Array[] = [];
    const callsMs: number[] = [];
    const callPairs: number[] = [];
    const answers: NonNullable<DecisionRunsResult['answers']>[number][] = [];
    for (let t = 0; t < runs; t++) {
      this.#o.onProgress?.({ status: 'run', run: t + 1, runs });
      const r = this.#kind === 'llm' ? await this.#answerPass(pairs, t, signal) : await this.score(pairs, signal);
      out.push(r.scores);
      callsMs.push(...r.callsMs);
      callPairs.push(...r.callPairs);
      if (r.answers) answers.push(r.answers);
    }
    return { runs: out, callsMs, callPairs, device: this.worker.device, dtype: this.dtype, fallbacks: [...this.worker.fallbacks], ms: performance.now() - t0, ...(this.#kind === 'llm' ? { answers } : {}) };
  }

  /**
   * One LLM pass: each pair in its own call, in order; pair i draws from the sampler stream (`stream`, i).
   * @throws {CancelledError} when `signal` aborts: at once, without waiting for the pair in flight.
   * @throws {RangeError} when the worker returns a score outside [0, 100] or a wrong count.
   */
  async #answerPass(pairs: readonly DecisionPair[], stream: number, signal?: AbortSignal): Promise<DecisionRunResult> {
    const t0 = performance.now();
    const tally = new LlmPassTally(pairs.length);
    this.#o.onProgress?.({ status: 'batch', done: 0, total: pairs.length, cached: 0, etaSeconds: undefined });
    for (let i = 0; i < pairs.length; i++) {
      if (signal?.aborted) throw new CancelledError();
      const pair = { job: pairs[i]!.job, cv: pairs[i]!.cv };
      const a: LlmCallAnswers = await untilAborted(inBatch(i, pairs.length, () => this.worker.call((api) => api.answer([pair], stream, i))), signal);
      if (a.scores.length !== 1) throw new RangeError(`the worker returned ${a.scores.length} answers for 1 pair`);
      const score = a.scores[0]!;
      if (!(score >= 0 && score <= 100)) throw new RangeError(`LLM score out of [0, 100]: ${score}`);
      tally.add(i, { score, valid: a.valid[0] === 1, promptTokens: a.promptTokens[0]!, generatedTokens: a.generatedTokens[0]!, optionMass: a.optionMass[0] }, a.ms);
      const text = a.texts[0];
      if (text !== undefined) this.#o.onAnswerText?.(stream, i, text);
      this.#o.onProgress?.({ status: 'batch', done: i + 1, total: pairs.length, cached: 0, etaSeconds: etaSeconds(i + 1, pairs.length, performance.now() - t0), tokens: tally.tokens });
    }
    return {
      scores: tally.scores,
      callsMs: tally.callsMs,
      callPairs: tally.callsMs.map(() => 1),
      device: this.worker.device,
      dtype: this.dtype,
      fallbacks: [...this.worker.fallbacks],
      ms: performance.now() - t0,
      answers: tally.answers(this.#o.llm!.mode),
    };
  }

}
