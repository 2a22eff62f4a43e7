/**
 * Embedding models loaded ahead of the run that will use them: a view that can tell a run is
 * coming (Home's demo button under the pointer or the keyboard focus, then clicked while the
 * bundled dataset imports) starts the model's workers loading, and the run's `openEmbedder`
 * takes the loading runner instead of starting its own. Loading a model (the worker's script,
 * ONNX Runtime's WebAssembly, the model file, a session) takes seconds on a small machine: the
 * demo's GloVe about 2.5 s of its run on the 2-core test machine (BENCHMARKS.md, "demo").
 *
 * At most one runner waits per model and settings; one not taken within WARM_IDLE_MS is let go
 * (its workers end), so a hover without a click holds no memory for long.
 */
import type { ModelProgress } from '../../core/models/loadProgress.ts';
import { EmbeddingRunner, type EmbeddingRunnerOptions } from '../../models/embeddingRunner.ts';

/** What a runner is made from: embedderPort.ts's options (they are the runner's own, without its progress). */
export type WarmOptions = Pick<EmbeddingRunnerOptions, 'entry' | 'source' | 'probe' | 'override' | 'cache'>;

/** How long a loaded runner waits to be taken before its workers end. */
export const WARM_IDLE_MS = 60_000;

/** A runner loading or loaded, and where its progress goes once a run takes it. */
export interface WarmRunner {
  readonly runner: EmbeddingRunner;
  /** Settles when the load does (rejects with its error). */
  readonly loaded: Promise<void>;
  /** Where the runner's events go from now on (the run's progress). */
  follow(onProgress: (p: ModelProgress) => void): void;
}

interface Waiting extends WarmRunner {
  timer: ReturnType<typeof setTimeout>;
}

const waiting = new Map<string, Waiting>();

/** What makes two runners interchangeable: the model, its source, the device and dtype asked for. */
function warmKey(o: WarmOptions): string {
  const source = o.source.kind === 'folder' ? { kind: 'folder', id: o.source.id } : o.source;
  return JSON.stringify([o.entry.id, source, o.override?.device ?? null, o.override?.dtype ?? null]);
}

/** Starts loading the model of `o` unless a runner for it already waits. */
export function warmEmbedder(o: WarmOptions): void {
  const key = warmKey(o);
  if (waiting.has(key)) return;
  let target: ((p: ModelProgress) => void) | undefined;
  const runner = new EmbeddingRunner({ entry: o.entry, source: o.source, probe: o.probe, override: o.override, cache: o.cache, onProgress: (p) => target?.(p) });
  const loaded = runner.load();
  const entry: Waiting = {
    runner,
    loaded,
    follow: (onProgress) => (target = onProgress),
    timer: setTimeout(() => {
      if (waiting.get(key) !== entry) return;
      waiting.delete(key);
      runner.dispose();
    }, WARM_IDLE_MS),
  };
  waiting.set(key, entry);
  // A failed warm load is forgotten: the run then loads (and reports the error) itself.
  loaded.catch(() => {
    if (waiting.get(key) !== entry) return;
    clearTimeout(entry.timer);
    waiting.delete(key);
    runner.dispose();
  });
}

/** The runner loading or loaded for `o`, taken (the caller disposes it), or undefined. */
export function takeWarmEmbedder(o: WarmOptions): WarmRunner | undefined {
  const key = warmKey(o);
  const entry = waiting.get(key);
  if (!entry) return undefined;
  waiting.delete(key);
  clearTimeout(entry.timer);
  return entry;
}
