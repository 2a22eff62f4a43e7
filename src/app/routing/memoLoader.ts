/**
 * A loader that runs once: the first call starts the import, later calls get
 * the same promise, so a view preloaded on intent (a pointer over its nav link)
 * is not fetched again when the route opens. A failed import is forgotten, so
 * the next call tries again (a flaky network, a rebuilt site).
 *
 * @example
 * const load = memoLoader(() => import('./views/Models.svelte'));
 * load() === load(); // true: one import
 */
export function memoLoader<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((e: unknown) => {
      pending = undefined;
      throw e;
    });
    return pending;
  };
}
