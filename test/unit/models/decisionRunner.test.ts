/**
 * DecisionRunner with an injected worker: a comlink endpoint over a Node
 * MessageChannel exposing a fake decide API (the real worker needs a
 * browser; the lead's e2e runs it). The fake scores a pair as
 * (length of the CV text) / 100 and can fail to start, or lose the device
 * after a number of calls, on WebGPU.
 */
import { describe, expect, it, vi } from 'vitest';
import * as Comlink from 'comlink';
import { CancelledError, DecisionRunner, type DecisionProgress } from '../../../src/models/decisionRunner.ts';
import type { DecisionLoadSpec, DecisionPair } from '../../../src/models/decisionSpec.ts';
import type { DecisionModelEntry } from '../../../src/core/models/modelSpec.ts';
import type { DeviceProbe } from '../../../src/core/models/device.ts';
import { CalibratedSimilarity, type Embedder } from '../../../src/core/models/calibratedSimilarity.ts';
import { fitLogistic } from '../../../src/core/stats/logistic.ts';

const ENTRY: DecisionModelEntry = {
  kind: 'decision',
  id: 'fake/cross',
  label: 'fake',
  revision: 'main',
  paramsM: 1,
  sizeMb: { fp32: 1, q8: 1 },
  languages: ['en'],
  license: 'MIT',
  source: 'hub',
  decision: 'cross-encoder',
  maxLength: 128,
};
const GPU: DeviceProbe = { kind: 'webgpu', vendor: 'x', architecture: 'y', description: '', shaderF16: false };

interface FakeOptions {
  failStartOn?: 'webgpu';
  /** On WebGPU, the call with this 1-based number throws (device lost). */
  failCallOnGpu?: number;
  /** The call with this 1-based number never returns (a pair stuck on a slow adapter). */
  hangOnCall?: number;
}

function fakeWorkers(options: FakeOptions) {
  const started: { device: string; calls: string[][] }[] = [];
  const create = () => {
    const { port1, port2 } = new MessageChannel();
    const state = { device: '', calls: [] as string[][] };
    started.push(state);
    let gpuCalls = 0;
    let allCalls = 0;
    Comlink.expose(
      {
        async load(spec: DecisionLoadSpec, onFile?: (p: unknown) => void) {
          state.device = spec.device;
          if (options.failStartOn === spec.device) throw new Error('no adapter');
          await onFile?.({ file: 'onnx/model.onnx', status: 'progress', loaded: 50, total: 100 });
          return { labels: ['LABEL_0'] };
        },
        async score(pairs: DecisionPair[]) {
          if (state.device === 'webgpu' && ++gpuCalls === options.failCallOnGpu) throw new Error('device lost');
          if (++allCalls === options.hangOnCall) return new Promise(() => undefined);
          state.calls.push(pairs.map((p) => p.cv));
          return { probabilities: Float32Array.from(pairs, (p) => p.cv.length / 100), ms: 2 };
        },
        async loseDevice() {
          return true;
        },
        async dispose() {},
      },
      port2,
    );
    return Object.assign(port1, {
      terminate() {
        port1.close();
        port2.close();
      },
    }) as unknown as Worker;
  };
  return { create, started };
}

const PAIRS: DecisionPair[] = Array.from({ length: 7 }, (_, i) => ({ job: 'job', cv: 'x'.repeat(10 * (i + 1)) }));

