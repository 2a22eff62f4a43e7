/**
 * Calibrated similarity: a decision model built on any embedding model
 * (DESIGN.md, "Models"). s = cosine(job, CV) with the job embedded as a
 * query and the CV as a document (the model's prefixes); a 1-D logistic
 * regression fitted on the tune split's (s, label) pairs
 * (core/stats/logistic.ts) maps s to a fit probability p = σ(a·s + b); the
 * score is 100p (METRICS.md §8). A dataset without labels (a user's own CVs)
 * has no tune pairs: the score is then uncalibrated, 50·(1 + cos) — monotone
 * in s, so ranks, exclusions and the sign of every effect are the same as
 * under any calibration; only the score's scale is not a probability.
 *
 * Deterministic by construction (the embedding of a text does not change),
 * so the screening audit scores it once and shows the noise floor in place
 * of run-to-run consistency.
 */
import { cosine } from '../vectors.ts';
import { fitLogistic, logisticProbability, type LogisticFit } from '../stats/logistic.ts';
import type { Device, Dtype } from './device.ts';
import type { DecisionPair, DecisionRunResult, DecisionRunsResult } from './decisionScores.ts';
import type { TextRole } from './modelSpec.ts';

/** What CalibratedSimilarity needs of an embedder (EmbeddingRunner has it): one vector per text, and what ran. */
export interface Embedder {
  embed(
    texts: readonly string[],
    role: TextRole,
    signal?: AbortSignal,
  ): Promise<{ readonly vectors: readonly Float32Array[]; readonly device: Device | 'cpu'; readonly dtype: Dtype; readonly ms: number; readonly fallbacks: readonly string[] }>;
}

/** A labelled (job, CV) pair of the tune split. */
export interface LabelledPair extends DecisionPair {
  readonly label: 0 | 1;
}

/** Cosine similarities of pairs, embedding each distinct job and CV text once. */
async function similarities(embedder: Embedder, pairs: readonly DecisionPair[], signal?: AbortSignal) {
  const jobs = [...new Set(pairs.map((p) => p.job))];
  const cvs = [...new Set(pairs.map((p) => p.cv))];
  const j = await embedder.embed(jobs, 'query', signal);
  const c = await embedder.embed(cvs, 'document', signal);
  const jobIndex = new Map(jobs.map((t, i) => [t, i]));
  const cvIndex = new Map(cvs.map((t, i) => [t, i]));
  const values = Float64Array.from(pairs, (p) => cosine(j.vectors[jobIndex.get(p.job)!], c.vectors[cvIndex.get(p.cv)!]));
  // Two embedding passes serve every pair: one amortised call of all the pairs.
  return { values, callsMs: [j.ms + c.ms], callPairs: [pairs.length], device: c.device, dtype: c.dtype, fallbacks: [...j.fallbacks, ...c.fallbacks] };
}

export class CalibratedSimilarity {
  readonly #embedder: Embedder;
  readonly #ridge: number | undefined;
  #fit: LogisticFit | undefined;
  #device: Device | 'cpu' | undefined;
  #dtype: Dtype | undefined;

  /** @param ridge the logistic fit's L2 penalty on the slope (default: logistic.ts's tiny ridge). */
  constructor(embedder: Embedder, options: { ridge?: number } = {}) {
    this.#embedder = embedder;
    this.#ridge = options.ridge;
  }

  /** The fitted calibration, once `fit` has run. */
  get calibration(): LogisticFit | undefined {
    return this.#fit;
  }

  /** False once `fit` was given no tune pairs: scores are then 50·(1 + cos). */
  get calibrated(): boolean {
    return !this.#uncalibrated;
  }

  #uncalibrated = false;

  /**
   * Fits the calibration on the tune split; with no tune pairs at all, scores stay uncalibrated.
   * @throws {RangeError} when the tune pairs hold one class only (fitLogistic).
   */
  async fit(tune: readonly LabelledPair[], signal?: AbortSignal): Promise<LogisticFit | undefined> {
    this.#uncalibrated = tune.length === 0;
    if (this.#uncalibrated) return undefined;
    const s = await similarities(this.#embedder, tune, signal);
    this.#fit = fitLogistic(s.values, tune.map((p) => p.label), { ridge: this.#ridge });
    return this.#fit;
  }

  /**
   * Scores pairs 0–100: 100·σ(a·cos + b). One "call" per embedding pass
   * (jobs, then CVs), so latency is per embedding call.
   * @throws {Error} before `fit`.
   */
  async score(pairs: readonly DecisionPair[], signal?: AbortSignal): Promise<DecisionRunResult> {
    const fit = this.#fit;
    if (!fit && !this.#uncalibrated) throw new Error('calibrated similarity: call fit(tunePairs) before score()');
    const t0 = performance.now();
    const s = await similarities(this.#embedder, pairs, signal);
    this.#device = s.device;
    this.#dtype = s.dtype;
    return {
      scores: Float64Array.from(s.values, (v) => (fit ? 100 * logisticProbability(fit, v) : 50 * (1 + v))),
      callsMs: s.callsMs,
      callPairs: s.callPairs,
      device: s.device,
      dtype: s.dtype,
      fallbacks: s.fallbacks,
      ms: performance.now() - t0,
    };
  }

  /** One pass only, whatever `runs` asks: the scores cannot change between runs. */
  async scoreRuns(pairs: readonly DecisionPair[], _runs: number, signal?: AbortSignal): Promise<DecisionRunsResult> {
    const r = await this.score(pairs, signal);
    return { runs: [r.scores], callsMs: r.callsMs, callPairs: r.callPairs, device: r.device, dtype: r.dtype, fallbacks: r.fallbacks, ms: r.ms };
  }

  get device(): Device | 'cpu' | undefined {
    return this.#device;
  }
  get dtype(): Dtype | undefined {
    return this.#dtype;
  }
}
