/**
 * Embedding worker: feature extraction with transformers.js on one device.
 * Thin on purpose — batching, caching, progress, cancel and the WASM fallback
 * are driven by src/models/embeddingRunner.ts, which can replace this worker
 * with a fresh one on another device at any batch boundary.
 */
import * as Comlink from 'comlink';
import { AutoModel, AutoTokenizer, env, type PreTrainedModel, type PreTrainedTokenizer, type Tensor } from '@huggingface/transformers';
import { normalizeRows, poolHiddenStates } from '../src/core/pooling.ts';
import { configureOnnxWasm } from '../src/models/onnxEnv.ts';
import { envForSource, folderFetch } from '../src/models/transformersEnv.ts';
import type { ModelSource } from '../src/models/modelSource.ts';
import type { Device, Dtype } from '../src/models/device.ts';
import type { Pooling } from '../src/models/modelSpec.ts';

export interface EmbedLoadSpec {
  readonly source: ModelSource;
  readonly device: Device;
  readonly dtype: Dtype;
  readonly threads: number;
  readonly pooling: Pooling;
  readonly normalize: boolean;
  readonly maxLength: number;
}

import type { FileProgress } from '../src/models/deviceWorker.ts';
export type { FileProgress };

/** Where this worker's time went since its model loaded: for benchmarks (`EmbeddingRunner.workerTimings`). */
export interface EmbedTimings {
  batches: number;
  tokenizeMs: number;
  runMs: number;
  poolMs: number;
}

let model: PreTrainedModel | undefined;
let timings: EmbedTimings = { batches: 0, tokenizeMs: 0, runMs: 0, poolMs: 0 };
let tokenizer: PreTrainedTokenizer | undefined;
let spec: EmbedLoadSpec | undefined;
const nativeFetch = self.fetch.bind(self);

async function load(s: EmbedLoadSpec, onFile?: (p: FileProgress) => void): Promise<{ dims: number }> {
  const origin = self.location.origin;
  const siteUrl = new URL('../', self.location.href); // workers are built into <site>/assets/
  configureOnnxWasm(env.backends.onnx.wasm as object, siteUrl.href, s.threads, s.device);
  Object.assign(env, envForSource(s.source, siteUrl.pathname));
  env.fetch = folderFetch(s.source, siteUrl.pathname, origin, nativeFetch) as typeof env.fetch;
  const options = {
    revision: s.source.kind === 'hub' ? s.source.revision : undefined,
    progress_callback: (p: { status: string; file?: string; loaded?: number; total?: number }) => {
      if (!onFile || p.file === undefined) return;
      onFile({ file: p.file, status: p.status as FileProgress['status'], loaded: p.loaded ?? 0, total: p.total ?? 0 });
    },
  };
  [tokenizer, model] = await Promise.all([
    AutoTokenizer.from_pretrained(s.source.id, options),
    AutoModel.from_pretrained(s.source.id, { ...options, device: s.device, dtype: s.dtype }),
  ]);
  spec = s;
  const probe = await embedRaw(['dimension probe']);
  timings = { batches: 0, tokenizeMs: 0, runMs: 0, poolMs: 0 };
  return { dims: probe.length };
}

async function embedRaw(texts: string[]): Promise<Float32Array> {
  if (!model || !tokenizer || !spec) throw new Error('no model loaded: call load() first');
  const t0 = performance.now();
  const inputs = tokenizer(texts, { padding: true, truncation: true, max_length: spec.maxLength }) as Record<string, Tensor>;
  const t1 = performance.now();
  const outputs = (await model(inputs)) as Record<string, Tensor>;
  const t2 = performance.now();
  const hidden = outputs.last_hidden_state ?? outputs.token_embeddings;
  if (!hidden) throw new Error(`the model returned no last_hidden_state (outputs: ${Object.keys(outputs).join(', ')})`);
  const [batch, seq, dim] = hidden.dims as [number, number, number];
  const rule = spec.pooling === 'none' ? 'mean' : spec.pooling;
  const pooled = poolHiddenStates(hidden.data as Float32Array, inputs.attention_mask.data as BigInt64Array, [batch, seq, dim], rule);
  hidden.dispose?.();
  const out = spec.normalize ? normalizeRows(pooled, dim) : pooled;
  timings.batches++;
  timings.tokenizeMs += t1 - t0;
  timings.runMs += t2 - t1;
  timings.poolMs += performance.now() - t2;
  return out;
}

/** Embeds a batch; returns n × dims floats (row-major), transferred, not copied. */
async function embed(texts: string[]): Promise<Float32Array> {
  const data = await embedRaw(texts);
  return Comlink.transfer(data, [data.buffer]);
}

/**
 * Destroys the WebGPU device ONNX Runtime is using, as a real device loss
 * would. Used only to test that a run finishes on WASM (the embedding
 * runner calls it when asked to simulate a loss).
 */
async function loseDevice(): Promise<boolean> {
  const webgpu = (env.backends.onnx as { webgpu?: { device?: Promise<{ destroy(): void }> | { destroy(): void } } }).webgpu;
  const device = await webgpu?.device;
  if (!device) return false;
  device.destroy();
  return true;
}

async function dispose(): Promise<void> {
  await model?.dispose();
  model = undefined;
  tokenizer = undefined;
}

/** The time spent per step since the model loaded (the load's own probe batch excluded). */
async function stats(): Promise<EmbedTimings> {
  return { ...timings };
}

export const embedApi = { load, embed, loseDevice, dispose, stats };
export type EmbedApi = typeof embedApi;
Comlink.expose(embedApi);
