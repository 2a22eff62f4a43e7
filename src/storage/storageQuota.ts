import { ImportError } from './importError.ts';

/** The parts of `navigator.storage` the importer uses; both optional (absent in Node). */
export interface StorageLike {
  estimate?(): Promise<{ usage?: number; quota?: number }>;
  persist?(): Promise<boolean>;
}

/**
 * Bytes stored per byte of shard file: gzip'd JSON Lines text inflates about
 * 4–5×, and IndexedDB adds keys, indexes and structured-clone overhead.
 * Rough on purpose: the check is to fail early, not to be exact.
 */
export const EXPANSION = Object.freeze({ gzip: 6, plain: 2 });

/** Estimated bytes an import will take in IndexedDB. */
export function estimateStoredBytes(files: readonly { path: string; bytes: number }[]): number {
  return files.reduce((sum, f) => sum + f.bytes * (f.path.endsWith('.gz') ? EXPANSION.gzip : EXPANSION.plain), 0);
}

/** `navigator.storage` when this runtime has one. */
export function defaultStorage(): StorageLike | undefined {
  return (globalThis as { navigator?: { storage?: StorageLike } }).navigator?.storage;
}

const MB = 1024 * 1024;

/**
 * Fails before anything is written when the estimated need exceeds the free
 * quota, then asks for persistent storage (so the browser does not evict
 * the datasets under pressure). Does nothing where the API is missing.
 * @throws {ImportError} code `space`: "not enough storage: needs ~X MB, Y MB free".
 */
export async function prepareStorage(neededBytes: number, storage: StorageLike | undefined): Promise<void> {
  if (storage?.estimate) {
    const { usage = 0, quota } = await storage.estimate();
    if (quota !== undefined) {
      const free = Math.max(0, quota - usage);
      if (neededBytes > free) {
        throw new ImportError('space', `not enough storage: needs ~${Math.ceil(neededBytes / MB)} MB, ${Math.floor(free / MB)} MB free`);
      }
    }
  }
  if (storage?.persist) await storage.persist().catch(() => false);
}
