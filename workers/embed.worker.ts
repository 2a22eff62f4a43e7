/**
 * Embedding worker: feature extraction with transformers.js on one device.
 * On the WASM path, a local model whose graph is only a table look-up (the
 * bundled GloVe; core/models/lookupGraph.ts) skips ONNX Runtime: its vectors are
 * read from the table (core/models/lookupEmbedding.ts), the same floats.
 * Thin on purpose — batching, caching, progress, cancel and the WASM fallback
 * are driven by src/models/embeddingRunner.ts, which can replace this worker
 * with a fresh one on another device at any batch boundary.
 */
import * as Comlink from 'comlink';
import { AutoModel, AutoTokenizer, env, Tensor, type PreTrainedModel, type PreTrainedTokenizer } from '@huggingface/transformers';
import { normalizeRows, poolHiddenStates } from '../src/core/pooling.ts';
import { configureOnnxWasm, destroyWebGpuDevice, onnxRuntimeFiles } from '../src/models/onnxEnv.ts';
import { envForSource, folderFetch, prefetching } from '../src/models/transformersEnv.ts';
import type { ModelSource } from '../src/core/models/modelSource.ts';
import type { Device, Dtype } from '../src/core/models/device.ts';
import type { Pooling } from '../src/core/models/modelSpec.ts';
import { lookupTableOfFile, poolsAsLookup } from '../src/models/lookupModel.ts';
import { batchTokenizer, type BatchTokenizer } from '../src/models/batchTokenizer.ts';
import { LOOKUP_MAX_FILE_BYTES, type LookupTable } from '../src/core/models/lookupGraph.ts';
import { lookupMeanVectors, unmaskedIds } from '../src/core/models/lookupEmbedding.ts';
import { onnxFilePath } from '../src/core/models/onnxFile.ts';

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
/** The table of a look-up model run without ONNX Runtime (then `model` stays undefined). */
let table: LookupTable | undefined;
let timings: EmbedTimings = { batches: 0, tokenizeMs: 0, runMs: 0, poolMs: 0 };
let tokenizer: PreTrainedTokenizer | undefined;
/** `tokenizer`'s batches, through the word-level fast path where it applies (src/models/batchTokenizer.ts). */
let batcher: BatchTokenizer | undefined;
let spec: EmbedLoadSpec | undefined;
const nativeFetch = self.fetch.bind(self);

/**
 * A tokenized batch, as plain arrays: each model input (input_ids,
 * attention_mask, token_type_ids when the tokenizer makes them) with its
 * dims. What the tokenizer worker hands the model worker.
 */
export type TokenBatch = Record<string, { readonly data: BigInt64Array; readonly dims: number[] }>;

/** Points transformers.js at the model's files and ONNX Runtime at the site's WASM build; the options for from_pretrained. */
function prepare(s: EmbedLoadSpec, onFile?: (p: FileProgress) => void) {
  const siteUrl = new URL('../', self.location.href); // workers are built into <site>/assets/
  configureOnnxWasm(env.backends.onnx.wasm as object, siteUrl.href, s.threads, s.device);
  Object.assign(env, envForSource(s.source, siteUrl.pathname));
  env.fetch = folderFetch(s.source, siteUrl.pathname, self.location.origin, nativeFetch) as typeof env.fetch;
  return {
    revision: s.source.kind === 'hub' ? s.source.revision : undefined,
    progress_callback: (p: { status: string; file?: string; loaded?: number; total?: number }) => {
      if (!onFile || p.file === undefined) return;
      onFile({ file: p.file, status: p.status as FileProgress['status'], loaded: p.loaded ?? 0, total: p.total ?? 0 });
    },
  };
}

/** What computes the vectors: ONNX Runtime, or the model's table read here (`lookup`). */
export type EmbedEngine = 'onnxruntime' | 'lookup';

