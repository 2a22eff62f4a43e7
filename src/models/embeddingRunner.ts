/**
 * Runs an embedding model over many texts from the main thread: batches,
 * cache look-ups, progress with ETA, cancel, and the device fallback.
 *
 * - A WebGPU worker that fails to start is terminated and a fresh WASM worker
 *   loads the model (a failed WebGPU start leaves ONNX Runtime unusable in
 *   that worker, so the fallback never reuses it).
 * - A batch that fails on WebGPU (e.g. the device was lost) is retried on a
 *   fresh WASM worker; finished batches are kept, so the run resumes from the
 *   last finished batch. The fallback keeps the dtype, so vectors stay comparable.
 */
import * as Comlink from 'comlink';
import type { EmbedApi, EmbedEngine, EmbedLoadSpec, EmbedTimings } from '../../workers/embed.worker.ts';
import type { FileProgress } from './deviceWorker.ts';
import { ModelRunner } from './modelRunner.ts';
import type { Device, DeviceProbe, Dtype } from '../core/models/device.ts';
import { etaSeconds, type ModelProgress } from '../core/models/loadProgress.ts';
import type { EmbeddingModelEntry, TextRole } from '../core/models/modelSpec.ts';
import { sourceKey, type ModelSource } from '../core/models/modelSource.ts';
import { CancelledError } from '../core/audit/run/index.ts';
import { embeddingKey } from '../core/embeddingKey.ts';
import { inBatch } from './batchError.ts';
import { CACHE_FIRST_SAMPLE, CACHE_SAMPLE, cachePlan, type CachePlan } from '../core/models/cachePolicy.ts';
export type { TextRole } from '../core/models/modelSpec.ts';

/** Cached vectors by key (src/storage/embeddingCache.ts implements it on IndexedDB). */
export interface VectorCache {
  getMany(keys: readonly string[]): Promise<(Float32Array | undefined)[]>;
  putMany(entries: readonly { key: string; modelKey: string; vector: Float32Array }[]): Promise<void>;
}


export interface EmbeddingRunnerOptions {
  readonly entry: EmbeddingModelEntry;
  readonly source: ModelSource;
  readonly probe: DeviceProbe;
  readonly override?: { device?: Device; dtype?: Dtype; threads?: number };
  readonly batchSize?: number;
  readonly cache?: VectorCache;
  readonly onProgress?: (p: ModelProgress) => void;
  /** Destroys the GPU device after this many batches (tests of the fallback). */
  readonly simulateDeviceLossAfterBatch?: number;
  /** Creates the worker (tests may inject one). */
  readonly createWorker?: () => Worker;
  /**
   * Creates the worker that tokenizes the next batch while the model runs this one (another
   * instance of the embed worker). By default the embed worker itself, unless `createWorker`
   * was injected; `null` tokenizes in the model's worker.
   */
  readonly createTokenizerWorker?: (() => Worker) | null;
  /**
   * Texts a call must send to the model before its batches are tokenized in that second worker
   * (0: always, the worker loading beside the model from the load on). By default
   * TOKENIZE_ASIDE_FROM on a machine of TOKENIZE_ASIDE_MIN_CORES cores or more, never on fewer.
   */
  readonly tokenizeAsideFrom?: number;
}

/**
 * Texts an embed call must have for the runner to tokenize them in a second worker. That worker
 * loads transformers.js and the tokenizer again (1.5–2 CPU-s on the 2-core test machine) and saves
 * at most the tokenizing itself, under 20 µs a text of the bundled GloVe model's (the tokenizer
 * worker's 10 CPU-s for the 550,000 texts of the 500k scale bench, its load included) and a small
 * share of a transformer's time: worth it for a corpus on a machine with a core to spare, not for
 * a demo's 2,160 profiles, whose run it slowed by taking a core from the audits beside it
 * (BENCHMARKS.md, "demo").
 */
export const TOKENIZE_ASIDE_FROM = 10_000;

