/**
 * Embedding worker: feature extraction with transformers.js on one device.
 * Thin on purpose — batching, caching, progress, cancel and the WASM fallback
 * are driven by src/models/embeddingRunner.ts, which can replace this worker
 * with a fresh one on another device at any batch boundary.
 */
import * as Comlink from 'comlink';
import { env, pipeline, type FeatureExtractionPipeline } from '@huggingface/transformers';
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

export type FileProgress = { file: string; status: 'initiate' | 'download' | 'progress' | 'done'; loaded: number; total: number };

let extractor: FeatureExtractionPipeline | undefined;
let spec: EmbedLoadSpec | undefined;
const nativeFetch = self.fetch.bind(self);

async function load(s: EmbedLoadSpec, onFile?: (p: FileProgress) => void): Promise<{ dims: number }> {
  const origin = self.location.origin;
  configureOnnxWasm(env.backends.onnx.wasm as object, `${origin}/`, s.threads);
  Object.assign(env, envForSource(s.source, origin));
  env.fetch = folderFetch(s.source, origin, nativeFetch) as typeof env.fetch;
  const modelId = s.source.kind === 'folder' ? s.source.id : s.source.id;
  extractor = (await pipeline('feature-extraction', modelId, {
    device: s.device,
    dtype: s.dtype,
    revision: s.source.kind === 'hub' ? s.source.revision : undefined,
    progress_callback: (p) => {
      if (!onFile || !('file' in p)) return;
      const loaded = 'loaded' in p ? p.loaded : 0;
      const total = 'total' in p ? p.total : 0;
      onFile({ file: p.file, status: p.status as FileProgress['status'], loaded, total });
    },
  })) as FeatureExtractionPipeline;
  if (s.maxLength > 0) (extractor.tokenizer as { model_max_length: number }).model_max_length = s.maxLength;
  spec = s;
  const probe = await embedRaw(['dimension probe']);
  return { dims: probe.dims[1] };
}

async function embedRaw(texts: string[]): Promise<{ data: Float32Array; dims: number[] }> {
  if (!extractor || !spec) throw new Error('no model loaded: call load() first');
  const pooling = spec.pooling === 'none' ? 'mean' : spec.pooling;
  const out = await extractor(texts, { pooling, normalize: spec.normalize });
  const data = out.data instanceof Float32Array ? out.data : Float32Array.from(out.data as ArrayLike<number>);
  return { data, dims: out.dims };
}

/** Embeds a batch; returns n × dims floats (row-major), transferred, not copied. */
async function embed(texts: string[]): Promise<Float32Array> {
  const { data } = await embedRaw(texts);
  const copy = data.buffer.byteLength === data.byteLength ? data : data.slice();
  return Comlink.transfer(copy, [copy.buffer]);
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
  await extractor?.dispose();
  extractor = undefined;
}

export const embedApi = { load, embed, loseDevice, dispose };
export type EmbedApi = typeof embedApi;
Comlink.expose(embedApi);
