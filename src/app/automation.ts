/**
 * `window.fairground`: a small scripting API for audits driven from the
 * browser console or a test (beside the data-testid hooks of DESIGN.md).
 * Everything it does runs locally, through the same code as the views.
 *
 * It is installed with the first page, before any view has loaded; each
 * method imports what it needs when called (so `window.fairground` exists as
 * soon as the shell has mounted, and the first page stays light).
 */
import { probeDevice } from '../models/deviceProbe.ts';
import type { Device, Dtype } from '../core/models/device.ts';
import type { EmbeddingRunner as EmbeddingRunnerType, TextRole, VectorCache } from '../models/embeddingRunner.ts';
import type { ModelProgress } from '../core/models/loadProgress.ts';
import type { EmbeddingModelEntry } from '../core/models/modelSpec.ts';
import type { ModelSource } from '../core/models/modelSource.ts';

export interface EmbedRequest {
  readonly entry: EmbeddingModelEntry;
  readonly source: ModelSource;
  readonly texts: readonly string[];
  readonly role?: TextRole;
  readonly device?: Device;
  readonly dtype?: Dtype;
  readonly batchSize?: number;
  readonly simulateDeviceLossAfterBatch?: number;
  readonly useCache?: boolean;
  /** WASM threads (capped by the cores; 1 without cross-origin isolation). */
  readonly threads?: number;
  /** After embedding, time one batch of this many texts through the pipeline and through ORT's bare session.run. */
  readonly bareRunBatch?: number;
  /** false: leave the vectors out of the answer (a benchmark of many texts needs only the timings). */
  readonly returnVectors?: boolean;
  /**
   * true: keep the model loaded after the call for the next call with the same model and settings
   * (a script that embeds a corpus, its queries and its twins in three calls loads the model once).
   */
  readonly keepLoaded?: boolean;
  /** Tokenize in a second worker from this many texts (the runner's default: TOKENIZE_ASIDE_FROM; 0: always). */
  readonly tokenizeAsideFrom?: number;
}

/** Runners kept loaded between `embed` calls (`keepLoaded`), by model and settings; where each sends its events. */
const keptRunners = new Map<string, { runner: EmbeddingRunnerType; target: { onProgress?: (p: ModelProgress) => void } }>();

export interface AutomationDeps {
  /** The embedding cache (IndexedDB), when storage is available. */
  cache?: () => Promise<VectorCache>;
}

/** The page's IndexedDB embedding cache (the one the views use), opened on first use. */
async function pageCache(): Promise<VectorCache> {
  const [{ database }, { EmbeddingCache }] = await Promise.all([import('./state/database.ts'), import('../storage/embeddingCache.ts')]);
  return new EmbeddingCache(await database());
}

