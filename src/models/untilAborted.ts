/**
 * A worker call that a cancel does not wait for. The runners check their
 * signal between calls; a call in flight (one LLM pair on a slow adapter, a
 * batch of a large cross-encoder) could otherwise hold a cancel for as long
 * as it runs. Racing it against the signal lets the run stop at once; the
 * caller's `finally` then disposes the runner, which terminates the worker,
 * so the abandoned call stops too.
 */
import { CancelledError } from '../core/audit/run/index.ts';

/**
 * `work`, or a CancelledError as soon as `signal` aborts (at once when it already has).
 * The abandoned call's own outcome is observed, so its later rejection is not reported as unhandled.
 */
export function untilAborted<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return work;
  work.catch(() => undefined);
  if (signal.aborted) return Promise.reject(new CancelledError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new CancelledError());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => (signal.removeEventListener('abort', onAbort), resolve(value)),
      (error: unknown) => (signal.removeEventListener('abort', onAbort), reject(error)),
    );
  });
}
