import type { Manifest } from '../core/formats/manifest.ts';
import type { FairgroundDb } from './db.ts';
import { IdHashTable } from './idTable.ts';
import { prefixRange } from './keyRanges.ts';

/**
 * Reads of the record ids an import has stored (the `chunkIds` rows), one chunk row at a time:
 * what the duplicate checks and the qrels check compare with. Realm-agnostic: the page and the
 * import workers call them on their own connection.
 */

/** Calls `see` with every id stored under a store key and shard name (or one part of it), in key order. */
export async function forEachStoredId(db: FairgroundDb, storeKey: string, shard: string, see: (id: string, path: string) => void, path?: string): Promise<void> {
  const range = path === undefined ? prefixRange(storeKey, shard) : prefixRange(storeKey, shard, path);
  let cursor = await db.transaction('chunkIds').store.openCursor(range);
  while (cursor) {
    for (const id of cursor.value.ids) see(id, cursor.value.path);
    cursor = await cursor.continue();
  }
}

/** The hashes of the record ids already stored under a shard name, for the duplicate check. */
export async function idHashesOf(db: FairgroundDb, storeKey: string, shard: string): Promise<IdHashTable> {
  const table = new IdHashTable();
  await forEachStoredId(db, storeKey, shard, (id) => table.addOrHit(id));
  return table;
}

/** The `index`-th id (0-based, in record order) stored for one part, or undefined past its end. */
export async function storedIdAt(db: FairgroundDb, storeKey: string, shard: string, path: string, index: number): Promise<string | undefined> {
  let cursor = await db.transaction('chunkIds').store.openCursor(prefixRange(storeKey, shard, path));
  let before = 0;
  while (cursor) {
    const ids = cursor.value.ids;
    if (index < before + ids.length) return ids[index - before];
    before += ids.length;
    cursor = await cursor.continue();
  }
  return undefined;
}

/** Whether `id` is stored in one of `paths` of a shard name (an exact comparison, behind a hash hit). */
export async function storedInParts(db: FairgroundDb, storeKey: string, shard: string, id: string, paths: ReadonlySet<string>): Promise<boolean> {
  let cursor = await db.transaction('chunkIds').store.openCursor(prefixRange(storeKey, shard));
  while (cursor) {
    if (paths.has(cursor.value.path) && cursor.value.ids.includes(id)) return true;
    cursor = await cursor.continue();
  }
  return false;
}

/**
 * The query and document ids a qrels shard may name: those of the retrieval
 * tasks that use it, or of every queries and corpus shard when none does.
 */
export async function knownIdsFor(db: FairgroundDb, manifest: Manifest, storeKey: string, qrels: string) {
  const tasks = manifest.tasks.filter((t) => t.type === 'retrieval' && t.qrels === qrels);
  const names = (kind: 'queries' | 'corpus') =>
    tasks.length > 0
      ? tasks.map((t) => (t as Extract<typeof t, { type: 'retrieval' }>)[kind])
      : [...new Set(manifest.shards.filter((s) => s.kind === kind).map((s) => s.name))];
  const union = async (shards: string[]) => {
    const all = new Set<string>();
    for (const s of new Set(shards)) await forEachStoredId(db, storeKey, s, (id) => all.add(id));
    return all;
  };
  return { queries: await union(names('queries')), corpus: await union(names('corpus')) };
}