async function load(s: EmbedLoadSpec, onFile?: (p: FileProgress) => void): Promise<{ dims: number; engine: EmbedEngine }> {
  const options = prepare(s, onFile);
  // A model that may be a look-up loads its tokenizer while its file is checked; the tokenizer
  // serves ONNX Runtime's path too when the graph is something else.
  let loadedTokenizer: Promise<PreTrainedTokenizer> | undefined;
  if (lookupMayApply(s)) {
    loadedTokenizer = AutoTokenizer.from_pretrained(s.source.id, options);
    loadedTokenizer.catch(() => undefined); // awaited below; a failed file check must not leave it unhandled
    const found = await lookupTableOf(s, onFile);
    if (found) {
      [tokenizer, table, spec] = [await loadedTokenizer, found, s];
      batcher = batchTokenizer(tokenizer);
      const probe = await embedRaw(['dimension probe']);
      timings = { batches: 0, tokenizeMs: 0, runMs: 0, poolMs: 0 };
      return { dims: probe.length, engine: 'lookup' };
    }
  }
  // ONNX Runtime's own files download while the model's do (onnxEnv.ts says why): transformers.js
  // fetches both (the glue to import it as a blob: module) through env.fetch, which then has them.
  const runtime = onnxRuntimeFiles(new URL('../', self.location.href).href, s.device);
  env.fetch = prefetching(env.fetch, [runtime.wasm, runtime.mjs]) as typeof env.fetch;
  [tokenizer, model] = await Promise.all([
    loadedTokenizer ?? AutoTokenizer.from_pretrained(s.source.id, options),
    AutoModel.from_pretrained(s.source.id, { ...options, device: s.device, dtype: s.dtype }),
  ]);
  spec = s;
  batcher = batchTokenizer(tokenizer);
  const probe = await embedRaw(['dimension probe']);
  timings = { batches: 0, tokenizeMs: 0, runMs: 0, poolMs: 0 };
  return { dims: probe.length, engine: 'onnxruntime' };
}

/**
 * Whether a model may be a look-up run without ONNX Runtime: on the WASM path (the CPU's; on
 * WebGPU the runtime runs it), with mean pooling, from the site or a picked folder, whose file
 * costs nothing to read first. A Hub model always loads through transformers.js and its cache.
 */
function lookupMayApply(s: EmbedLoadSpec): boolean {
  return s.device === 'wasm' && s.source.kind !== 'hub' && poolsAsLookup(s.pooling);
}

