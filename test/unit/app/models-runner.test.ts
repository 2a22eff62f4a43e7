/**
 * The embedding runner as the Models view uses it ("Try it"), with an
 * in-process worker: a Comlink endpoint on a MessageChannel, one per worker
 * the runner starts, each with its own "loaded" state like the real worker.
 */
import { MessageChannel } from 'node:worker_threads';
import * as Comlink from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmbeddingRunner, TOKENIZE_ASIDE_FROM, TOKENIZE_ASIDE_MIN_CORES } from '../../../src/models/embeddingRunner.ts';
import { findModel } from '../../../src/models/registry.ts';
import type { EmbeddingModelEntry } from '../../../src/core/models/modelSpec.ts';

const glove = findModel('fairground-glove-100d') as EmbeddingModelEntry;

/** Workers whose first load fails (as a download cut off mid-way does); later ones load. */
function flakyWorkers() {
  const loads: boolean[] = [];
  const create = () => {
    let loaded = false;
    const api = {
      async load() {
        const ok = loads.length > 0;
        loads.push(ok);
        if (!ok) throw new Error('network error');
        loaded = true;
        return { dims: 2 };
      },
      async embed(texts: string[]) {
        if (!loaded) throw new Error('no model loaded: call load() first');
        return new Float32Array(texts.length * 2).fill(0.5);
      },
      ...deviceless,
    };
    return inProcessWorker(api);
  };
  return { loads, create };
}

/** What a fake embed worker without a device answers beside its own methods. */
const deviceless = {
  async loseDevice() {
    return false;
  },
  async dispose() {},
};

/** A fake worker: `api` exposed with Comlink on one end of a MessageChannel, the other end as the Worker. */
function inProcessWorker(api: object): Worker {
  const { port1, port2 } = new MessageChannel();
  Comlink.expose(api, port2 as unknown as Comlink.Endpoint);
  return Object.assign(port1, { terminate: () => port1.close() }) as unknown as Worker;
}

afterEach(() => vi.unstubAllGlobals());

describe('EmbeddingRunner after a failed load', () => {
  it('loads again in a fresh worker on the next call instead of using the unloaded one', async () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 2 });
    const workers = flakyWorkers();
    const runner = new EmbeddingRunner({ entry: glove, source: { kind: 'bundled', id: glove.id }, probe: { kind: 'wasm', reason: 'test' }, createWorker: workers.create });
    await expect(runner.embed(['a'], 'document')).rejects.toThrow(/network error/);
    const r = await runner.embed(['a', 'b'], 'document');
    expect(workers.loads).toEqual([false, true]);
    expect(r.vectors.map((v) => Array.from(v))).toEqual([[0.5, 0.5], [0.5, 0.5]]);
    expect(r.computed).toBe(2);
    runner.dispose();
  });
});

/**
 * Fake embed workers that "embed" a text as [its length, its first char code]: a model worker
 * (load, embed, embedTokens, receiveTokensFrom, embedTokensFrom) and a tokenizer worker
 * (loadTokenizer, tokenize, sendTokensTo, tokenizeTo), the tokens passing between them on
 * their own MessageChannel as in workers/embed.worker.ts, with a log of every call in the
 * order the workers saw them.
 */
