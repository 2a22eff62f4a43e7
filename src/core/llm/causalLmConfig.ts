/**
 * What a model folder's config.json says about it as an LLM screener (issue 49): whether it is a
 * decoder-only causal LM (`architectures` naming a `…ForCausalLM` class, as transformers writes
 * it), and its shapes for the memory estimate (memoryEstimate.ts), read as transformers does.
 */
import type { LlmArchitecture } from '../models/modelSpec.ts';

const positive = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x > 0;

/**
 * Whether a parsed config.json names a causal-LM architecture (`architectures` with an entry
 * ending in `ForCausalLM`, or GPT-2's `GPT2LMHeadModel` and its kin). Anything else, a missing or
 * malformed field included, is false.
 * @example isCausalLmConfig({ architectures: ['LlamaForCausalLM'] }) // true
 * @example isCausalLmConfig({ architectures: ['BertForSequenceClassification'] }) // false
 */
export function isCausalLmConfig(config: unknown): boolean {
  if (config === null || typeof config !== 'object') return false;
  const archs = (config as { architectures?: unknown }).architectures;
  return Array.isArray(archs) && archs.some((a) => typeof a === 'string' && (a.endsWith('ForCausalLM') || LM_HEAD_MODELS.has(a)));
}

/** Decoder-only classes older than the `…ForCausalLM` naming, which transformers.js also loads as causal LMs. */
const LM_HEAD_MODELS: ReadonlySet<string> = new Set(['GPT2LMHeadModel', 'OpenAIGPTLMHeadModel', 'CTRLLMHeadModel']);

/**
 * A config.json field under any of the names model families give it, as transformers.js's
 * normalised config reads them (GPT-2 and GPT-BigCode: `n_layer`, `n_head`, `n_embd`; MPT:
 * `n_layers`, `n_heads`, `d_model`).
 */
const ALIASES = {
  layers: ['num_hidden_layers', 'n_layer', 'n_layers', 'num_layers'],
  heads: ['num_attention_heads', 'n_head', 'n_heads', 'num_heads'],
  hidden: ['hidden_size', 'n_embd', 'd_model'],
} as const;

function field(c: Record<string, unknown>, names: readonly string[]): unknown {
  for (const name of names) if (c[name] !== undefined) return c[name];
  return undefined;
}

/**
 * The key/value cache's shape from a config.json: layers, key/value heads (`num_key_value_heads`;
 * 1 for a multi-query model, GPT-BigCode's `multi_query: true`; else one per attention head) and
 * head size (`head_dim`, else hidden size ÷ heads), under any of the families' names (ALIASES).
 * Undefined when one is missing or not a positive whole number.
 * @example decoderKvShape({ n_layer: 2, n_head: 4, n_embd: 64 }) // { layers: 2, heads: 4, kvHeads: 4, headDim: 16, hidden: 64 }
 */
export function decoderKvShape(config: unknown): { readonly layers: number; readonly heads: number; readonly kvHeads: number; readonly headDim: number; readonly hidden: number } | undefined {
  if (config === null || typeof config !== 'object') return undefined;
  const c = config as Record<string, unknown>;
  const layers = field(c, ALIASES.layers);
  const heads = field(c, ALIASES.heads);
  const hidden = field(c, ALIASES.hidden);
  if (!positive(layers) || !positive(heads) || !positive(hidden)) return undefined;
  const kvHeads = c.num_key_value_heads ?? (c.multi_query === true ? 1 : heads);
  const headDim = c.head_dim ?? hidden / heads;
  if (!positive(kvHeads) || !positive(headDim)) return undefined;
  return { layers, heads, kvHeads, headDim, hidden };
}

/**
 * An LLM's shapes from its config.json: the key/value cache's (decoderKvShape: layers, key/value
 * heads, head size, under any family's field names), `vocab_size` and the hidden size.
 * Undefined when any of them is missing or not a positive whole number.
 * @example llmArchitectureOf({ num_hidden_layers: 24, num_attention_heads: 14, num_key_value_heads: 2, hidden_size: 896, vocab_size: 151936 })
 * // { layers: 24, kvHeads: 2, headDim: 64, vocab: 151936, hidden: 896 }
 */
export function llmArchitectureOf(config: unknown): LlmArchitecture | undefined {
  const shape = decoderKvShape(config);
  const vocab = (config as { vocab_size?: unknown } | null)?.vocab_size;
  if (!shape || !positive(vocab)) return undefined;
  return { layers: shape.layers, kvHeads: shape.kvHeads, headDim: shape.headDim, vocab, hidden: shape.hidden };
}
