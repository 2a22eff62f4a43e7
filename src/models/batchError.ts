/**
 * A model call that failed, named by its batch: "batch 3 of 10: …", so a
 * failed run says where it stopped (finished batches are kept or cached).
 */
export class BatchError extends Error {
  constructor(
    readonly batch: number,
    readonly batches: number,
    cause: unknown,
  ) {
    super(`batch ${batch} of ${batches}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'BatchError';
  }
}

/** Runs batch `k` (0-based) of `n`, naming it in any error. */
export async function inBatch<T>(k: number, n: number, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    throw new BatchError(k + 1, n, e);
  }
}
