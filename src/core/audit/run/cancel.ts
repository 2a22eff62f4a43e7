/**
 * Cancellation of a run: every port observes one AbortSignal, and a run that
 * sees it aborted stops with a CancelledError (not a failure).
 */

/** Thrown when a run's signal aborts; callers record the run as cancelled, not failed. */
export class CancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledError';
  }
}

/**
 * @throws {CancelledError} when `signal` has aborted.
 * @example throwIfCancelled(controller.signal)
 */
export function throwIfCancelled(signal?: AbortSignal): void {
  if (signal?.aborted) throw new CancelledError();
}

/** A model of a run failed; the message names it, then what went wrong (e.g. the batch). */
export class ModelRunError extends Error {
  constructor(
    readonly modelKey: string,
    readonly modelLabel: string,
    cause: unknown,
  ) {
    super(`${modelLabel}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'ModelRunError';
  }
}

/**
 * Runs one model's part of a run, naming the model in any failure (a
 * cancellation and the audit's own input errors pass through as they are).
 */
export async function asModel<T>(key: string, label: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof CancelledError || (e instanceof Error && e.name === 'AuditInputError') || e instanceof ModelRunError) throw e;
    throw new ModelRunError(key, label, e);
  }
}
