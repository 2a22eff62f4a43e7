/**
 * Issues the writes of one readwrite transaction and waits for them and for
 * the commit. If issuing a write throws at once (a DataCloneError, a
 * QuotaExceededError from some engines), the transaction is aborted, the
 * requests already made are silenced (they reject with AbortError) and the
 * first error is rethrown, so no partial batch commits and no rejection
 * goes unhandled.
 */
export async function writeAll(
  tx: { readonly done: Promise<void>; abort(): void },
  issue: (push: (request: Promise<unknown>) => void) => void,
): Promise<void> {
  const pending: Promise<unknown>[] = [tx.done];
  try {
    issue((request) => pending.push(request));
    await Promise.all(pending);
  } catch (e) {
    for (const p of pending) p.catch(() => undefined);
    try {
      tx.abort();
    } catch {
      // already committed or aborted
    }
    throw e;
  }
}
