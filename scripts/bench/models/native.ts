/**
 * The native side of the comparison: the same transformers.js 4.3.2 code
 * path as workers/embed.worker.ts (AutoTokenizer + AutoModel, then
 * src/core/pooling.ts), on Node's build, which runs onnxruntime-node on the
 * CPU. Same ONNX file (dtype fp32), same tokenizer, same max length and batches.
 */
import { AutoModel, AutoTokenizer, env, type PreTrainedModel, type PreTrainedTokenizer, type Tensor } from '@huggingface/transformers';
import { normalizeRows, poolHiddenStates } from '../../../src/core/pooling.ts';
import type { BenchModel } from './benchModels.ts';

export interface NativeSession {
  embed(texts: readonly string[], batchSize: number): Promise<Float32Array[]>;
  dispose(): Promise<void>;
}

export async function nativeSession(m: BenchModel, threads: number): Promise<NativeSession> {
  env.allowLocalModels = true;
  env.allowRemoteModels = false;
  env.localModelPath = `${m.localDir}/`;
  const tokenizer: PreTrainedTokenizer = await AutoTokenizer.from_pretrained(m.id);
  const model: PreTrainedModel = await AutoModel.from_pretrained(m.id, {
    device: 'cpu',
    dtype: 'fp32',
    session_options: { intraOpNumThreads: threads, interOpNumThreads: 1 },
  } as Parameters<typeof AutoModel.from_pretrained>[1]);
  const rule = m.entry.pooling === 'none' ? 'mean' : m.entry.pooling;
  async function batch(texts: string[]): Promise<Float32Array[]> {
    const inputs = tokenizer(texts, { padding: true, truncation: true, max_length: m.entry.maxLength }) as Record<string, Tensor>;
    const out = (await model(inputs)) as Record<string, Tensor>;
    const hidden = out.last_hidden_state;
    const [b, seq, dim] = hidden.dims as [number, number, number];
    const pooled = poolHiddenStates(hidden.data as Float32Array, inputs.attention_mask.data as BigInt64Array, [b, seq, dim], rule);
    const rows = m.entry.normalize ? normalizeRows(pooled, dim) : pooled;
    return Array.from({ length: b }, (_, i) => rows.slice(i * dim, (i + 1) * dim));
  }
  return {
    async embed(texts, batchSize) {
      const vectors: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += batchSize) vectors.push(...(await batch(texts.slice(i, i + batchSize))));
      return vectors;
    },
    dispose: async () => {
      await model.dispose();
    },
  };
}
