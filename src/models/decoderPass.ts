/**
 * One forward pass of a decoder-only LLM in transformers.js's layout (issue 49): `input_ids`,
 * `attention_mask`, `position_ids` and `past_key_values.{i}.key|value` in; `logits` and
 * `present.{i}.key|value` out. llmScorer.ts runs its prompts and answers through this port, so
 * the same scoring runs over
 * - a transformers.js causal LM (`transformersDecoder`): the browser's worker (WebGPU or WASM)
 *   and the CLI's default, onnxruntime-node;
 * - a bare ONNX Runtime session (`ortDecoder`): the CLI's `--device wasm`, onnxruntime-web's WASM
 *   kernels in Node — the browser's WASM path's own arithmetic, so both give the same numbers.
 * Both feed what transformers.js feeds: positions pastLength…pastLength+n−1 and, with no past,
 * empty key/value tensors [1, kvHeads, 0, headDim].
 */
import { Tensor, type PreTrainedModel } from '@huggingface/transformers';
import { decoderKvShape } from '../core/llm/causalLmConfig.ts';

/** A layer's cached keys or values, by input name (`past_key_values.{i}.key|value`). */
export interface KvTensor {
  dispose(): void;
}
export type Kv = Record<string, KvTensor>;

export interface DecoderPass {
  /** The last position's logits after `ids`, following `pastLength` cached tokens, and the new cache. */
  forward(ids: readonly number[], past: Kv | undefined, pastLength: number): Promise<{ logits: Float32Array; kv: Kv }>;
}

function lastRow(data: Float32Array, dims: readonly number[]): Float32Array {
  const [, seq, vocab] = dims as [number, number, number];
  return Float32Array.from(data.subarray((seq - 1) * vocab, seq * vocab));
}

/** The present.* outputs of a pass, renamed as the next pass's past_key_values.* inputs. */
function pastOf<T>(outputs: Record<string, T>): Record<string, T> {
  const past: Record<string, T> = {};
  for (const [name, t] of Object.entries(outputs)) if (name.startsWith('present.')) past[name.replace(/^present\./, 'past_key_values.')] = t;
  return past;
}

/** The pass of a transformers.js causal LM (it adds positions and empty past tensors itself). */
export function transformersDecoder(model: PreTrainedModel): DecoderPass {
  return {
    async forward(ids, past, pastLength) {
      const outputs = (await model.forward({
        input_ids: new Tensor('int64', BigInt64Array.from(ids, (x) => BigInt(x)), [1, ids.length]),
        attention_mask: new Tensor('int64', new BigInt64Array(pastLength + ids.length).fill(1n), [1, pastLength + ids.length]),
        ...(past ? { past_key_values: past } : {}),
      })) as Record<string, Tensor>;
      const logits = outputs.logits!;
      const row = lastRow(logits.data as Float32Array, logits.dims);
      logits.dispose();
      return { logits: row, kv: pastOf(outputs) };
    },
  };
}

/** The parts of an ONNX Runtime module (onnxruntime-web or -node) a bare decoder needs. */
export interface OrtModule {
  readonly Tensor: new (type: 'int64' | 'float32' | 'bool', data: BigInt64Array | Float32Array | Uint8Array, dims: readonly number[]) => KvTensor & { readonly data: unknown; readonly dims: readonly number[] };
}
export interface OrtDecoderSession {
  readonly inputNames: readonly string[];
  run(feeds: Record<string, unknown>): Promise<Record<string, KvTensor & { readonly data: unknown; readonly dims: readonly number[] }>>;
}

/** The key/value shape of a model, from its config.json. */
export interface KvShape {
  readonly layers: number;
  readonly kvHeads: number;
  readonly headDim: number;
}

/**
 * The cache's shape from a config.json (core decoderKvShape: Llama/Qwen names, or GPT-2's n_layer,
 * n_head, n_embd, and the like).
 * @throws {Error} when the config lacks them.
 */
export function kvShapeOf(config: Record<string, unknown>): KvShape {
  const shape = decoderKvShape(config);
  if (!shape) throw new Error('config.json lacks the layers, attention heads or hidden size (num_hidden_layers / n_layer, num_attention_heads / n_head, hidden_size / n_embd): not a decoder this runner knows');
  return { layers: shape.layers, kvHeads: shape.kvHeads, headDim: shape.headDim };
}

/** The pass of a bare ONNX Runtime session over the same inputs transformers.js would feed. */
export function ortDecoder(ort: OrtModule, session: OrtDecoderSession, shape: KvShape): DecoderPass {
  const inputs = new Set(session.inputNames);
  return {
    async forward(ids, past, pastLength) {
      const n = ids.length;
      const feeds: Record<string, unknown> = {
        input_ids: new ort.Tensor('int64', BigInt64Array.from(ids, (x) => BigInt(x)), [1, n]),
        attention_mask: new ort.Tensor('int64', new BigInt64Array(pastLength + n).fill(1n), [1, pastLength + n]),
      };
      if (inputs.has('position_ids')) feeds.position_ids = new ort.Tensor('int64', BigInt64Array.from({ length: n }, (_, i) => BigInt(pastLength + i)), [1, n]);
      if (inputs.has('num_logits_to_keep')) feeds.num_logits_to_keep = new ort.Tensor('int64', BigInt64Array.of(0n), []);
      // A merged decoder (one graph for the first pass and the cached ones) asks which branch to take.
      if (inputs.has('use_cache_branch')) feeds.use_cache_branch = new ort.Tensor('bool', Uint8Array.of(past ? 1 : 0), [1]);
      for (let l = 0; l < shape.layers; l++) {
        for (const part of ['key', 'value']) {
          const name = `past_key_values.${l}.${part}`;
          feeds[name] = past?.[name] ?? new ort.Tensor('float32', new Float32Array(0), [1, shape.kvHeads, 0, shape.headDim]);
        }
      }
      const outputs = await session.run(feeds);
      const logits = outputs.logits!;
      return { logits: lastRow(logits.data as Float32Array, logits.dims), kv: pastOf(outputs) };
    },
  };
}