function fakePair(options: { tokenizerFails?: boolean } = {}) {
  const log: string[] = [];
  const endpoint = (api: object) => {
    const { port1, port2 } = new MessageChannel();
    Comlink.expose(api, port2 as unknown as Comlink.Endpoint);
    return Object.assign(port1, { terminate: () => port1.close() }) as unknown as Worker;
  };
  const vector = (t: string) => [t.length, t.charCodeAt(0)];
  type Batch = Record<string, { data: BigInt64Array; dims: number[] }>;
  const model = () => {
    const arrived = new Map<number, Batch>();
    const awaited = new Map<number, (b: Batch) => void>();
    const embedTokens = async (batch: Batch) => {
      const texts = [...batch.input_ids.data].map((c) => String.fromCharCode(Number(c)));
      log.push(`embedTokens ${texts.join(',')}`);
      await new Promise((r) => setTimeout(r, 5)); // the model is slow: the next batch is tokenized meanwhile
      log.push(`embedTokens ${texts.join(',')} done`);
      return new Float32Array(texts.flatMap((t) => [Number(batch.attention_mask.data[texts.indexOf(t)]), t.charCodeAt(0)]));
    };
    return endpoint({
      receiveTokensFrom(port: MessagePort) {
        port.onmessage = (e: MessageEvent<{ id: number; batch: Batch }>) => {
          const resolve = awaited.get(e.data.id);
          if (resolve) resolve(e.data.batch);
          else arrived.set(e.data.id, e.data.batch);
        };
      },
      async embedTokensFrom(id: number) {
        const batch = arrived.get(id) ?? (await new Promise<Batch>((r) => awaited.set(id, r)));
        return embedTokens(batch);
      },
      async load() {
        return { dims: 2 };
      },
      async embed(texts: string[]) {
        log.push(`embed ${texts.join(',')}`);
        return new Float32Array(texts.flatMap(vector));
      },
      embedTokens,
      async loseDevice() {
        return false;
      },
    });
  };
  const tokenizer = () => {
    let out: MessagePort | undefined;
    return endpoint({
      async loadTokenizer() {
        if (options.tokenizerFails) throw new Error('tokenizer.json: 404');
      },
      sendTokensTo(port: MessagePort) {
        out = port;
      },
      async tokenizeTo(id: number, texts: string[]) {
        log.push(`tokenize ${texts.join(',')}`);
        // One "token" per text (its first char) and, as its mask, the text's length.
        const batch: Batch = {
          input_ids: { data: BigInt64Array.from(texts.map((t) => BigInt(t.charCodeAt(0)))), dims: [texts.length, 1] },
          attention_mask: { data: BigInt64Array.from(texts.map((t) => BigInt(t.length))), dims: [texts.length, 1] },
        };
        out!.postMessage({ id, batch }, [batch.input_ids.data.buffer, batch.attention_mask.data.buffer]);
      },
    });
  };
  return { log, model, tokenizer };
}

describe('EmbeddingRunner with a tokenizer worker', () => {
  const texts = ['alpha', 'be', 'gamma', 'de', 'epsilon'];
  const expected = texts.map((t) => [t.length, t.charCodeAt(0)]);

  it('tokenizes batch k + 1 in the tokenizer worker while the model runs batch k, with the same vectors', async () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 2 });
    const w = fakePair();
    const runner = new EmbeddingRunner({
      entry: glove, source: { kind: 'bundled', id: glove.id }, probe: { kind: 'wasm', reason: 'test' }, batchSize: 2,
      createWorker: w.model, createTokenizerWorker: w.tokenizer, tokenizeAsideFrom: 0,
    });
    const r = await runner.embed(texts, 'document');
    expect(r.vectors.map((v) => Array.from(v))).toEqual(expected);
    expect(r.computed).toBe(5);
    // The model took the batches in order, each tokenized by the tokenizer worker…
    expect(w.log.filter((l) => l.startsWith('embedTokens') && !l.endsWith('done'))).toEqual(['embedTokens a,b', 'embedTokens g,d', 'embedTokens e']);
    expect(w.log.filter((l) => l.startsWith('tokenize'))).toEqual(['tokenize alpha,be', 'tokenize gamma,de', 'tokenize epsilon']);
    // …and batch k + 1 was tokenized while the model ran batch k.
    const at = (l: string) => w.log.indexOf(l);
    expect(at('tokenize gamma,de')).toBeLessThan(at('embedTokens a,b done'));
    expect(at('tokenize epsilon')).toBeLessThan(at('embedTokens g,d done'));
    expect(w.log.some((l) => l.startsWith('embed '))).toBe(false);
    runner.dispose();
  });

  it('tokenizes in the model worker when the tokenizer worker cannot load, with the same vectors', async () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 2 });
    const w = fakePair({ tokenizerFails: true });
    const runner = new EmbeddingRunner({
      entry: glove, source: { kind: 'bundled', id: glove.id }, probe: { kind: 'wasm', reason: 'test' }, batchSize: 2,
      createWorker: w.model, createTokenizerWorker: w.tokenizer, tokenizeAsideFrom: 0,
    });
    const r = await runner.embed(texts, 'document');
    expect(r.vectors.map((v) => Array.from(v))).toEqual(expected);
    expect(w.log).toEqual(['embed alpha,be', 'embed gamma,de', 'embed epsilon']);
    runner.dispose();
  });
});

