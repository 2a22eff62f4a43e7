/** The most import workers one import starts, whatever the number of cores (each holds a database connection and a part in flight). */
export const MAX_IMPORT_WORKERS = 8;

/**
 * How many workers import the parts of one import: one per part, at most one per logical core
 * (`navigator.hardwareConcurrency`) and MAX_IMPORT_WORKERS; `forced` (an option, for a
 * comparison) replaces the core count. Never under 1; a missing or odd count counts as 1.
 *
 * @example importPoolSize(4, 2) // 2
 * @example importPoolSize(4, 16, 1) // 1
 */
export function importPoolSize(parts: number, hardwareConcurrency: number | undefined, forced?: number): number {
  const cores = forced ?? hardwareConcurrency;
  const usable = Number.isFinite(cores) && cores! >= 1 ? Math.floor(cores!) : 1;
  return Math.max(1, Math.min(parts, usable, MAX_IMPORT_WORKERS));
}

/** A part under this share of the largest part's bytes is light: it ends long before the others. */
export const LIGHT_PART_SHARE = 1 / 8;

/**
 * Whether each import worker should read, hash and gunzip in a second thread (an inflate worker
 * of its own): when the parts that carry the weight of the import — those of at least
 * LIGHT_PART_SHARE of the largest — are fewer than the cores, so that cores would stand idle
 * (one large corpus part beside small queries, say). Sizes of 0 (unknown) count as heavy.
 *
 * @example inflateApart([100e6, 1e6], 2) // true: one heavy part, two cores
 * @example inflateApart([25e6, 25e6, 25e6, 25e6], 2) // false
 */
export function inflateApart(partBytes: readonly number[], cores: number | undefined): boolean {
  if (cores === undefined || !Number.isFinite(cores)) return false;
  const largest = Math.max(0, ...partBytes);
  const heavy = partBytes.filter((b) => b === 0 || b >= LIGHT_PART_SHARE * largest).length;
  return Math.min(heavy, MAX_IMPORT_WORKERS) < Math.floor(cores);
}

/**
 * Runs `work` over `items` with `runners.length` of them at a time, each runner taking the next
 * item in order as it finishes one. The first failure aborts the others (through the signal
 * `work` is given) and is thrown once every item running has stopped; an abort of `signal`
 * stops them the same way and throws its reason. Nothing is running when it returns or throws.
 */
export async function runPool<R, T>(
  runners: readonly R[],
  items: readonly T[],
  work: (runner: R, item: T, signal: AbortSignal) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const inner = new AbortController();
  const stop = () => inner.abort(signal?.reason);
  signal?.addEventListener('abort', stop, { once: true });
  let failure: { error: unknown } | undefined;
  let next = 0;
  try {
    signal?.throwIfAborted();
    await Promise.all(
      runners.slice(0, Math.max(1, Math.min(runners.length, items.length))).map(async (runner) => {
        while (next < items.length && !inner.signal.aborted) {
          const item = items[next++];
          try {
            await work(runner, item, inner.signal);
          } catch (e) {
            // The failures that follow the first are the others stopping: the first one is reported.
            if (!failure && !signal?.aborted) {
              failure = { error: e };
              inner.abort(e);
            }
          }
        }
      }),
    );
  } finally {
    signal?.removeEventListener('abort', stop);
  }
  if (signal?.aborted) throw signal.reason;
  if (failure) throw failure.error;
}
