/**
 * Embedding in Node with @huggingface/transformers' Node build (ONNX Runtime
 * for Node, CPU). It mirrors workers/embed.worker.ts step for step —
 * AutoTokenizer + AutoModel, padding and truncation to maxLength (int64 inputs
 * made by src/models/tokenBatch.ts), then
 * core/pooling.ts' poolHiddenStates and normalizeRows — so a model whose
 * graph is exact on both runtimes (the bundled GloVe: Gather, Cast, Mul)
 * gives the same vectors bit for bit in the browser and here.
 *
 * A local model whose graph is only a table look-up (core/models/lookupGraph.ts: the bundled
 * GloVe) is not given to ONNX Runtime: its vectors are computed from the table
 * (core/models/lookupEmbedding.ts), the same floats, as the embed worker does on the WASM path.
 *
 * transformers.js is imported lazily so that commands without a model do
 * not pay for loading it.
 */
import { normalizeRows, poolHiddenStates, type PoolingRule } from '../../core/pooling.ts';
import type { Pooling } from '../../core/models/modelSpec.ts';
import { batchTokenizer } from '../../models/batchTokenizer.ts';
import { lookupTableOfFile, poolsAsLookup } from '../../models/lookupModel.ts';
import { LOOKUP_MAX_FILE_BYTES, type LookupTable } from '../../core/models/lookupGraph.ts';
import { lookupMeanVectors } from '../../core/models/lookupEmbedding.ts';
import { onnxFilePath } from '../../core/models/onnxFile.ts';
import type { Dtype } from '../../core/models/device.ts';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Where the model's files are and how to turn its output into vectors. */
export interface NodeModelSpec {
  /** Model id under `localDir` (a folder name), or a Hub repo id when `localDir` is undefined. */
  readonly id: string;
  /** Parent folder of a local model (`<localDir>/<id>/config.json`); undefined for the Hub. */
  readonly localDir?: string;
  /** Hub revision (ignored for local models). */
  readonly revision?: string;
  readonly dtype: string;
  readonly pooling: Pooling;
  readonly normalize: boolean;
  readonly maxLength: number;
  /**
   * `auto` (default): a local table look-up model runs without ONNX Runtime; `onnxruntime`: every
   * model runs in ONNX Runtime (what the look-up's tests compare it with).
   */
  readonly engine?: 'auto' | 'onnxruntime';
}

/** A loaded model. */
export interface NodeEmbedder {
  readonly dims: number;
  /** What computes the vectors: ONNX Runtime, or the model's table read in JavaScript. */
  readonly engine: 'onnxruntime' | 'lookup';
  /** Embeds texts in batches; returns texts.length × dims floats, row-major. */
  embed(texts: readonly string[], batchSize?: number): Promise<Float32Array>;
  dispose(): Promise<void>;
}

interface TensorLike {
  readonly dims: readonly number[];
  readonly data: ArrayLike<number | bigint>;
  dispose?(): void;
}

/**
 * Loads a model on the CPU.
 * @throws {Error} when a file is missing, or the Hub cannot be reached for a Hub model.
 */
export async function loadNodeEmbedder(spec: NodeModelSpec): Promise<NodeEmbedder> {
  const { AutoModel, AutoTokenizer, Tensor, env } = await import('@huggingface/transformers');
  if (spec.localDir !== undefined) {
    env.allowLocalModels = true;
    env.allowRemoteModels = false;
    env.localModelPath = spec.localDir.endsWith('/') ? spec.localDir : `${spec.localDir}/`;
  } else {
    env.allowLocalModels = false;
    env.allowRemoteModels = true;
  }
  const revision = spec.localDir === undefined ? spec.revision : undefined;
  const tokenizer = await AutoTokenizer.from_pretrained(spec.id, { revision });
  // The embed worker's tokenizing (src/models/batchTokenizer.ts), so the two give the same ids.
  const batcher = batchTokenizer(tokenizer);
  const table = spec.engine === 'onnxruntime' ? undefined : await localLookupTable(spec);
  if (table) {
    const embedBatch = (texts: string[]): Float32Array => {
      return lookupMeanVectors(table, batcher.ids(texts, spec.maxLength), spec.normalize);
    };
    return {
      dims: table.dims,
      engine: 'lookup',
      async embed(texts, batchSize = 64) {
        const out = new Float32Array(texts.length * table.dims);
        for (let i = 0; i < texts.length; i += batchSize) out.set(embedBatch(texts.slice(i, i + batchSize)), i * table.dims);
        return out;
      },
      async dispose() {},
    };
  }
  const model = await AutoModel.from_pretrained(spec.id, {
    revision,
    device: 'cpu',
    dtype: spec.dtype as 'fp32',
  });
  const rule: PoolingRule = spec.pooling === 'none' ? 'mean' : spec.pooling;

  const embedBatch = async (texts: string[]): Promise<Float32Array> => {
    // The int64 inputs as the embed worker makes them (src/models/tokenBatch.ts: no BigInt per token).
    const encoded = batcher.int64(texts, spec.maxLength);
    const inputs = Object.fromEntries(Object.entries(encoded).map(([name, t]) => [name, new Tensor('int64', t.data, t.dims)])) as unknown as Record<string, TensorLike>;
    const outputs = (await model(inputs)) as Record<string, TensorLike>;
    const hidden = outputs.last_hidden_state ?? outputs.token_embeddings;
    if (!hidden) throw new Error(`the model returned no last_hidden_state (outputs: ${Object.keys(outputs).join(', ')})`);
    const [batch, seq, dim] = hidden.dims as [number, number, number];
    const pooled = poolHiddenStates(hidden.data as Float32Array, inputs.attention_mask.data as BigInt64Array, [batch, seq, dim], rule);
    hidden.dispose?.();
    return spec.normalize ? normalizeRows(pooled, dim) : pooled;
  };

  const dims = (await embedBatch(['dimension probe'])).length;
  return {
    dims,
    engine: 'onnxruntime',
    async embed(texts, batchSize = 64) {
      const out = new Float32Array(texts.length * dims);
      for (let i = 0; i < texts.length; i += batchSize) {
        out.set(await embedBatch(texts.slice(i, i + batchSize)), i * dims);
      }
      return out;
    },
    async dispose() {
      await model.dispose();
    },
  };
}

/**
 * The table of a local model whose graph is a plain look-up with mean pooling; undefined for a Hub
 * model, another pooling rule, or any other graph (which then runs in ONNX Runtime).
 */
async function localLookupTable(spec: NodeModelSpec): Promise<LookupTable | undefined> {
  if (spec.localDir === undefined || !poolsAsLookup(spec.pooling)) return undefined;
  const path = join(spec.localDir, spec.id, onnxFilePath(spec.dtype as Dtype));
  const size = await stat(path).then((s) => s.size, () => Infinity);
  if (size > LOOKUP_MAX_FILE_BYTES) return undefined;
  const bytes = await readFile(path).catch(() => undefined);
  return bytes && lookupTableOfFile(bytes);
}