describe('EmbeddingRunner tokenizes aside only for calls large enough', () => {
  it('embeds a call under tokenizeAsideFrom in the model worker, never starting the tokenizer worker, and a larger one aside', async () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 2 });
    let started = 0;
    const w = fakePair();
    const runner = new EmbeddingRunner({
      entry: glove, source: { kind: 'bundled', id: glove.id }, probe: { kind: 'wasm', reason: 'test' }, batchSize: 2,
      createWorker: w.model, createTokenizerWorker: () => (started++, w.tokenizer()), tokenizeAsideFrom: 4,
    });
    await runner.load();
    const small = await runner.embed(['alpha', 'be', 'gamma'], 'document');
    expect(small.vectors.map((v) => Array.from(v))).toEqual([[5, 97], [2, 98], [5, 103]]);
    expect(started).toBe(0);
    expect(w.log).toEqual(['embed alpha,be', 'embed gamma']);
    const large = await runner.embed(['de', 'epsilon', 'zeta', 'eta'], 'document');
    expect(large.vectors.map((v) => Array.from(v))).toEqual([[2, 100], [7, 101], [4, 122], [3, 101]]);
    expect(started).toBe(1);
    expect(w.log.filter((l) => l.startsWith('tokenize'))).toEqual(['tokenize de,epsilon', 'tokenize zeta,eta']);
    runner.dispose();
  });

  it("decides by the call's size, not by the part of CACHE_SAMPLE texts a cached call runs in", async () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 2 });
    const { CACHE_SAMPLE } = await import('../../../src/core/models/cachePolicy.ts');
    let started = 0;
    const w = fakePair();
    const cache = { getMany: async (keys: readonly string[]) => keys.map(() => undefined), putMany: async () => undefined };
    // Two parts of at most CACHE_SAMPLE texts, each under the threshold; the call over it.
    const texts = Array.from({ length: CACHE_SAMPLE + 10 }, (_, i) => `t${i}`);
    const runner = new EmbeddingRunner({
      entry: glove, source: { kind: 'bundled', id: glove.id }, probe: { kind: 'wasm', reason: 'test' }, batchSize: 256, cache,
      createWorker: w.model, createTokenizerWorker: () => (started++, w.tokenizer()), tokenizeAsideFrom: CACHE_SAMPLE + 5,
    });
    const r = await runner.embed(texts, 'document');
    expect(r.computed).toBe(texts.length);
    expect(started).toBe(1);
    expect(w.log.some((l) => l.startsWith('embed '))).toBe(false);
    expect(w.log.filter((l) => l.startsWith('tokenize'))).toHaveLength(Math.ceil(CACHE_SAMPLE / 256) + 1);
    runner.dispose();
  });

  it('has a default of TOKENIZE_ASIDE_FROM texts', () => {
    expect(TOKENIZE_ASIDE_FROM).toBe(10_000);
    expect(TOKENIZE_ASIDE_MIN_CORES).toBe(3);
  });

  it('by default tokenizes a call of TOKENIZE_ASIDE_FROM texts aside on TOKENIZE_ASIDE_MIN_CORES cores, in the model worker on fewer', async () => {
    const texts = Array.from({ length: TOKENIZE_ASIDE_FROM }, (_, i) => `t${i}`);
    for (const cores of [TOKENIZE_ASIDE_MIN_CORES - 1, TOKENIZE_ASIDE_MIN_CORES]) {
      vi.stubGlobal('navigator', { hardwareConcurrency: cores });
      let started = 0;
      const w = fakePair();
      const runner = new EmbeddingRunner({
        entry: glove, source: { kind: 'bundled', id: glove.id }, probe: { kind: 'wasm', reason: 'test' }, batchSize: 1000,
        createWorker: w.model, createTokenizerWorker: () => (started++, w.tokenizer()),
      });
      const small = await runner.embed(texts.slice(1), 'document');
      expect(small.computed).toBe(TOKENIZE_ASIDE_FROM - 1);
      expect(started).toBe(0);
      await runner.embed(texts, 'document');
      expect(started).toBe(cores >= TOKENIZE_ASIDE_MIN_CORES ? 1 : 0);
      runner.dispose();
    }
  });
});

