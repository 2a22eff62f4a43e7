/**
 * `window.fairground`: a small scripting API for audits driven from the
 * browser console or a test (beside the data-testid hooks of DESIGN.md).
 * Everything it does runs locally, through the same code as the views.
 */
import { probeDevice } from '../models/deviceProbe.ts';
import type { Device, Dtype } from '../models/device.ts';
import { EmbeddingRunner, type TextRole, type VectorCache } from '../models/embeddingRunner.ts';
import type { EmbeddingModelEntry } from '../models/modelSpec.ts';
import type { ModelSource } from '../models/modelSource.ts';

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
}

export interface AutomationDeps {
  /** The embedding cache (IndexedDB), when storage is available. */
  cache?: () => Promise<VectorCache>;
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
      const cache = req.useCache && deps.cache ? await deps.cache() : undefined;
      const events: string[] = [];
      const runner = new EmbeddingRunner({
        entry: req.entry,
        source: req.source,
        probe,
        override: { device: req.device, dtype: req.dtype },
        batchSize: req.batchSize,
        cache,
        simulateDeviceLossAfterBatch: req.simulateDeviceLossAfterBatch,
        onProgress: (p) => events.push(p.status),
      });
      try {
        const r = await runner.embed(req.texts, req.role ?? 'document');
        return {
          vectors: r.vectors.map((v) => Array.from(v)),
          dims: r.dims,
          device: r.device,
          dtype: r.dtype,
          computed: r.computed,
          cached: r.cached,
          fallbacks: r.fallbacks,
          ms: r.ms,
          events,
        };
      } finally {
        runner.dispose();
      }
    },
  };
  (window as unknown as { fairground: typeof api }).fairground = api;
}