describe('DecisionRunner', () => {
  it('score(pairs) batches, returns 100 × p in input order, one latency per call, and reports batches with an ETA', async () => {
    const { create } = fakeWorkers({});
    const progress: DecisionProgress[] = [];
    const runner = new DecisionRunner({ entry: ENTRY, source: { kind: 'bundled', id: 'x' }, probe: GPU, batchSize: 3, createWorker: create, onProgress: (p) => progress.push(p) });
    const r = await runner.score(PAIRS);
    expect(Array.from(r.scores, (s) => Math.round(s * 1e4) / 1e4)).toEqual([10, 20, 30, 40, 50, 60, 70]); // float32 probabilities
    expect(r.callsMs).toEqual([2, 2, 2]);
    expect(r.callPairs).toEqual([3, 3, 1]); // batches of 3 over 7 pairs
    expect(r.device).toBe('webgpu');
    expect(r.dtype).toBe('fp32');
    const batches = progress.filter((p) => p.status === 'batch').map((p) => (p.status === 'batch' ? p.done : -1));
    expect(batches).toEqual([0, 3, 6, 7]);
    expect(progress.some((p) => p.status === 'ready')).toBe(true);
    const percents = progress.flatMap((p) => (p.status === 'progress' ? [p.percent] : []));
    expect(percents.at(-1)).toBe(100);
    runner.dispose();
  });

  it('a failed WebGPU start falls back to a fresh WASM worker and records it', async () => {
    const { create, started } = fakeWorkers({ failStartOn: 'webgpu' });
    const runner = new DecisionRunner({ entry: ENTRY, source: { kind: 'bundled', id: 'x' }, probe: GPU, batchSize: 4, createWorker: create });
    const r = await runner.score(PAIRS);
    expect(started.map((s) => s.device)).toEqual(['webgpu', 'wasm']);
    expect(r.device).toBe('wasm');
    expect(r.dtype).toBe('fp32'); // the dtype is kept
    expect(r.fallbacks[0]).toMatch(/WebGPU start failed: no adapter/);
    runner.dispose();
  });

  it('a batch failing mid-run on WebGPU resumes at that batch on a fresh WASM worker; finished batches are kept', async () => {
    const { create, started } = fakeWorkers({ failCallOnGpu: 2 });
    const runner = new DecisionRunner({ entry: ENTRY, source: { kind: 'bundled', id: 'x' }, probe: GPU, batchSize: 3, createWorker: create });
    const r = await runner.score(PAIRS);
    expect(Array.from(r.scores, (s) => Math.round(s * 1e4) / 1e4)).toEqual([10, 20, 30, 40, 50, 60, 70]); // float32 probabilities
    expect(started[0].calls).toHaveLength(1); // batch 1 on WebGPU
    expect(started[1].device).toBe('wasm');
    expect(started[1].calls.map((c) => c.length)).toEqual([3, 1]); // batches 2 and 3, not batch 1 again
    expect(r.device).toBe('wasm');
    expect(r.fallbacks[0]).toMatch(/batch failed on WebGPU: device lost/);
    runner.dispose();
  });

  it('scoreRuns(pairs, 3) scores every pair 3 times and announces each run', async () => {
    const { create } = fakeWorkers({});
    const runs: number[] = [];
    const runner = new DecisionRunner({
      entry: ENTRY,
      source: { kind: 'bundled', id: 'x' },
      probe: { kind: 'wasm', reason: 'no adapter' },
      batchSize: 5,
      createWorker: create,
      onProgress: (p) => p.status === 'run' && runs.push(p.run),
    });
    const r = await runner.scoreRuns(PAIRS, 3);
    expect(r.runs).toHaveLength(3);
    expect(runs).toEqual([1, 2, 3]);
    expect(r.callsMs).toHaveLength(6);
    expect(r.device).toBe('wasm');
    runner.dispose();
  });

  it('an aborted signal stops the run with CancelledError before the next batch', async () => {
    const { create, started } = fakeWorkers({});
    const controller = new AbortController();
    const runner = new DecisionRunner({
      entry: ENTRY,
      source: { kind: 'bundled', id: 'x' },
      probe: GPU,
      batchSize: 2,
      createWorker: create,
      onProgress: (p) => p.status === 'batch' && p.done === 2 && controller.abort(),
    });
    await expect(runner.score(PAIRS, controller.signal)).rejects.toBeInstanceOf(CancelledError);
    expect(started[0].calls).toHaveLength(1);
    runner.dispose();
  });

  it('a cancel does not wait for the call in flight: the run stops at once, and dispose stops the worker', async () => {
    const { create, started } = fakeWorkers({ hangOnCall: 2 });
    const controller = new AbortController();
    const runner = new DecisionRunner({ entry: ENTRY, source: { kind: 'bundled', id: 'x' }, probe: GPU, batchSize: 2, createWorker: create });
    const run = runner.score(PAIRS, controller.signal);
    await vi.waitFor(() => expect(started[0]?.calls).toHaveLength(1)); // the second call is in flight, and never returns
    controller.abort();
    await expect(run).rejects.toBeInstanceOf(CancelledError);
    runner.dispose();
  });

  it('refuses a calibrated-similarity entry (it runs on an embedding model)', () => {
    expect(() => new DecisionRunner({ entry: { ...ENTRY, decision: 'calibrated-similarity' }, source: { kind: 'bundled', id: 'x' }, probe: GPU })).toThrow(/CalibratedSimilarity/);
  });
});

