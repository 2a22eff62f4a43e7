/**
 * What an LLM screener's run records beside its scores (issue 49), as plain types: how it was
 * asked (mode, template, sampling, prefix cache) and what came back (validity per answer, tokens).
 * The screening audit turns these into its results' LLM section (core/audit/screening/llmSection.ts).
 */
import type { LlmMode } from './prompt.ts';

/** How an LLM screener is asked. */
export interface LlmAsked {
  readonly mode: LlmMode;
  readonly template: { readonly name: string; readonly sha256: string; readonly text: string };
  /** Generated mode only. */
  readonly sampling?: { readonly temperature: number; readonly maxNewTokens: number; readonly seed: number; readonly structured?: boolean };
  readonly prefixCache: boolean;
}

/** What the runner records of an LLM's answers over a whole screening run. */
export interface LlmAnswers extends LlmAsked {
  /** validRuns[t][i]: whether original i's answer in run t was valid (always true in probabilities mode). */
  readonly validRuns: readonly ArrayLike<boolean>[];
  /** validVariants[i]: whether variant i's answer was valid. */
  readonly validVariants: ArrayLike<boolean>;
  /** Σ prompt tokens and Σ generated tokens over every answer. */
  readonly promptTokens: number;
  readonly generatedTokens: number;
  /** Probabilities mode: the mean share of the next-token distribution on the answer options. */
  readonly meanOptionMass?: number;
}
