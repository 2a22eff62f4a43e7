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