/**
 * Cores (navigator.hardwareConcurrency) a machine needs before a call is tokenized aside by
 * default: one for the model, one for the tokenizer and one for the audit that runs beside the
 * embedding in a retrieval run. On two cores the tokenizer takes the audit's core: the Chromium
 * scale bench on this 2-core machine measured 100,000 documents in 28.4 s with it against 23.8 s
 * without, and 500,000 in 103.7 s against 105.5 s, 3–7 CPU-s more each (BENCHMARKS.md, "Scale in
 * Chromium"): the tokenizing it moves is under 20 µs a GloVe text, less than the worker's load.
 */
export const TOKENIZE_ASIDE_MIN_CORES = 3;

export interface EmbeddingResult {
  /** One vector per input text, in input order; empty when `embed` was given `into` (the vectors are its rows). */
  readonly vectors: Float32Array[];
  readonly dims: number;
  /** The device and dtype that really ran (after any fallback). */
  readonly device: Device;
  readonly dtype: Dtype;
  /** What computed them: ONNX Runtime, or a look-up model's table without it (on the WASM path). */
  readonly engine?: EmbedEngine;
  readonly computed: number;
  readonly cached: number;
  readonly fallbacks: readonly string[];
  readonly ms: number;
  /** Where `ms` went on the page: hashing the cache keys, the cache look-up, the batches, and waiting for the last cache writes. */
  readonly phases: { readonly keysMs: number; readonly lookupMs: number; readonly batchesMs: number; readonly writeWaitMs: number };
  /** Texts looked up in the cache and vectors stored; `why` says why the cache was left out after the sample (core/models/cachePolicy.ts). */
  readonly cache: { readonly lookedUp: number; readonly written: number; readonly why?: string };
}

/** One embed() call's texts, what is known of them so far, and what its cache use cost. */
interface CallState {
  readonly texts: readonly string[];
  readonly prefix: string;
  readonly signal?: AbortSignal;
  /** Each text's vector as it comes; left empty when the vectors go to `into`. */
  readonly vectors: (Float32Array | undefined)[];
  /** Where the vectors go, when the caller gave one array for all (`embed`'s `into`). */
  readonly into?: Float32Array;
  /** With `into`: 1 for each text whose vector is written there (no view a text: 500,000 of them held 50 MB). */
  readonly filled?: Uint8Array;
  /** Each text's cache key, made where the cache was used. */
  readonly keys: (string | undefined)[];
  cached: number;
  computed: number;
  readonly tStart: number;
  writing: Promise<void>;
  readonly cost: { keysMs: number; lookupMs: number; lookedUp: number; modelMs: number; modelTexts: number; writeMs: number; written: number };
}

export { CancelledError } from '../core/audit/run/index.ts';

/**
 * Vectors per cache transaction. One transaction a batch of 32 spent more on commits than on the
 * records: 20,000 GloVe vectors waited 2.8 s for their writes in 625 transactions, 0.7 s in 20.
 */
const CACHE_WRITE_CHUNK = 1024;

/** Texts per batch unless the options or the model's entry say otherwise. */
const DEFAULT_BATCH_SIZE = 32;

const defaultWorker = () => new Worker(new URL('../../workers/embed.worker.ts', import.meta.url), { type: 'module' });


export class EmbeddingRunner extends ModelRunner<EmbedApi, { dims: number; engine: EmbedEngine }> {
  readonly #o: EmbeddingRunnerOptions;
  /** The tokenizer worker once started; null when there is none (not wanted, or it failed to load). */
  #tokenizer: Promise<{ worker: Worker; api: Comlink.Remote<EmbedApi> } | null> | undefined;
  /** The tokens' MessageChannel and the model worker generation it reaches. */
  #channel: { generation: number; ready: Promise<number> } | undefined;
  #batchIds = 0;
  /**
   * What the cache and the model cost in this runner's earlier calls (a run embeds the corpus, then
   * each task's queries, then each twins shard): a later call starts from them instead of sampling
   * CACHE_SAMPLE texts again. Its hit rate is its own (another role's texts), assumed 1 until measured.
   */
  readonly #spent = { keysMs: 0, lookupMs: 0, lookedUp: 0, modelMs: 0, modelTexts: 0, writeMs: 0, written: 0 };

  constructor(options: EmbeddingRunnerOptions) {
    super(options, defaultWorker);
    this.#o = options;
  }