describe('CalibratedSimilarity', () => {
  /** A fake embedder: text "v:a,b" embeds as the 2-vector [a, b]. */
  const embedder: Embedder & { calls: number } = {
    calls: 0,
    async embed(texts) {
      this.calls++;
      return { vectors: texts.map((t) => Float32Array.from(t.slice(2).split(',').map(Number))), device: 'wasm', dtype: 'q8', ms: 3, fallbacks: [] };
    },
  };
  const job = 'v:1,0';
  // cosines with [1, 0]: cv [c, √(1−c²)] has cosine c
  const cv = (c: number) => `v:${c},${Math.sqrt(1 - c * c)}`;
  const tune = [
    { job, cv: cv(0.2), label: 0 as const },
    { job, cv: cv(0.4), label: 0 as const },
    { job, cv: cv(0.5), label: 1 as const },
    { job, cv: cv(0.6), label: 0 as const },
    { job, cv: cv(0.7), label: 1 as const },
    { job, cv: cv(0.9), label: 1 as const },
  ];

  it('fit(tune) is the logistic fit of (cosine, label); score = 100 σ(a·cos + b); one pass whatever runs asks', async () => {
    const model = new CalibratedSimilarity(embedder);
    const fit = (await model.fit(tune))!;
    const expected = fitLogistic(
      tune.map((_, i) => [0.2, 0.4, 0.5, 0.6, 0.7, 0.9][i]),
      tune.map((p) => p.label),
    );
    expect(fit.a).toBeCloseTo(expected.a, 4);
    expect(fit.b).toBeCloseTo(expected.b, 4);
    const r = await model.scoreRuns([{ job, cv: cv(0.8) }], 7);
    expect(r.runs).toHaveLength(1);
    expect(r.runs[0][0]).toBeCloseTo(100 / (1 + Math.exp(-(fit.a * 0.8 + fit.b))), 4);
    expect(r.callsMs).toEqual([6]); // the jobs' and the CVs' embedding passes (3 ms each): one amortised call
    expect(r.callPairs).toEqual([1]);
    expect(r.device).toBe('wasm');
    expect(r.dtype).toBe('q8');
  });

  it('fit([]) (a dataset without labels) leaves it uncalibrated: score = 50·(1 + cos)', async () => {
    const model = new CalibratedSimilarity(embedder);
    expect(await model.fit([])).toBeUndefined();
    expect(model.calibrated).toBe(false);
    const r = await model.score([{ job, cv: cv(0.8) }, { job, cv: cv(0.2) }]);
    expect(r.scores[0]).toBeCloseTo(90, 4);
    expect(r.scores[1]).toBeCloseTo(60, 4);
  });

  it('score() before fit() throws', async () => {
    await expect(new CalibratedSimilarity(embedder).score([{ job, cv: cv(0.5) }])).rejects.toThrow(/fit/);
  });
});
