/**
 * Progress of a model run, as a typed union (transformers.js style): loading
 * reports files and bytes; embedding reports batches with an ETA.
 */
export type ModelProgress =
  | { readonly status: 'initiate'; readonly file: string }
  | { readonly status: 'download'; readonly file: string; readonly loaded: number; readonly total: number }
  | { readonly status: 'progress'; readonly loaded: number; readonly total: number; readonly percent: number }
  | { readonly status: 'ready'; readonly device: string; readonly dtype: string }
  | { readonly status: 'batch'; readonly done: number; readonly total: number; readonly cached: number; readonly etaSeconds: number | undefined; /** An LLM's tokens read and written so far in this pass. */ readonly tokens?: number }
  | { readonly status: 'fallback'; readonly from: string; readonly to: string; readonly reason: string };

/**
 * Aggregates per-file byte progress into one monotone total: the loaded
 * fraction never goes down, and `finish()` reports 100%.
 */
export class LoadProgressTracker {
  #files = new Map<string, { loaded: number; total: number }>();
  #lastPercent = 0;

  update(file: string, loaded: number, total: number): { loaded: number; total: number; percent: number } {
    const prev = this.#files.get(file);
    this.#files.set(file, { loaded: Math.max(prev?.loaded ?? 0, loaded), total: Math.max(prev?.total ?? 0, total, loaded) });
    let l = 0;
    let t = 0;
    for (const f of this.#files.values()) {
      l += f.loaded;
      t += f.total;
    }
    // A new file can grow the total and lower the ratio; the reported percentage never goes down.
    this.#lastPercent = Math.max(this.#lastPercent, t > 0 ? (100 * l) / t : 0);
    return { loaded: l, total: t, percent: this.#lastPercent };
  }

  finish(): { loaded: number; total: number; percent: number } {
    let t = 0;
    for (const f of this.#files.values()) t += f.total;
    this.#lastPercent = 100;
    return { loaded: t, total: t, percent: 100 };
  }
}

/**
 * How long and how far a task must have gone before its rate says anything: the first units carry a
 * warm-up (a model's first batch, a worker starting) and a rate read off them extrapolates wildly
 * (issue 48: "85 s left" for a run of about 5 s). Before both, no ETA is shown.
 */
export const ETA_MIN = Object.freeze({ elapsedMs: 2000, share: 0.1 });

/**
 * Seconds left at the observed rate; undefined before ETA_MIN (2 s and a tenth of the work done).
 * eta(done, total, elapsedMs) = (total − done) · elapsed / done.
 * @example etaSeconds(25, 100, 5000) // 15
 * @example etaSeconds(1, 100, 5000) // undefined: 1% done
 * @example etaSeconds(50, 100, 1000) // undefined: 1 s elapsed
 */
export function etaSeconds(done: number, total: number, elapsedMs: number): number | undefined {
  if (done <= 0 || elapsedMs <= 0 || total <= 0) return undefined;
  if (elapsedMs < ETA_MIN.elapsedMs || done / total < ETA_MIN.share) return undefined;
  return Math.max(0, ((total - done) * elapsedMs) / done / 1000);
}