  protected loadModel(api: Comlink.Remote<EmbedApi>, device: Device, onFile: (p: FileProgress) => void): Promise<{ dims: number; engine: EmbedEngine }> {
    return api.load(this.#spec(device), onFile);
  }

  /** What computes the vectors once the model has loaded: ONNX Runtime, or a look-up model's table (embed worker). */
  get engine(): EmbedEngine | undefined {
    return this.worker.loaded?.engine;
  }

  /** The vectors' dimensions once the model has loaded. */
  get dims(): number | undefined {
    return this.worker.loaded?.dims;
  }

  get #revision(): string {
    return this.#o.source.kind === 'hub' ? this.#o.source.revision : this.#o.entry.revision;
  }

  /** model id + revision + pooling: what the cache groups a model's vectors by (to count and clear them). */
  get modelKey(): string {
    return `${sourceKey(this.#o.source)}@${this.#revision}|${this.#o.entry.pooling}`;
  }

  /** The cache key of each text embedded with `prefix` (core/embeddingKey.ts). */
  #cacheKeys(texts: readonly string[], prefix: string): Promise<string[]> {
    const spec = { modelId: sourceKey(this.#o.source), revision: this.#revision, dtype: this.dtype, pooling: this.#o.entry.pooling, prefix };
    return Promise.all(texts.map((t) => embeddingKey(spec, t)));
  }

  #spec(device: Device): EmbedLoadSpec {
    return {
      source: this.#o.source,
      device,
      dtype: this.dtype,
      threads: this.threads,
      pooling: this.#o.entry.pooling,
      normalize: this.#o.entry.normalize,
      maxLength: this.#o.entry.maxLength,
    };
  }

