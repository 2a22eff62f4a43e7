/**
 * How an LLM screener is asked, as the results record it, and the sampler
 * stream of the variants' pass (issue 49). Pure, with no model imports, so
 * the page's DecisionRunner can use it without pulling transformers.js into
 * the main bundle.
 *
 * The browser's runner and the CLI (llmNode.ts) both take them from here, so
 * they draw the same sampler streams and record the same template hash.
 */
import type { LlmAsked } from '../core/models/decisionScores.ts';
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