export function installAutomation(deps: AutomationDeps = {}): void {
  const api = {
    probe: probeDevice,
    /** The stored results object of a run (as JSON: undefined metrics are null). */
    async results(runId: string) {
      const { runsState } = await import('./state/runs.svelte.ts');
      return JSON.parse(JSON.stringify((await runsState.results(runId)) ?? null));
    },
    /**
     * Runs a retrieval audit of a stored dataset with the demo's models (GloVe, BM25, TF-IDF; `only`
     * keeps some of 'glove', 'bm25', 'tfidf') through
     * the same path as the Run view, and says when each model entered each status (ms after the
     * start, sampled every 50 ms): what the scale benchmark times per stage.
     */
    async runDemoModels(datasetId: string, task: string, options: { readonly bootstrap?: number; readonly k?: number; readonly only?: readonly string[] } = {}) {
      const [{ runsState }, { demoModels }] = await Promise.all([import('./state/runs.svelte.ts'), import('./runs/demo.ts')]);
      const t0 = performance.now();
      const stages: Record<string, Record<string, number>> = {};
      const timer = setInterval(() => {
        for (const [key, p] of Object.entries(runsState.active?.progress ?? {})) (stages[key] ??= {})[p.status] ??= performance.now() - t0;
      }, 50);
      try {
        const models = demoModels().filter((m) => !options.only || options.only.includes(m.kind === 'embedding' ? 'glove' : m.kind));
        const runId = await runsState.start({ kind: 'retrieval-fairness', datasetId, tasks: [task], models, k: options.k ?? 10, bootstrap: options.bootstrap ?? 1000, seed: 0 });
        return { runId, ms: performance.now() - t0, stages, error: runsState.error };
      } finally {
        clearInterval(timer);
      }
    },
    /**
     * Dense scoring on the CPU against WebGPU in the compute worker (core/audit/retrieval/denseCheck.ts), on the
     * given vectors (flat, row-major; `twinOf[t]` the corpus row twin t replaces) or on seeded
     * synthetic ones; undefined where the worker has no WebGPU adapter.
     */
    async checkDenseScoring(input: { dim: number; queries: number[]; corpus: number[]; twins: number[]; twinOf: number[] } | { dim: number; nQueries: number; nCorpus: number; nTwins: number; seed: number }) {
      const { computeWorker } = await import('./runs/computeClient.ts');
      let vectors: { queries: Float32Array; corpus: Float32Array; twins: Float32Array };
      let twinOf: Int32Array;
      if ('seed' in input) {
        const { createRng } = await import('../core/stats/rng.ts');
        const rng = createRng(input.seed);
        // Vectors near a few shared directions, as an embedding model's: scores crowd, ties are close.
        const centres = Array.from({ length: 8 }, () => Float32Array.from({ length: input.dim }, () => rng.next() - 0.5));
        const draw = (n: number) => {
          const m = new Float32Array(n * input.dim);
          for (let r = 0; r < n; r++) {
            const c = centres[rng.int(centres.length)];
            for (let i = 0; i < input.dim; i++) m[r * input.dim + i] = c[i] + 0.3 * (rng.next() - 0.5);
          }
          return m;
        };
        twinOf = Int32Array.from({ length: input.nTwins }, (_, t) => Math.floor((t * input.nCorpus) / input.nTwins));
        const corpus = draw(input.nCorpus);
        const twins = new Float32Array(input.nTwins * input.dim);
        // A twin: its original with a small change (a swapped word moves a static embedding a little).
        twinOf.forEach((r, t) => {
          for (let i = 0; i < input.dim; i++) twins[t * input.dim + i] = corpus[r * input.dim + i] + 0.02 * (rng.next() - 0.5);
        });
        vectors = { queries: draw(input.nQueries), corpus, twins };
      } else {
        vectors = { queries: Float32Array.from(input.queries), corpus: Float32Array.from(input.corpus), twins: Float32Array.from(input.twins) };
        twinOf = Int32Array.from(input.twinOf);
      }
      return computeWorker().checkDenseScoring(vectors, input.dim, twinOf);
    },
    /** Embeds texts; returns plain arrays so the result survives structured cloning. */
    async embed(req: EmbedRequest) {
      const [probe, { EmbeddingRunner }] = await Promise.all([probeDevice(), import('../models/embeddingRunner.ts')]);
      const cache = req.useCache ? await (deps.cache ?? pageCache)() : undefined;
      const events: string[] = [];
      const t0 = performance.now();
      let readyAt: number | undefined;
      const batchEnds: number[] = [];
      const onProgress = (p: ModelProgress) => {
        events.push(p.status);
        if (p.status === 'ready') readyAt = performance.now();
        if (p.status === 'batch' && p.done > 0) batchEnds.push(performance.now() - (readyAt ?? t0));
      };
      const key = req.keepLoaded ? JSON.stringify([req.entry.id, req.source.kind === 'folder' ? ['folder', req.source.id] : req.source, req.device, req.dtype, req.threads, req.batchSize, req.useCache, req.simulateDeviceLossAfterBatch, req.tokenizeAsideFrom]) : undefined;
      const kept = key === undefined ? undefined : keptRunners.get(key);
      const target: { onProgress?: (p: ModelProgress) => void } = kept?.target ?? {};
      target.onProgress = onProgress;
      const runner =
        kept?.runner ??
        new EmbeddingRunner({
          entry: req.entry,
          source: req.source,
          probe,
          override: { device: req.device, dtype: req.dtype, threads: req.threads },
          batchSize: req.batchSize,
          cache,
          simulateDeviceLossAfterBatch: req.simulateDeviceLossAfterBatch,
          tokenizeAsideFrom: req.tokenizeAsideFrom,
          onProgress: (p) => target.onProgress?.(p),
        });
      if (key !== undefined) keptRunners.set(key, { runner, target });
      try {
        const r = await runner.embed(req.texts, req.role ?? 'document');
        const tEnd = performance.now();
        const timings = r.computed > 0 ? await runner.workerTimings() : undefined;
        // One batch of the texts again: the pipeline against ORT's bare session.run on the same tokens.
        const bare = req.bareRunBatch && runner.engine !== 'lookup' ? await runner.bareRunTimes(req.texts.slice(0, req.bareRunBatch)) : undefined;
        return {
          vectors: req.returnVectors === false ? [] : r.vectors.map((v) => Array.from(v)),
          dims: r.dims,
          device: r.device,
          dtype: r.dtype,
          engine: r.engine,
          computed: r.computed,
          cached: r.cached,
          fallbacks: r.fallbacks,
          ms: r.ms,
          phases: r.phases,
          cache: r.cache,
          /** Time to the model's `ready` (undefined when every text came from the cache) and after it. */
          loadMs: readyAt === undefined ? undefined : readyAt - t0,
          embedMs: tEnd - (readyAt ?? t0),
          /** When each batch finished, in ms after `ready`: per-batch timings for benchmarks. */
          batchEnds,
          /** Inside the worker: tokenizing, the model and pooling, summed over the batches. */
          timings,
          bare,
          events,
        };
      } finally {
        if (key === undefined) runner.dispose();
      }
    },
  };
  (window as unknown as { fairground: typeof api }).fairground = api;
}