  /**
   * Loads the model on the chosen device, falling back to WASM in a fresh worker, and, when every
   * call is to tokenize aside (`tokenizeAsideFrom: 0`), starts the tokenizer worker beside it.
   */
  load(): Promise<void> {
    // The tokenizer worker loads beside the model (its first batch no longer waits for it); it
    // fails alone, into tokenizing in the model's worker (#startTokenizer).
    if (this.#tokenizeAsideFrom === 0) void this.#startTokenizer();
    return this.worker.load();
  }

  get #tokenizeAsideFrom(): number {
    if (this.#o.tokenizeAsideFrom !== undefined) return this.#o.tokenizeAsideFrom;
    const cores = typeof navigator === 'undefined' ? 1 : navigator.hardwareConcurrency ?? 1;
    return cores >= TOKENIZE_ASIDE_MIN_CORES ? TOKENIZE_ASIDE_FROM : Infinity;
  }

  /**
   * Connects the tokenizer worker to the current model worker by a
   * MessageChannel (again after a fallback replaced the model worker).
   * @returns the model worker generation the channel reaches.
   */
  async #connect(tokenizer: Comlink.Remote<EmbedApi>): Promise<number> {
    const generation = this.worker.generation;
    if (this.#channel?.generation === generation) return this.#channel.ready;
    const { port1, port2 } = new MessageChannel();
    const ready = Promise.all([
      tokenizer.sendTokensTo(Comlink.transfer(port1, [port1])),
      this.worker.call((api) => api.receiveTokensFrom(Comlink.transfer(port2, [port2]))),
    ]).then(() => generation);
    this.#channel = { generation, ready };
    return ready;
  }

  /**
   * Starts the tokenizer worker once. It is device-free (no ONNX Runtime session), so a device
   * fallback of the model worker leaves it as it is. If it cannot load, batches are tokenized in
   * the model's worker, as without it: the vectors are the same either way.
   */
  #startTokenizer(): Promise<{ worker: Worker; api: Comlink.Remote<EmbedApi> } | null> {
    this.#tokenizer ??= (async () => {
      const make = this.#o.createTokenizerWorker === undefined ? (this.#o.createWorker ? null : defaultWorker) : this.#o.createTokenizerWorker;
      if (!make) return null;
      let worker: Worker | undefined;
      try {
        worker = make();
        const api = Comlink.wrap<EmbedApi>(worker);
        await api.loadTokenizer(this.#spec(this.worker.device));
        return { worker, api };
      } catch {
        worker?.terminate();
        return null;
      }
    })();
    return this.#tokenizer;
  }

  /**
   * Embeds `texts` (the role's prefix is added), using and filling the cache
   * where it pays (core/models/cachePolicy.ts: measured on the runner's
   * first CACHE_FIRST_SAMPLE texts, decided for the rest; a later call of
   * this runner starts from the costs measured so far).
   * @param into texts.length × dims floats to write the vectors into (row i = text i); the result's
   *   vectors are then views of it, and no array is made per text (a corpus of 500,000 texts).
   * @throws {CancelledError} when `signal` aborts; finished batches are cached.
   * @throws {RangeError} when `into` does not have texts.length × dims floats.
   */
  async embed(texts: readonly string[], role: TextRole, signal?: AbortSignal, into?: Float32Array): Promise<EmbeddingResult> {
    const t0 = performance.now();
    const prefix = role === 'query' ? this.#o.entry.queryPrefix : this.#o.entry.documentPrefix;
    const call: CallState = {
      texts,
      prefix,
      signal,
      vectors: into ? [] : new Array(texts.length),
      into,
      filled: into ? new Uint8Array(texts.length) : undefined,
      keys: new Array(texts.length),
      cached: 0,
      computed: 0,
      tStart: performance.now(),
      writing: Promise.resolve(),
      cost: { keysMs: 0, lookupMs: 0, lookedUp: 0, modelMs: 0, modelTexts: 0, writeMs: 0, written: 0 },
    };
    const cache = this.#o.cache;
    this.#o.onProgress?.({ status: 'batch', done: 0, total: texts.length, cached: 0, etaSeconds: undefined });
    // Part by part, the cache used as the costs measured so far say (all on until something is measured).
    let plan: CachePlan = { lookup: !!cache, write: !!cache };
    const spent = this.#spent;
    // The runner's very first part is its sample; the rest go CACHE_SAMPLE at a time.
    const stepAt = (from: number) => (!cache ? Math.max(1, texts.length) : from === 0 && spent.lookedUp === 0 ? CACHE_FIRST_SAMPLE : CACHE_SAMPLE);
    for (let from = 0, step = stepAt(0); from < texts.length; from += step, step = stepAt(from)) {
      const c = call.cost;
      if (cache) {
        // This call's costs and the earlier calls' together; the hit rate this call's (1, the most a
        // look-up could save, until this call has looked up: a look-up dearer than the model never pays).
        const lookedUp = c.lookedUp + spent.lookedUp;
        const modelTexts = c.modelTexts + spent.modelTexts;
        const written = c.written + spent.written;
        plan = cachePlan({
          lookupMs: lookedUp > 0 ? (c.keysMs + c.lookupMs + spent.keysMs + spent.lookupMs) / lookedUp : undefined,
          hitRate: c.lookedUp > 0 ? call.cached / c.lookedUp : lookedUp > 0 ? 1 : undefined,
          modelMs: modelTexts > 0 ? (c.modelMs + spent.modelMs) / modelTexts : undefined,
          writeMs: written > 0 ? (c.writeMs + spent.writeMs) / written : undefined,
        });
      }
      await this.#part(call, from, Math.min(texts.length, from + step), plan);
    }
    const tBatches = performance.now();
    await call.writing;
    const tEnd = performance.now();
    for (const k of Object.keys(spent) as (keyof typeof spent)[]) spent[k] += call.cost[k];
    const dims = (into && texts.length > 0 ? into.length / texts.length : call.vectors[0]?.length) ?? this.worker.loaded?.dims ?? 0;
    const c = call.cost;
    return {
      vectors: call.vectors as Float32Array[],
      dims,
      device: this.worker.device,
      dtype: this.dtype,
      engine: this.engine,
      computed: call.computed,
      cached: call.cached,
      fallbacks: [...this.worker.fallbacks],
      ms: tEnd - t0,
      phases: { keysMs: c.keysMs, lookupMs: c.lookupMs, batchesMs: tBatches - t0 - c.keysMs - c.lookupMs, writeWaitMs: tEnd - tBatches },
      cache: { lookedUp: c.lookedUp, written: c.written, why: plan.why },
    };
  }

  /** Texts [from, to) of a call: the cache look-up and writes as `plan` says, the misses through the model. */
  async #part(call: CallState, from: number, to: number, plan: { readonly lookup: boolean; readonly write: boolean }): Promise<void> {
    const cache = this.#o.cache;
    const { texts, prefix, keys, signal, cost } = call;
    if (cache && (plan.lookup || plan.write)) {
      const t = performance.now();
      const made = await this.#cacheKeys(texts.slice(from, to), prefix);
      made.forEach((k, j) => (keys[from + j] = k));
      cost.keysMs += performance.now() - t;
    }
    if (cache && plan.lookup) {
      const t = performance.now();
      const hits = await cache.getMany(keys.slice(from, to) as string[]);
      hits.forEach((v, j) => {
        if (v) place(call, from + j, v), call.cached++;
      });
      cost.lookupMs += performance.now() - t;
      cost.lookedUp += to - from;
    }
    const missing: number[] = [];
    for (let i = from; i < to; i++) if (!has(call, i)) missing.push(i);
    const batchSize = this.#o.batchSize ?? this.#o.entry.batchSize ?? DEFAULT_BATCH_SIZE;
    const batches: number[][] = [];
    for (let b = 0; b < missing.length; b += batchSize) batches.push(missing.slice(b, b + batchSize));
    if (batches.length === 0) return;
    // The model and, for a call large enough, the tokenizer load side by side; then batch k + 1 is
    // tokenized while batch k runs (a call too small tokenizes in the model's worker). The call's
    // size decides, not this part's: with a cache a call runs in parts of CACHE_SAMPLE texts.
    const aside = call.texts.length >= this.#tokenizeAsideFrom || this.#tokenizer !== undefined;
    const [tokenizer] = await Promise.all([aside ? this.#startTokenizer() : null, this.worker.load()]);
    const textsOf = (k: number) => batches[k].map((i) => prefix + texts[i]);
    /** Tokenizes batch k in the tokenizer worker, straight into the model worker's port. */
    const tokenize = async (k: number): Promise<TokenizedBatch | undefined> => {
      if (!tokenizer || k >= batches.length) return undefined;
      const generation = await this.#connect(tokenizer.api);
      const id = ++this.#batchIds;
      const sent = tokenizer.api.tokenizeTo(id, textsOf(k));
      sent.catch(() => undefined); // awaited below; a run that stops first must not leave it unhandled
      return { id, sent, generation };
    };
    let next = tokenize(0);
    next.catch(() => undefined);
    // Cache writes run behind the batches, one after another, CACHE_WRITE_CHUNK vectors a transaction: batch
    // k + 1 embeds while earlier vectors are written. The last is awaited before embed() returns.
    let unwritten: { key: string; modelKey: string; vector: Float32Array }[] = [];
    const shared = call.into && isShared(call.into) ? call.into : undefined;
    for (let k = 0; k < batches.length; k++) {
      if (signal?.aborted) throw new CancelledError();
      const idx = batches[k];
      const tBatch = performance.now();
      // Into a shared `into`, the worker writes the batch's rows itself (embed worker's SharedRows).
      const target = shared && { rows: shared, at: Int32Array.from(idx) };
      const got = await inBatch(k, batches.length, async () => {
        const current = await next;
        next = tokenize(k + 1);
        next.catch(() => undefined);
        return this.worker.call(async (api): Promise<Float32Array | number> => {
          // Tokens sent to a worker that has since been replaced (a WASM fallback) are gone: tokenize here.
          if (!current || current.generation !== this.worker.generation) return target ? api.embedInto(textsOf(k), target) : api.embed(textsOf(k));
          await current.sent;
          return target ? api.embedTokensFromInto(current.id, target) : api.embedTokensFrom(current.id);
        });
      });
      // The call's first batch carries the model's warm-up (V8 compiling ONNX Runtime): not the model's cost a text.
      if (call.computed > 0) (cost.modelMs += performance.now() - tBatch), (cost.modelTexts += idx.length);
      if (typeof got === 'number') {
        const dims = got;
        if (shared!.length !== call.texts.length * dims) throw new RangeError(`the output has ${shared!.length} floats, ${call.texts.length} texts × ${dims} dimensions need ${call.texts.length * dims}`);
        for (const i of idx) {
          call.filled![i] = 1;
          const own = cache && plan.write ? shared!.slice(i * dims, (i + 1) * dims) : undefined;
          if (own) unwritten.push({ key: keys[i]!, modelKey: this.modelKey, vector: own });
        }
      } else {
        const flat = got;
        const dims = flat.length / idx.length;
        for (let j = 0; j < idx.length; j++) {
          const row = flat.subarray(j * dims, (j + 1) * dims);
          // A vector of its own where it is stored or returned alone (a view would store the whole batch).
          const own = cache && plan.write ? row.slice() : undefined;
          place(call, idx[j], call.into ? row : (own ?? row.slice()));
          if (own) unwritten.push({ key: keys[idx[j]]!, modelKey: this.modelKey, vector: own });
        }
      }
      call.computed += idx.length;
      if (cache && unwritten.length > 0 && (unwritten.length >= CACHE_WRITE_CHUNK || k === batches.length - 1)) {
        const chunk = unwritten;
        unwritten = [];
        call.writing = call.writing.then(async () => {
          const t = performance.now();
          await cache.putMany(chunk);
          cost.writeMs += performance.now() - t;
          cost.written += chunk.length;
        });
        call.writing.catch(() => undefined); // surfaced where it is awaited
      }
      const total = texts.length - call.cached;
      this.#o.onProgress?.({ status: 'batch', done: call.computed, total, cached: call.cached, etaSeconds: etaSeconds(call.computed, total, performance.now() - call.tStart) });
    }
  }


  /** Where the workers' time went (tokenizing, the model, pooling) since the model loaded: for benchmarks. */
  async workerTimings(): Promise<EmbedTimings & { tokenizedAside: boolean }> {
    const model = await this.worker.call((api) => api.stats());
    const tokenizer = await this.#tokenizer;
    if (!tokenizer) return { ...model, tokenizedAside: false };
    const aside = await tokenizer.api.stats();
    return { ...model, tokenizeMs: model.tokenizeMs + aside.tokenizeMs, tokenizedAside: true };
  }

  /** One batch through the model worker's pipeline against ORT's bare session.run on its tokens (embed worker's bareRunTimes): for benchmarks. */
  async bareRunTimes(texts: readonly string[], repeats?: number): Promise<{ pipelineMs: number; sessionMs: number }> {
    return this.worker.call((api) => api.bareRunTimes([...texts], repeats));
  }

  override dispose(): void {
    super.dispose();
    void this.#tokenizer?.then((t) => {
      t?.api[Comlink.releaseProxy]();
      t?.worker.terminate();
    });
    this.#tokenizer = undefined;
    this.#channel = undefined;
  }
}

/** Whether an array is a view of a SharedArrayBuffer (the embed worker can write into it). */
export function isShared(a: Float32Array): boolean {
  return typeof SharedArrayBuffer !== 'undefined' && a.buffer instanceof SharedArrayBuffer;
}

/** Text i's vector: copied into the call's `into` when it has one (and marked there), else kept as given. */
function place(call: CallState, i: number, v: Float32Array): void {
  const into = call.into;
  if (!into) {
    call.vectors[i] = v;
    return;
  }
  const dims = v.length;
  if (into.length !== call.texts.length * dims) throw new RangeError(`the output has ${into.length} floats, ${call.texts.length} texts × ${dims} dimensions need ${call.texts.length * dims}`);
  into.set(v, i * dims);
  call.filled![i] = 1;
}

/** Whether text i's vector is known. */
function has(call: CallState, i: number): boolean {
  return call.filled ? call.filled[i] === 1 : call.vectors[i] !== undefined;
}

/** A batch the tokenizer worker is sending to the model worker of `generation`. */
interface TokenizedBatch {
  readonly id: number;
  readonly sent: Promise<void>;
  readonly generation: number;
}
