/**
 * Scores a screening work list (core/audit/screening/input.ts) with a decision
 * runner — the originals T times, the variants once — and returns the
 * audit's per-model input. Used by the Run view and the CLI alike; the
 * runner is a DecisionRunner, a CalibratedSimilarity, or the Node scorer
 * wrapped by `nodeRunner` (decisionNode.ts).
 */
import type { ScreeningModelScores, ScreeningWorkList } from './input.ts';
import type { ScreeningModelDescriptor } from './results.ts';
import type { LlmAsked, LlmPassAnswers, ScreeningScorer } from '../../models/decisionScores.ts';
import type { LlmAnswers } from '../../llm/answers.ts';

export type { ScreeningScorer } from '../../models/decisionScores.ts';

/**
 * An LLM's record of its answers over the runs and the variants' pass.
 * @throws {Error} when the scorer returned no answers (an LLM scorer always does).
 */
function llmAnswersOf(asked: LlmAsked, runs: readonly LlmPassAnswers[] | undefined, variants: LlmPassAnswers | undefined, originals: number, variantCount: number): LlmAnswers {
  if (!runs || !variants) throw new Error('the LLM scorer returned no answers');
  const passes = [...runs, variants];
  const sum = (f: (a: LlmPassAnswers) => number) => passes.reduce((acc, a) => acc + f(a), 0);
  const answered = runs.length * originals + variantCount;
  const mass = passes.every((a) => a.optionMassSum !== undefined) ? sum((a) => a.optionMassSum!) / answered : undefined;
  return {
    ...asked,
    validRuns: runs.map((a) => a.valid),
    validVariants: variants.valid,
    promptTokens: sum((a) => a.promptTokens),
    generatedTokens: sum((a) => a.generatedTokens),
    ...(mass !== undefined ? { meanOptionMass: mass } : {}),
  };
}

/** Texts by id (the dataset's jobs, CVs and variants). */
export interface ScreeningTexts {
  job(id: string): string;
  cv(id: string): string;
  variant(id: string): string;
}

/**
 * Scores the originals `runs` times and the variants once.
 * `model.dtype` and `model.device` are replaced by what really ran.
 * @throws {CancelledError} when `signal` aborts.
 * @throws {Error} when a text is missing.
 */
export async function scoreScreening(
  scorer: ScreeningScorer,
  model: Omit<ScreeningModelDescriptor, 'dtype' | 'device'>,
  work: ScreeningWorkList,
  texts: ScreeningTexts,
  runs: number,
  signal?: AbortSignal,
): Promise<ScreeningModelScores & { readonly fallbacks: readonly string[] }> {
  const need = (text: string | undefined, what: string) => {
    if (text === undefined) throw new Error(`no text for ${what}`);
    return text;
  };
  const originals = work.originals.map((p) => ({ job: need(texts.job(p.jobId), `job ${p.jobId}`), cv: need(texts.cv(p.cvId), `CV ${p.cvId}`) }));
  const variants = work.variants.map((p) => ({ job: need(texts.job(p.jobId), `job ${p.jobId}`), cv: need(texts.variant(p.variantId), `variant ${p.variantId}`) }));
  const repeated = await scorer.scoreRuns(originals, runs, signal);
  const once = await scorer.score(variants, signal);
  return {
    model: { ...model, dtype: once.dtype, device: once.device },
    runs: repeated.runs,
    variants: once.scores,
    deterministicByConstruction: model.kind === 'calibrated-similarity',
    latency: { callsMs: [...repeated.callsMs, ...once.callsMs], callPairs: [...repeated.callPairs, ...once.callPairs], pairs: originals.length * repeated.runs.length + variants.length },
    fallbacks: [...new Set([...repeated.fallbacks, ...once.fallbacks])],
    ...(scorer.llmAsked ? { llm: llmAnswersOf(scorer.llmAsked, repeated.answers, once.answers, originals.length, variants.length) } : {}),
  };
}