describe('EmbeddingRunner and the embedding cache', () => {
  it('looks vectors up and stores them under embeddingKey(spec, text), the key EmbeddingCache documents', async () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 2 });
    const { embeddingKey } = await import('../../../src/storage/embeddingCache.ts');
    const asked: string[] = [];
    const stored: string[] = [];
    const cache = {
      async getMany(keys: readonly string[]) {
        asked.push(...keys);
        return keys.map(() => undefined);
      },
      async putMany(entries: readonly { key: string }[]) {
        stored.push(...entries.map((e) => e.key));
      },
    };
    const workers = flakyWorkers();
    const runner = new EmbeddingRunner({ entry: glove, source: { kind: 'bundled', id: glove.id }, probe: { kind: 'wasm', reason: 'test' }, createWorker: workers.create, cache });
    await expect(runner.embed(['x'], 'query')).rejects.toThrow(/network error/);
    asked.length = 0;
    await runner.embed(['a', 'b'], 'query');
    const spec = { modelId: glove.id, revision: glove.revision, dtype: runner.dtype, pooling: glove.pooling, prefix: glove.queryPrefix };
    const expected = [await embeddingKey(spec, 'a'), await embeddingKey(spec, 'b')];
    expect(asked).toEqual(expected);
    expect(stored).toEqual(expected);
    runner.dispose();
  });
  it('writes behind the batches, every vector stored before embed() returns; a failed write fails the call', async () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 2 });
    const stored: string[][] = [];
    let fail = false;
    const cache = {
      getMany: async (keys: readonly string[]) => keys.map(() => undefined),
      async putMany(entries: readonly { key: string }[]) {
        await new Promise((r) => setTimeout(r, 20));
        if (fail) throw new Error('QuotaExceededError: the disk is full');
        stored.push(entries.map((e) => e.key));
      },
    };
    const workers = flakyWorkers();
    const runner = new EmbeddingRunner({ entry: glove, source: { kind: 'bundled', id: glove.id }, probe: { kind: 'wasm', reason: 'test' }, createWorker: workers.create, cache, batchSize: 1 });
    await expect(runner.embed(['x'], 'query')).rejects.toThrow(/network error/);
    const r = await runner.embed(['a', 'b', 'c'], 'document');
    expect(r.vectors).toHaveLength(3);
    expect(stored).toHaveLength(1); // one transaction for the call's three vectors (CACHE_WRITE_CHUNK a transaction), done before embed() returned
    expect(stored[0]).toHaveLength(3);
    expect(r.cache).toEqual({ lookedUp: 3, written: 3, why: undefined });
    fail = true;
    // A new runner: this one has measured that storing costs more than its model (20 ms a write) and would store nothing more.
    const fresh = new EmbeddingRunner({ entry: glove, source: { kind: 'bundled', id: glove.id }, probe: { kind: 'wasm', reason: 'test' }, createWorker: workers.create, cache, batchSize: 1 });
    await expect(fresh.embed(['d', 'e'], 'document')).rejects.toThrow(/disk is full/);
    runner.dispose();
    fresh.dispose();
  });
});

/** A worker whose model takes `msPerBatch` a batch ([index of the text's first char, 1] per text). */
function timedWorkers(msPerBatch: number) {
  return () => {
    const api = {
      async load() {
        return { dims: 2 };
      },
      async embed(texts: string[]) {
        if (msPerBatch > 0) await new Promise((r) => setTimeout(r, msPerBatch));
        return Float32Array.from(texts.flatMap((t) => [Number(t.slice(1)), 1]));
      },
      async dispose() {},
    };
    const { port1, port2 } = new MessageChannel();
    Comlink.expose(api, port2 as unknown as Comlink.Endpoint);
    return Object.assign(port1, { terminate: () => port1.close() }) as unknown as Worker;
  };
}

