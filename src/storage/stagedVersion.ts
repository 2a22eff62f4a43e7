/**
 * The life of a staged import: the new version of a dataset is written under its own store key,
 * described by a `staging` row, while the stored version (its `datasets` row and rows) stays
 * readable and untouched. Only when every part is done does one transaction make it the stored
 * version and delete the old one's rows ("promote"). A failure only marks the staging row.
 *
 * Every write of an import first checks, in its own transaction, that the staging row still
 * names its store key: a dataset deleted meanwhile (here, in another tab, or by "Delete all
 * local data") stops the import at its next write, and nothing of it is left behind.
 */
import type { FairgroundDb } from './db.ts';
import { ImportError } from './importError.ts';
import { prefixRange } from './keyRanges.ts';
import type { DatasetEntry } from './schema.ts';
import { storeKeyOf } from './storeKeys.ts';
import { writeAll } from './writeAll.ts';

/** The version an import writes: its dataset id and the store key its rows go under. */
export interface StagedTarget {
  readonly datasetId: string;
  readonly storeKey: string;
}

/** The one call of the `staging` store that the checks need (any transaction's store). */
interface StagingReader {
  get(id: string): Promise<DatasetEntry | undefined>;
}

/** The deletes of the stores that hold a version's rows (any readwrite transaction over them). */
interface RowStores {
  objectStore(name: 'chunks' | 'chunkIds' | 'shardState'): { delete(key: IDBKeyRange): Promise<void> };
}

const DELETED = 'the dataset was deleted while it was being imported (in this tab or another): import it again if you still want it';

/** What is stored under a dataset id: the ready version readers use, and the staged import. */
export async function storedVersions(db: FairgroundDb, datasetId: string): Promise<{ current?: DatasetEntry; staged?: DatasetEntry }> {
  const tx = db.transaction(['datasets', 'staging'], 'readonly');
  const [current, staged] = await Promise.all([tx.objectStore('datasets').get(datasetId), tx.objectStore('staging').get(datasetId), tx.done]);
  // A `datasets` row is ready by construction since v3; the check keeps an odd row unreadable.
  return { current: current?.status.state === 'ready' ? current : undefined, staged };
}

/** Issues the deletes of every row stored under `storeKey` and returns their promises. */
export function deleteRowsOf(tx: RowStores, storeKey: string): Promise<void>[] {
  return (['chunks', 'chunkIds', 'shardState'] as const).map((name) => tx.objectStore(name).delete(prefixRange(storeKey)));
}

/** @throws {ImportError} code `deleted` unless the staging row of `target` still names its store key. */
export async function assertStaged(staging: StagingReader, target: StagedTarget): Promise<void> {
  const row = await staging.get(target.datasetId);
  if (!row || storeKeyOf(row) !== target.storeKey) throw new ImportError('deleted', DELETED);
}

/** Aborts a transaction whose work failed, so none of it commits, and silences its `done`. */
function abortQuietly(tx: { readonly done: Promise<void>; abort(): void }): void {
  tx.done.catch(() => undefined);
  try {
    tx.abort();
  } catch {
    // already finished
  }
}

/**
 * Issues writes in `tx` once `assertStaged` passes in that same transaction (so no delete can
 * come between the check and the writes); otherwise aborts it and rethrows.
 */
export async function writeStaged(
  tx: { readonly done: Promise<void>; abort(): void },
  staging: StagingReader,
  target: StagedTarget,
  issue: (push: (request: Promise<unknown>) => void) => void,
): Promise<void> {
  try {
    await assertStaged(staging, target);
  } catch (e) {
    abortQuietly(tx);
    throw e;
  }
  await writeAll(tx, issue);
}

/**
 * Starts or resumes staging `entry` (state `importing`) in one transaction: deletes the rows of a
 * staged version it replaces (another manifest) and the parts of its own store key that are not
 * done (an interrupted import's half-written part), then puts the staging row.
 */
export async function beginStaging(db: FairgroundDb, entry: DatasetEntry, replaced: string | undefined, donePaths: ReadonlySet<string>): Promise<void> {
  const storeKey = storeKeyOf(entry);
  const tx = db.transaction(['staging', 'chunks', 'chunkIds', 'shardState'], 'readwrite');
  const ops: Promise<unknown>[] = [];
  if (replaced !== undefined && replaced !== storeKey) ops.push(...deleteRowsOf(tx, replaced));
  const states = tx.objectStore('shardState');
  for (const s of await states.getAll(prefixRange(storeKey))) {
    if (!donePaths.has(s.path)) ops.push(states.delete([storeKey, s.path]));
  }
  // Chunk keys hold the shard name, which a state row lacks: find the parts not done from the keys.
  const parts = new Set<string>();
  for (const [, shard, path] of await tx.objectStore('chunkIds').getAllKeys(prefixRange(storeKey))) {
    if (!donePaths.has(path)) parts.add(JSON.stringify([shard, path]));
  }
  for (const part of parts) {
    const [shard, path] = JSON.parse(part) as [string, string];
    ops.push(tx.objectStore('chunks').delete(prefixRange(storeKey, shard, path)));
    ops.push(tx.objectStore('chunkIds').delete(prefixRange(storeKey, shard, path)));
  }
  ops.push(tx.objectStore('staging').put(entry));
  await Promise.all([...ops, tx.done]);
}

/** Stores `failed` (state `failed`, with its error) as the staging row, unless the dataset was deleted or restaged meanwhile. */
export async function failStaged(db: FairgroundDb, target: StagedTarget, failed: DatasetEntry): Promise<void> {
  const tx = db.transaction('staging', 'readwrite');
  const row = await tx.store.get(target.datasetId);
  if (row && storeKeyOf(row) === target.storeKey) void tx.store.put(failed);
  await tx.done;
}

/**
 * The swap, in one transaction: `ready` (the staged version, complete) becomes the `datasets`
 * row, its staging row goes, and the rows of the version it replaces are deleted. A reader's
 * transaction runs wholly before or wholly after it, so it sees one version, whole.
 * @throws {ImportError} code `deleted` when the staging row is gone (the dataset was deleted).
 */
export async function promoteStaged(db: FairgroundDb, target: StagedTarget, ready: DatasetEntry): Promise<void> {
  const tx = db.transaction(['datasets', 'staging', 'chunks', 'chunkIds', 'shardState'], 'readwrite');
  try {
    await assertStaged(tx.objectStore('staging'), target);
    const current = await tx.objectStore('datasets').get(target.datasetId);
    const ops: Promise<unknown>[] = [tx.objectStore('datasets').put(ready), tx.objectStore('staging').delete(target.datasetId)];
    if (current && storeKeyOf(current) !== target.storeKey) ops.push(...deleteRowsOf(tx, storeKeyOf(current)));
    await Promise.all([...ops, tx.done]);
  } catch (e) {
    abortQuietly(tx);
    throw e;
  }
}