/** The model file's table when its graph is a plain look-up (core/models/lookupGraph.ts); undefined otherwise, or when it cannot be read here. */
async function lookupTableOf(s: EmbedLoadSpec, onFile?: (p: FileProgress) => void): Promise<LookupTable | undefined> {
  const file = onnxFilePath(s.dtype);
  const response = await env.fetch(`${env.localModelPath}${s.source.id}/${file}`).catch(() => undefined);
  if (!response || response.status !== 200) return undefined;
  const size = Number(response.headers.get('content-length') ?? NaN);
  if (!(size <= LOOKUP_MAX_FILE_BYTES)) {
    void response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  onFile?.({ file, status: 'initiate', loaded: 0, total: size });
  const bytes = new Uint8Array(await response.arrayBuffer());
  onFile?.({ file, status: 'done', loaded: bytes.byteLength, total: bytes.byteLength });
  return lookupTableOfFile(bytes);
}

/**
 * Loads the tokenizer only: this worker then tokenizes batches for another
 * one that runs the model, so that the two steps overlap on two cores.
 */
async function loadTokenizer(s: EmbedLoadSpec): Promise<void> {
  tokenizer = await AutoTokenizer.from_pretrained(s.source.id, prepare(s));
  batcher = batchTokenizer(tokenizer);
  spec = s;
}

/** The batch's int64 inputs (padded and truncated to maxLength), made without a BigInt per token (src/models/tokenBatch.ts). */
function tokenizeToInputs(texts: string[]): TokenBatch {
  if (!batcher || !spec) throw new Error('no tokenizer loaded: call load() or loadTokenizer() first');
  return batcher.int64(texts, spec.maxLength);
}

function tokenizeToTensors(texts: string[]): Record<string, Tensor> {
  return Object.fromEntries(Object.entries(tokenizeToInputs(texts)).map(([name, t]) => [name, new Tensor('int64', t.data, t.dims)]));
}

/** Tokenizes a batch as the model worker would (same options); the arrays are transferred. */
async function tokenize(texts: string[]): Promise<TokenBatch> {
  const t0 = performance.now();
  const out = tokenizeToInputs(texts);
  timings.tokenizeMs += performance.now() - t0;
  timings.batches++;
  return Comlink.transfer(out, Object.values(out).map((t) => t.data.buffer as ArrayBuffer));
}

async function embedRaw(texts: string[]): Promise<Float32Array> {
  const t0 = performance.now();
  if (table) {
    if (!batcher || !spec) throw new Error('no tokenizer loaded: call load() first');
    return lookup(batcher.ids(texts, spec.maxLength), performance.now() - t0);
  }
  const inputs = tokenizeToTensors(texts);
  return runModel(inputs, performance.now() - t0);
}

/** A look-up model's vectors of token-id lists; `tokenizeMs` is added to the timings. */
function lookup(ids: readonly ArrayLike<number>[], tokenizeMs: number): Float32Array {
  const t1 = performance.now();
  const out = lookupMeanVectors(table!, ids, spec!.normalize);
  timings.batches++;
  timings.tokenizeMs += tokenizeMs;
  timings.runMs += performance.now() - t1;
  return out;
}

/** The model, pooling and normalisation over tokenized inputs; `tokenizeMs` is added to the timings. */
async function runModel(inputs: Record<string, Tensor>, tokenizeMs: number): Promise<Float32Array> {
  if (!model || !spec) throw new Error('no model loaded: call load() first');
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
  timings.tokenizeMs += tokenizeMs;
  timings.runMs += t2 - t1;
  timings.poolMs += performance.now() - t2;
  return out;
}

/*
 * Tokens straight from the tokenizer worker to the model worker: the page
 * gives each one end of a MessageChannel; batch `id` is tokenized into the
 * port (buffers transferred) and embedded from it, never through the page.
 */
let tokensOut: MessagePort | undefined;
const arrived = new Map<number, TokenBatch>();
const awaited = new Map<number, (batch: TokenBatch) => void>();

/** Tokenizer side: where tokenized batches go. */
function sendTokensTo(port: MessagePort): void {
  tokensOut = port;
}

/** Model side: where tokenized batches come from. */
function receiveTokensFrom(port: MessagePort): void {
  arrived.clear();
  port.onmessage = (e: MessageEvent<{ id: number; batch: TokenBatch }>) => {
    const { id, batch } = e.data;
    const resolve = awaited.get(id);
    if (resolve) {
      awaited.delete(id);
      resolve(batch);
    } else arrived.set(id, batch);
  };
}

/** Tokenizer side: tokenizes batch `id` into the model worker's port. */
async function tokenizeTo(id: number, texts: string[]): Promise<void> {
  if (!tokensOut) throw new Error('no model worker connected: call sendTokensTo(port) first');
  const batch = await tokenize(texts);
  tokensOut.postMessage({ id, batch }, Object.values(batch).map((t) => t.data.buffer as ArrayBuffer));
}

/** Model side: embeds batch `id` once its tokens arrive on the port. */
async function embedTokensFrom(id: number): Promise<Float32Array> {
  return embedTokens(await tokensOf(id));
}

/** Batch `id`'s tokens: arrived on the port already, or when they arrive. */
async function tokensOf(id: number): Promise<TokenBatch> {
  const ready = arrived.get(id);
  arrived.delete(id);
  return ready ?? new Promise<TokenBatch>((resolve) => awaited.set(id, resolve));
}

/** Embeds a batch tokenized elsewhere (`tokenize` in another instance of this worker). */
async function embedTokens(batch: TokenBatch): Promise<Float32Array> {
  const data = await vectorsOfTokens(batch);
  return Comlink.transfer(data, [data.buffer]);
}

/** A tokenized batch's vectors, n × dims row-major. */
async function vectorsOfTokens(batch: TokenBatch): Promise<Float32Array> {
  if (table) {
    const { input_ids: ids, attention_mask: mask } = batch;
    return lookup(unmaskedIds(ids.data, mask.data, ids.dims as [number, number]), 0);
  }
  const inputs: Record<string, Tensor> = {};
  for (const [name, t] of Object.entries(batch)) inputs[name] = new Tensor('int64', t.data, t.dims);
  return runModel(inputs, 0);
}

/**
 * Where a batch's vectors go when the page shares one array for a call's vectors (a view of a
 * SharedArrayBuffer): text j of the batch is row `at[j]` of `rows`. Nothing crosses back but the
 * dimension count: a batch's vectors sent as their own buffer stay held by the page's message until
 * the page next collects (at 1,000,000 texts ~600 MiB of them piled up: BENCHMARKS.md).
 */
interface SharedRows {
  readonly rows: Float32Array;
  readonly at: Int32Array;
}

/** Writes a batch's vectors into the shared rows; returns the dimension count. @throws {RangeError} for rows outside `rows`. */
function writeRows(data: Float32Array, target: SharedRows): number {
  const n = target.at.length;
  const dims = n > 0 ? data.length / n : 0;
  for (let j = 0; j < n; j++) {
    const at = target.at[j] * dims;
    if (at < 0 || at + dims > target.rows.length) throw new RangeError(`row ${target.at[j]} is outside the shared array of ${target.rows.length / dims} rows`);
    target.rows.set(data.subarray(j * dims, (j + 1) * dims), at);
  }
  return dims;
}

/** embedTokensFrom, the vectors written into shared rows (SharedRows). */
async function embedTokensFromInto(id: number, target: SharedRows): Promise<number> {
  return writeRows(await vectorsOfTokens(await tokensOf(id)), target);
}

/** embed, the vectors written into shared rows (SharedRows). */
async function embedInto(texts: string[], target: SharedRows): Promise<number> {
  return writeRows(await embedRaw(texts), target);
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
const loseDevice = (): Promise<boolean> => destroyWebGpuDevice(env.backends.onnx);

async function dispose(): Promise<void> {
  await model?.dispose();
  model = undefined;
  table = undefined;
  tokenizer = undefined;
  batcher = undefined;
}

/** The time spent per step since the model loaded (the load's own probe batch excluded). */
async function stats(): Promise<EmbedTimings> {
  return { ...timings };
}

/**
 * The batch's time through the whole pipeline (tokenize, transformers.js's
 * model call, pooling) against ONNX Runtime Web's bare `session.run` on the
 * same tokenized inputs, in this worker, medians of `repeats` after one
 * warm-up each: what the benchmark reports as the time outside ORT's kernels.
 */
async function bareRunTimes(texts: string[], repeats = 5): Promise<{ pipelineMs: number; sessionMs: number }> {
  if (table) throw new Error('this model runs as a table look-up, without an ONNX Runtime session to time');
  if (!model || !tokenizer) throw new Error('no model loaded: call load() first');
  const session = (model as unknown as { sessions: Record<string, { inputNames: string[]; run(feeds: Record<string, unknown>): Promise<Record<string, { dispose?(): void }>> }> }).sessions.model;
  const inputs = tokenizeToTensors(texts);
  const feeds: Record<string, unknown> = {};
  for (const name of session.inputNames) {
    const t = inputs[name] ?? (name === 'token_type_ids' ? new Tensor('int64', new BigInt64Array(inputs.input_ids.data.length), inputs.input_ids.dims) : undefined);
    if (!t) throw new Error(`the model wants an input "${name}" the tokenizer does not make`);
    feeds[name] = (t as unknown as { ort_tensor: unknown }).ort_tensor;
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const saved = { ...timings };
  const time = async (f: () => Promise<unknown>) => {
    await f();
    const ms: number[] = [];
    for (let i = 0; i < repeats; i++) {
      const t0 = performance.now();
      await f();
      ms.push(performance.now() - t0);
    }
    return median(ms);
  };
  const pipelineMs = await time(() => embedRaw(texts));
  const sessionMs = await time(async () => {
    const out = await session.run(feeds);
    for (const t of Object.values(out)) t.dispose?.();
  });
  timings = saved;
  return { pipelineMs, sessionMs };
}

export const embedApi = { load, loadTokenizer, tokenize, tokenizeTo, sendTokensTo, receiveTokensFrom, embed, embedInto, embedTokens, embedTokensFrom, embedTokensFromInto, loseDevice, dispose, stats, bareRunTimes };
export type EmbedApi = typeof embedApi;
Comlink.expose(embedApi);
