/**
 * What a model folder's config.json says about it as an LLM screener (issue 49): whether it is a
 * decoder-only causal LM (`architectures` naming a `…ForCausalLM` class, as transformers writes
 * it), and its shapes for the memory estimate (memoryEstimate.ts), read as transformers does.
 */
import type { LlmArchitecture } from '../models/modelSpec.ts';

const positive = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x > 0;

/**
 * Whether a parsed config.json names a causal-LM architecture (`architectures` with an entry
 * ending in `ForCausalLM`). Anything else, a missing or malformed field included, is false.
 * @example isCausalLmConfig({ architectures: ['LlamaForCausalLM'] }) // true
 * @example isCausalLmConfig({ architectures: ['BertForSequenceClassification'] }) // false
 */
export function isCausalLmConfig(config: unknown): boolean {
  if (config === null || typeof config !== 'object') return false;
  const archs = (config as { architectures?: unknown }).architectures;
  return Array.isArray(archs) && archs.some((a) => typeof a === 'string' && a.endsWith('ForCausalLM'));
}

/**
 * An LLM's shapes from its config.json: layers (`num_hidden_layers`), key/value heads
 * (`num_key_value_heads`, else `num_attention_heads`: no grouped-query attention), head size
 * (`head_dim`, else `hidden_size / num_attention_heads`), `vocab_size` and `hidden_size`.
 * Undefined when any of them is missing or not a positive whole number.
 * @example llmArchitectureOf({ num_hidden_layers: 24, num_attention_heads: 14, num_key_value_heads: 2, hidden_size: 896, vocab_size: 151936 })
 * // { layers: 24, kvHeads: 2, headDim: 64, vocab: 151936, hidden: 896 }
 */
export function llmArchitectureOf(config: unknown): LlmArchitecture | undefined {
  if (config === null || typeof config !== 'object') return undefined;
  const c = config as Record<string, unknown>;
  const heads = c.num_attention_heads;
  const hidden = c.hidden_size;
  const layers = c.num_hidden_layers;
  const vocab = c.vocab_size;
  if (!positive(heads) || !positive(hidden) || !positive(layers) || !positive(vocab)) return undefined;
  const kvHeads = c.num_key_value_heads ?? heads;
  const headDim = c.head_dim ?? hidden / heads;
  if (!positive(kvHeads) || !positive(headDim)) return undefined;
  return { layers, kvHeads, headDim, vocab, hidden };
}
