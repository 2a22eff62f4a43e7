/**
 * When the embedding cache pays for itself (DESIGN.md, "Storage").
 *
 * The cache saves a model's work, but IndexedDB is not free: a look-up costs
 * hashing the text and reading a record, a write costs cloning and storing one.
 * For a transformer (milliseconds a text on WASM) both are small; for a
 * static model such as the bundled GloVe (under 0.1 ms a text) storing a
 * vector costs more than computing it again — measured in Chromium here,
 * 20,000 texts took 1.8 s without the cache and 4.9 s with it (BENCHMARKS.md).
 *
 * So a runner takes its texts in parts: its first `CACHE_FIRST_SAMPLE` texts
 * always look up and write; then `CACHE_SAMPLE` at a time, and before each
 * part the costs measured so far (in this call and the runner's earlier ones)
 * decide:
 *
 * - look up while `h · m > l`: a hit (rate h) saves the model's m ms a text,
 *   and every look-up costs l ms, hit or miss;
 * - write while `w < m − l`: a write costs w ms now and saves at most m − l
 *   on the next call that needs the vector (one reuse assumed, the least
 *   that makes a write worth anything); with w not yet measured, while
 *   `m > l`.
 *
 * A cost not measured (no text computed, nothing written) leaves the cache on.
 * The vectors are the model's either way; only where they come from changes.
 */

/** Texts of a call between two decisions. */
export const CACHE_SAMPLE = 1024;
/**
 * Texts of a runner's first part, measured with the cache fully on: enough batches to time the
 * model (its first, warm-up batch left out) and the cache, few enough that a model faster than the
 * cache does not pay it long (the demo's GloVe, sampled on each of a run's four calls, spent 0.9 s of
 * the page's thread on the cache in a traced cold demo on a 2-core machine).
 */
export const CACHE_FIRST_SAMPLE = 256;

/** Milliseconds per text, as measured on the sample (undefined where not measured). */
export interface CacheCosts {
  /** Hashing the key and reading the cache, per text looked up. */
  readonly lookupMs?: number;
  /** Hits among the texts looked up, 0–1. */
  readonly hitRate?: number;
  /** The model, per text computed (its first, warm-up batch left out). */
  readonly modelMs?: number;
  /** Storing a vector, per text written. */
  readonly writeMs?: number;
}

export interface CachePlan {
  readonly lookup: boolean;
  readonly write: boolean;
  /** Why a part is off, in words for the run's log; undefined when both are on. */
  readonly why?: string;
}

const ms = (x: number) => `${x.toFixed(3)} ms`;

/** The cache's use for the rest of a call, from the costs measured on its sample. */
export function cachePlan(c: CacheCosts): CachePlan {
  const { lookupMs: l, hitRate: h, modelMs: m, writeMs: w } = c;
  const lookup = m === undefined || l === undefined || h === undefined || h * m > l;
  // A write pays only through a later look-up that saves m − l, so where that is not positive no
  // write can pay, whatever it costs: decided before the first write has been measured (writes run
  // behind the batches, so the second part is often decided while the first part's is in flight).
  const write = m === undefined || (w === undefined ? l === undefined || m > l : w < m - (l ?? 0));
  const why: string[] = [];
  if (!lookup) why.push(`not looked up: ${Math.round(100 * h!)}% hits × ${ms(m!)} of model a text saves less than the ${ms(l!)} a look-up costs`);
  if (!write) {
    why.push(
      w === undefined
        ? `not stored: a later look-up (${ms(l!)}) would cost more than the model`
        : `not stored: storing a vector costs ${ms(w)}, more than the ${ms(Math.max(0, m! - (l ?? 0)))} a later look-up could save`,
    );
  }
  return { lookup, write, why: why.length > 0 ? `cache ${why.join('; ')}` : undefined };
}
