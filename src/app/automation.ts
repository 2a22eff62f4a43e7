/**
 * `window.fairground`: a small scripting API for audits driven from the
 * browser console or a test (beside the data-testid hooks of DESIGN.md).
 * Everything it does runs locally, through the same code as the views.
 */
import { probeDevice } from '../models/deviceProbe.ts';
import type { Device, Dtype } from '../core/models/device.ts';
import { EmbeddingRunner, type TextRole, type VectorCache } from '../models/embeddingRunner.ts';
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
}

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
    /** Embeds texts; returns plain arrays so the result survives structured cloning. */
    async embed(req: EmbedRequest) {
      const probe = await probeDevice();
      const cache = req.useCache ? await (deps.cache ?? pageCache)() : undefined;
      const events: string[] = [];
      const t0 = performance.now();
      let readyAt: number | undefined;
      const batchEnds: number[] = [];
      const runner = new EmbeddingRunner({
        entry: req.entry,
        source: req.source,
        probe,
        override: { device: req.device, dtype: req.dtype, threads: req.threads },
        batchSize: req.batchSize,
        cache,
        simulateDeviceLossAfterBatch: req.simulateDeviceLossAfterBatch,
        onProgress: (p) => {
          events.push(p.status);
          if (p.status === 'ready') readyAt = performance.now();
          if (p.status === 'batch' && p.done > 0) batchEnds.push(performance.now() - (readyAt ?? t0));
        },
      });
      try {
        const r = await runner.embed(req.texts, req.role ?? 'document');
        const tEnd = performance.now();
        const timings = r.computed > 0 ? await runner.workerTimings() : undefined;
        return {
          vectors: r.vectors.map((v) => Array.from(v)),
          dims: r.dims,
          device: r.device,
          dtype: r.dtype,
          computed: r.computed,
          cached: r.cached,
          fallbacks: r.fallbacks,
          ms: r.ms,
          /** Time to the model's `ready` (undefined when every text came from the cache) and after it. */
          loadMs: readyAt === undefined ? undefined : readyAt - t0,
          embedMs: tEnd - (readyAt ?? t0),
          /** When each batch finished, in ms after `ready`: per-batch timings for benchmarks. */
          batchEnds,
          /** Inside the worker: tokenizing, the model and pooling, summed over the batches. */
          timings,
          events,
        };
      } finally {
        runner.dispose();
      }
    },
  };
  (window as unknown as { fairground: typeof api }).fairground = api;
}