describe('EmbeddingRunner uses the cache where it pays (core/models/cachePolicy.ts)', () => {
  const texts = Array.from({ length: 3000 }, (_, i) => `t${i}`);
  const expected = texts.map((_, i) => [i, 1]);
  it('a model faster than the cache: after the first CACHE_FIRST_SAMPLE (256) texts, no more look-ups or writes; the vectors are the model\'s', async () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 2 });
    let written = 0;
    const cache = {
      async getMany(keys: readonly string[]) {
        await new Promise((r) => setTimeout(r, 300)); // ~0.3 ms a text: more than the model, even on a loaded machine
        return keys.map(() => undefined);
      },
      async putMany(entries: readonly unknown[]) {
        await new Promise((r) => setTimeout(r, 10));
        written += entries.length;
      },
    };
    const runner = new EmbeddingRunner({ entry: glove, source: { kind: 'bundled', id: glove.id }, probe: { kind: 'wasm', reason: 'test' }, createWorker: timedWorkers(1), createTokenizerWorker: null, cache });
    const r = await runner.embed(texts, 'document');
    expect(r.vectors.map((v) => Array.from(v))).toEqual(expected);
    expect(r.computed).toBe(3000);
    expect(r.cache.lookedUp).toBe(256);
    // The second part is decided before the first part's write is measured: a look-up dearer than the model says no write can pay.
    expect(written).toBe(256);
    expect(r.cache.written).toBe(written);
    expect(r.cache.why).toMatch(/^cache not looked up: 0% hits.*; not stored/);
    runner.dispose();
  });
  it("a later call of the same runner starts from the costs measured so far: a model faster than the cache skips it from the call's first text", async () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 2 });
    let lookedUp = 0;
    let written = 0;
    const cache = {
      async getMany(keys: readonly string[]) {
        await new Promise((r) => setTimeout(r, 300));
        lookedUp += keys.length;
        return keys.map(() => undefined);
      },
      async putMany(entries: readonly unknown[]) {
        await new Promise((r) => setTimeout(r, 10));
        written += entries.length;
      },
    };
    const runner = new EmbeddingRunner({ entry: glove, source: { kind: 'bundled', id: glove.id }, probe: { kind: 'wasm', reason: 'test' }, createWorker: timedWorkers(1), createTokenizerWorker: null, cache });
    const first = await runner.embed(texts, 'document');
    expect(first.cache.lookedUp).toBe(256);
    const [lookedUpBefore, writtenBefore] = [lookedUp, written];
    // The queries after the corpus: a look-up costs more than the model even if every one hit.
    const queries = texts.slice(0, 500);
    const second = await runner.embed(queries, 'query');
    expect(second.vectors.map((v) => Array.from(v))).toEqual(expected.slice(0, 500));
    expect(second.computed).toBe(500);
    expect(second.cache).toMatchObject({ lookedUp: 0, written: 0 });
    expect([lookedUp, written]).toEqual([lookedUpBefore, writtenBefore]);
    expect(second.cache.why).toMatch(/^cache not looked up: 100% hits.*; not stored/);
    runner.dispose();
  });
  it('a model slower than the cache: every vector is stored (look-ups stop once none hit)', async () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 2 });
    let written = 0;
    const cache = {
      getMany: async (keys: readonly string[]) => keys.map(() => undefined),
      async putMany(entries: readonly unknown[]) {
        written += entries.length;
      },
    };
    // 400 ms a batch of 128 (3.1 ms a text): slower than hashing and storing a text even with the whole suite running on a
    // busy 2-core machine. The look-up's cost is the wall time of hashing the sample's 256 keys at once: at 0.6 ms a text
    // (40 ms a batch of 64) a CI run measured it above the model and stopped the writes; at 0.16 ms, a busy machine did.
    // 1,400 texts: the sample of 256, then parts of 1,024 and 120, each decided on the costs measured so far.
    const some = texts.slice(0, 1400);
    const runner = new EmbeddingRunner({ entry: glove, source: { kind: 'bundled', id: glove.id }, probe: { kind: 'wasm', reason: 'test' }, createWorker: timedWorkers(400), createTokenizerWorker: null, cache, batchSize: 128 });
    const r = await runner.embed(some, 'document');
    expect(r.vectors.map((v) => Array.from(v))).toEqual(expected.slice(0, 1400));
    expect(written).toBe(1400);
    expect(r.cache).toMatchObject({ lookedUp: 256, written: 1400 });
    expect(r.cache.why).toMatch(/^cache not looked up/);
    expect(r.cache.why).not.toMatch(/not stored/);
    runner.dispose();
  });
});

