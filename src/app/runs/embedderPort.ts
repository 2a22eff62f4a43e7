/**
 * An embedding model of a browser run as core's TextEmbedder port: an
 * EmbeddingRunner (its worker, the WebGPU → WASM fallback, the embedding
 * cache) whose events become the run's progress.
 */
import type { LoadReport, TextEmbedder } from '../../core/audit/run/index.ts';
import type { Device, DeviceProbe, Dtype } from '../../core/models/device.ts';
import type { ModelProgress } from '../../core/models/loadProgress.ts';
import type { EmbeddingModelEntry } from '../../core/models/modelSpec.ts';
import type { ModelSource } from '../../core/models/modelSource.ts';
import { EmbeddingRunner, type VectorCache } from '../../models/embeddingRunner.ts';
import { explainHubFailure } from '../../core/hub/hubUnreachable.ts';
import { takeWarmEmbedder } from './warmEmbedders.ts';

export interface EmbedderPortOptions {
  readonly entry: EmbeddingModelEntry;
  readonly source: ModelSource;
  readonly probe: DeviceProbe;
  readonly override?: { device?: Device; dtype?: Dtype };
  readonly cache?: VectorCache;
}

/** The options every model runner of a run starts with: the model, the probe, the run's device and dtype. */
export function runnerOptions<E>(m: { readonly entry: E; readonly source: ModelSource }, probe: DeviceProbe, config: { readonly device?: Device; readonly dtype?: Dtype }) {
  return { entry: m.entry, source: m.source, probe, override: { device: config.device, dtype: config.dtype } };
}

/** A model's load failure as the user reads it: a Hub that gave no response says so, which host, and what to do (core/hub/hubUnreachable.ts). */
export function explainLoadFailure(e: unknown, source: ModelSource): unknown {
  return source.kind === 'hub' ? explainHubFailure(e, source, 'browser') : e;
}

/** Load progress as the run shows it: bytes downloaded, or the device fallback's reason. */
export function loadReportOf(report: LoadReport): (p: ModelProgress) => void {
  return (p) => {
    if (p.status === 'progress') report({ message: `downloading ${Math.round(p.percent)}%`, done: p.loaded, total: p.total });
    if (p.status === 'fallback') report({ message: `falling back to WASM: ${p.reason}`, done: 0, total: 0 });
  };
}

function flat(vectors: readonly Float32Array[], dim: number): Float32Array {
  const out = new Float32Array(vectors.length * dim);
  vectors.forEach((v, i) => out.set(v, i * dim));
  return out;
}

/**
 * One array for all of a call's vectors: a view of a SharedArrayBuffer where the page is
 * cross-origin isolated, so the embed worker writes each batch's rows in place and no batch's
 * buffer comes back through the page (models/embeddingRunner.ts); else an ordinary array.
 */
function vectorArray(length: number): Float32Array {
  return globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer !== 'undefined' ? new Float32Array(new SharedArrayBuffer(length * 4)) : new Float32Array(length);
}

/** Loads the model and returns it as a TextEmbedder (vectors row-major, texts done reported per batch). */
export async function openEmbedder(o: EmbedderPortOptions, report: LoadReport): Promise<TextEmbedder & { readonly runner: EmbeddingRunner }> {
  let onDone: ((done: number) => void) | undefined;
  const loading = loadReportOf(report);
  const onProgress = (p: ModelProgress) => {
    loading(p);
    if (p.status === 'batch') onDone?.(p.cached + p.done);
  };
  // A runner a view started loading ahead of this run (warmEmbedders.ts) is taken as it stands.
  const warm = takeWarmEmbedder(o);
  warm?.follow(onProgress);
  let runner = warm?.runner;
  if (warm) {
    try {
      await warm.loaded;
    } catch {
      warm.runner.dispose();
      runner = undefined;
    }
  }
  if (!runner) {
    runner = new EmbeddingRunner({ entry: o.entry, source: o.source, probe: o.probe, override: o.override, cache: o.cache, onProgress });
    try {
      await runner.load();
    } catch (e) {
      runner.dispose();
      throw explainLoadFailure(e, o.source);
    }
  }
  const loaded = runner;
  return {
    runner: loaded,
    get device() {
      return loaded.device;
    },
    get dtype() {
      return loaded.dtype;
    },
    async embed(texts, role, signal, done) {
      onDone = done;
      try {
        // One array for all the vectors, written batch by batch (no array per text, no copy after).
        const dims = loaded.dims;
        const into = dims === undefined ? undefined : vectorArray(texts.length * dims);
        const r = await loaded.embed(texts, role, signal, into);
        return { vectors: into ?? flat(r.vectors, r.dims), dims: r.dims, computed: r.computed, cached: r.cached };
      } finally {
        onDone = undefined;
      }
    },
    dispose: () => loaded.dispose(),
  };
}
