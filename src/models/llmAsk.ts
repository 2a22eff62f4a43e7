/**
 * How an LLM screener is asked, as the results record it, and the sampler
 * stream of the variants' pass (issue 49). Pure, with no model imports, so
 * the page's DecisionRunner can use it without pulling transformers.js into
 * the main bundle.
 *
 * The browser's runner and the CLI (llmNode.ts) both take them from here, so
 * they draw the same sampler streams and record the same template hash.
 */
import type { LlmAsked, LlmPassAnswers } from '../core/models/decisionScores.ts';
import type { LlmMode } from '../core/llm/index.ts';
import { templateJson, templateSha256 } from '../core/llm/index.ts';
import type { LlmAskOptions } from './decisionSpec.ts';

/** The sampler's run index of the variants' pass (runs of the originals are 0..T−1). */
export const VARIANT_STREAM = 0x7fffffff;

/**
 * How an LLM is asked, as the results record it: mode, template (name, SHA-256, text), sampling in generated mode, prefix cache.
 * @example llmAsked({ template: DEFAULT_SCREENING_TEMPLATE, mode: 'probabilities', temperature: 0, maxNewTokens: 96, seed: 0, prefixCache: true }).template.sha256.length // 64
 */
export function llmAsked(spec: LlmAskOptions): LlmAsked {
  return {
    mode: spec.mode,
    template: { name: spec.template.name, sha256: templateSha256(spec.template), text: templateJson(spec.template) },
    ...(spec.mode === 'generate' ? { sampling: { temperature: spec.temperature, maxNewTokens: spec.maxNewTokens, seed: spec.seed, structured: spec.structured === true } } : {}),
    prefixCache: spec.prefixCache,
  };
}

/** One pair's answer as a pass records it. */
export interface PairAnswer {
  readonly score: number;
  readonly valid: boolean;
  readonly promptTokens: number;
  readonly generatedTokens: number;
  /** Answer probabilities: the options' probability mass (absent or NaN otherwise). */
  readonly optionMass?: number;
}

/**
 * The record of one pass over the pairs, one answer a call, for the browser's runner and the CLI
 * alike: scores, each call's time, validity and token counts.
 */
export class LlmPassTally {
  readonly scores: Float64Array;
  readonly callsMs: number[] = [];
  readonly #valid: boolean[] = [];
  #promptTokens = 0;
  #generatedTokens = 0;
  #optionMassSum = 0;

  constructor(pairs: number) {
    this.scores = new Float64Array(pairs);
  }

  /** Records pair `i`'s answer and its call's wall time. */
  add(i: number, a: PairAnswer, ms: number): void {
    this.scores[i] = a.score;
    this.#valid.push(a.valid);
    this.#promptTokens += a.promptTokens;
    this.#generatedTokens += a.generatedTokens;
    if (a.optionMass !== undefined && Number.isFinite(a.optionMass)) this.#optionMassSum += a.optionMass;
    this.callsMs.push(ms);
  }

  /** Tokens read and written so far. */
  get tokens(): number {
    return this.#promptTokens + this.#generatedTokens;
  }

  /** The pass's answers record (the options' mass only in answer-probabilities mode). */
  answers(mode: LlmMode): LlmPassAnswers {
    return { valid: [...this.#valid], promptTokens: this.#promptTokens, generatedTokens: this.#generatedTokens, ...(mode === 'probabilities' ? { optionMassSum: this.#optionMassSum } : {}) };
  }
}
