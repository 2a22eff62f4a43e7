/**
 * One import of a dataset id at a time, across every tab of the origin: a Web Lock
 * (`navigator.locks`) named after the id is held for the whole import. A second tab that asks
 * is told (`onWaiting`) and waits, cancellably, for the first to finish; it then finds the
 * dataset imported (same manifest) or imports its own version over it. Without this, two tabs
 * wrote the same parts at once and one marked the dataset ready while the other was still
 * rewriting its rows.
 *
 * Where there is no `navigator.locks` (Node, the unit tests, old browsers) `PageLocks` stands in:
 * the same requests and grants, within this JavaScript realm only. In a browser tab that lacks
 * the API this serialises the tab's own imports but not other tabs'.
 */

/** The part of the Web Locks API the importer uses; `navigator.locks` satisfies it. */
export interface LockRequester {
  request<T>(name: string, options: { ifAvailable?: boolean; signal?: AbortSignal }, callback: (lock: object | null) => Promise<T>): Promise<T>;
}

interface Waiter {
  readonly grant: () => void;
}

/**
 * An in-process lock manager with Web Locks' semantics for exclusive locks: requests for a name
 * are granted one at a time in the order they came; `ifAvailable` is granted `null` at once when
 * the name is held; `signal` withdraws a request that is still waiting (rejecting with its reason).
 */
export class PageLocks implements LockRequester {
  /** Per held name: the requests waiting for it, in order. */
  readonly #queues = new Map<string, Waiter[]>();

  async request<T>(name: string, options: { ifAvailable?: boolean; signal?: AbortSignal }, callback: (lock: object | null) => Promise<T>): Promise<T> {
    const { ifAvailable = false, signal } = options;
    signal?.throwIfAborted();
    const queue = this.#queues.get(name);
    if (queue) {
      if (ifAvailable) return callback(null);
      await new Promise<void>((resolve, reject) => {
        const waiter: Waiter = { grant: () => (signal?.removeEventListener('abort', onAbort), resolve()) };
        const onAbort = () => {
          queue.splice(queue.indexOf(waiter), 1);
          reject(signal!.reason);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(waiter);
      });
    } else {
      this.#queues.set(name, []);
    }
    try {
      return await callback({ name });
    } finally {
      this.#release(name);
    }
  }

  /** Hands the name to the next waiter, or frees it. */
  #release(name: string): void {
    const next = this.#queues.get(name)?.shift();
    if (next) next.grant();
    else this.#queues.delete(name);
  }
}

/** This realm's stand-in, shared by every import made here. */
const pageLocks = new PageLocks();

/** `navigator.locks` where the runtime has it, else this realm's `PageLocks`. */
export function defaultLocks(): LockRequester {
  // Typed as the DOM's LockManager, so the compiler checks that it fits LockRequester.
  const locks: LockRequester | undefined = (globalThis as { navigator?: Partial<Navigator> }).navigator?.locks;
  return locks ?? pageLocks;
}

/** The lock an import of `datasetId` holds. */
export function importLockName(datasetId: string): string {
  return `fairground.import:${datasetId}`;
}

/**
 * Runs `run` holding the import lock of `datasetId`. When another holder has it, calls
 * `onWaiting` once and waits; aborting `signal` while waiting rejects with its reason.
 */
export async function withImportLock<T>(
  locks: LockRequester,
  datasetId: string,
  options: { readonly signal?: AbortSignal; readonly onWaiting?: () => void },
  run: () => Promise<T>,
): Promise<T> {
  const name = importLockName(datasetId);
  const busy = Symbol('busy');
  const first = await locks.request<T | typeof busy>(name, { ifAvailable: true }, async (lock) => (lock ? run() : busy));
  if (first !== busy) return first;
  options.onWaiting?.();
  return locks.request(name, { signal: options.signal }, () => run());
}

/**
 * Resolves once no one holds the import lock of `datasetId` (at once when it is free): a request
 * for the lock, released as soon as it is granted. A page loaded by a reload uses it when it finds
 * the lock of an interrupted import still held — by another tab, or by this tab's previous page,
 * whose locks the browser frees a moment after the new page starts.
 */
export async function importLockFreed(locks: LockRequester, datasetId: string): Promise<void> {
  await locks.request(importLockName(datasetId), {}, async () => undefined);
}

/** The part of the Web Locks API that lists held locks (`navigator.locks.query`). */
export interface LockLister {
  query(): Promise<{ readonly held?: readonly { readonly name?: string }[] }>;
}

/**
 * The dataset ids whose import lock is held now, by any tab of the origin (this one included):
 * empty where the runtime cannot list locks.
 */
export async function heldImportLocks(locks: LockLister | undefined = browserLockLister()): Promise<Set<string>> {
  if (!locks) return new Set();
  const prefix = importLockName('');
  const { held = [] } = await locks.query();
  return new Set(held.flatMap((l) => (l.name?.startsWith(prefix) ? [l.name.slice(prefix.length)] : [])));
}

function browserLockLister(): LockLister | undefined {
  return (globalThis as { navigator?: Partial<Navigator> }).navigator?.locks;
}