describe('EmbeddingRunner writing into one array', () => {
  it('writes row i of `into` for text i, cache hits included, and returns no vector of its own (the rows are the vectors); a wrong size is refused', async () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 2 });
    const texts = Array.from({ length: 70 }, (_, i) => `t${i}`);
    const cache = {
      getMany: async (keys: readonly string[]) => keys.map((_, i) => (i % 10 === 0 ? Float32Array.of(-i, -1) : undefined)),
      putMany: async () => undefined,
    };
    const runner = new EmbeddingRunner({ entry: glove, source: { kind: 'bundled', id: glove.id }, probe: { kind: 'wasm', reason: 'test' }, createWorker: timedWorkers(0), createTokenizerWorker: null, cache, batchSize: 16 });
    const into = new Float32Array(70 * 2);
    const r = await runner.embed(texts, 'document', undefined, into);
    const expected = texts.map((_, i) => (i % 10 === 0 ? [-i, -1] : [i, 1]));
    expect(Array.from({ length: 70 }, (_, i) => Array.from(into.subarray(2 * i, 2 * i + 2)))).toEqual(expected);
    expect(r.vectors).toEqual([]);
    expect(r.dims).toBe(2);
    expect(r.cached).toBe(7);
    await expect(runner.embed(['a', 'b'], 'document', undefined, new Float32Array(3))).rejects.toThrow(RangeError);
    runner.dispose();
  });
});

describe('EmbeddingRunner when its worker dies mid-batch', () => {
  it('fails the batch in flight at once, naming the batch, instead of waiting for ever', async () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 2 });
    let port: (EventTarget & { close(): void }) | undefined;
    let batches = 0;
    const create = () => {
      const api = {
        async load() {
          return { dims: 2 };
        },
        embed(texts: string[]) {
          batches++;
          // The second batch never answers: the worker crashes (an 'error' event on the Worker) instead.
          if (batches === 2) return new Promise<Float32Array>(() => setTimeout(() => port!.dispatchEvent(new Event('error')), 10));
          return Promise.resolve(new Float32Array(texts.length * 2).fill(1));
        },
        async loseDevice() {
          return false;
        },
      };
      const { port1, port2 } = new MessageChannel();
      Comlink.expose(api, port2 as unknown as Comlink.Endpoint);
      port = port1 as unknown as EventTarget & { close(): void };
      return Object.assign(port1, { terminate: () => port1.close() }) as unknown as Worker;
    };
    const runner = new EmbeddingRunner({ entry: glove, source: { kind: 'bundled', id: glove.id }, probe: { kind: 'wasm', reason: 'test' }, createWorker: create, batchSize: 1 });
    await expect(runner.embed(['a', 'b', 'c'], 'document')).rejects.toThrow(/^batch 2 of 3: the model worker stopped: /);
    runner.dispose();
  });
});

describe('EmbeddingRunner.embed into a shared array', () => {
  it('has the worker write each batch into a SharedArrayBuffer view (no batch comes back), the same vectors as an ordinary array gets', async () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 2 });
    const calls: string[] = [];
    const vector = (t: string) => [t.length, t.charCodeAt(0)];
    const create = () => {
      const api = {
        async load() {
          return { dims: 2 };
        },
        async embed(texts: string[]) {
          calls.push(`embed ${texts.length}`);
          return Float32Array.from(texts.flatMap(vector));
        },
        async embedInto(texts: string[], target: { rows: Float32Array; at: Int32Array }) {
          calls.push(`embedInto ${texts.length}`);
          texts.forEach((t, j) => target.rows.set(vector(t), target.at[j] * 2));
          return 2;
        },
        ...deviceless,
      };
      return inProcessWorker(api);
    };
    const texts = Array.from({ length: 70 }, (_, i) => `text ${'x'.repeat(i % 9)}${i}`);
    const runner = new EmbeddingRunner({ entry: glove, source: { kind: 'bundled', id: glove.id }, probe: { kind: 'wasm', reason: 'test' }, createWorker: create, batchSize: 32 });
    const plain = new Float32Array(texts.length * 2);
    await runner.embed(texts, 'document', undefined, plain);
    const shared = new Float32Array(new SharedArrayBuffer(texts.length * 8));
    const r = await runner.embed(texts, 'document', undefined, shared);
    expect(Array.from(shared)).toEqual(Array.from(plain));
    expect(r.computed).toBe(texts.length);
    expect(calls).toEqual(['embed 32', 'embed 32', 'embed 6', 'embedInto 32', 'embedInto 32', 'embedInto 6']);
    runner.dispose();
  });
});
