/**
 * The ports of a run: what an audit needs from the world, injected by the
 * adapter that runs it (the browser's IndexedDB and workers, or Node's
 * files and onnxruntime-node). Core never reads a file, opens a database or
 * starts a worker itself.
 */
import type { TextRole } from '../../models/modelSpec.ts';
import type { ProgressPort } from './progress.ts';

/** Where a run happens, recorded in its results. */
export interface RunEnvironment {
  readonly runtime: 'browser' | 'node';
  readonly userAgent?: string;
}

/**
 * What every run observes and reports, whatever its kind. `Finished` is what
 * a finished model leaves behind (retrieval: its results per subset;
 * screening: its scores), so a resumed run skips it.
 */
export interface RunHooks<Finished> {
  readonly signal?: AbortSignal;
  readonly onProgress?: ProgressPort;
  /** A model finished: what it left behind (stored so a reload need not run it again). */
  readonly onModelDone?: (modelKey: string, finished: Finished) => void | Promise<void>;
  /** What models finished before left behind (a resumed run); they are not run again. */
  readonly finished?: Readonly<Record<string, Finished>>;
}


/** Vectors of texts in input order, row-major. */
export interface EmbeddedTexts {
  /** texts.length × dims values. */
  readonly vectors: Float32Array;
  readonly dims: number;
  /** Texts the model computed, and texts served from the cache. */
  readonly computed: number;
  readonly cached: number;
}

/**
 * An embedding model, loaded: the browser's EmbeddingRunner (through the
 * embedding cache) or Node's embedder. `onDone` reports texts finished so
 * far within one call (cached ones included).
 */
export interface TextEmbedder {
  /** The device and dtype that ran the last call (after any fallback). */
  readonly device: string;
  readonly dtype: string;
  embed(texts: readonly string[], role: TextRole, signal?: AbortSignal, onDone?: (done: number) => void): Promise<EmbeddedTexts>;
  dispose(): void | Promise<void>;
}

/** What a model reports while it loads (download progress, a device fallback). */
export type LoadReport = (progress: { readonly message: string; readonly done: number; readonly total: number }) => void;
