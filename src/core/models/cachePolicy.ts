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
 * So a call takes its texts `CACHE_SAMPLE` at a time. The first part always
 * looks up and writes; before each later part the costs measured so far
 * decide:
 *
 * - look up while `h · m > l`: a hit (rate h) saves the model's m ms a text,
 *   and every look-up costs l ms, hit or miss;
 * - write while `w < m − l`: a write costs w ms now and saves at most m − l
 *   on the next call that needs the vector (one reuse assumed, the least
 *   that makes a write worth anything).
 *
 * A cost not measured (no text computed, nothing written) leaves the cache on.
 * The vectors are the model's either way; only where they come from changes.
 */

/** Texts of a call between two decisions; the first part is measured with the cache fully on. */
export const CACHE_SAMPLE = 1024;

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
  const write = m === undefined || w === undefined || w < m - (l ?? 0);
  const why: string[] = [];
  if (!lookup) why.push(`not looked up: ${Math.round(100 * h!)}% hits × ${ms(m!)} of model a text saves less than the ${ms(l!)} a look-up costs`);
  if (!write) why.push(`not stored: storing a vector costs ${ms(w!)}, more than the ${ms(Math.max(0, m! - (l ?? 0)))} a later look-up could save`);
  return { lookup, write, why: why.length > 0 ? `cache ${why.join('; ')}` : undefined };
}
