import type { FairgroundDb } from './db.ts';
import { writeAll } from './writeAll.ts';

export { embeddingKey, textSha256, type EmbeddingSpec } from '../core/embeddingKey.ts';

/**
 * Embeddings already computed, so a re-run or another dataset with the same
 * texts skips the model. Keys come from `embeddingKey` (hash them before
 * any transaction: hashing is not an IndexedDB await).
 */
export class EmbeddingCache {
  constructor(
    private readonly db: FairgroundDb,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The vector of each key, or undefined where none is stored; same order as `keys`. */
  async getMany(keys: readonly string[]): Promise<(Float32Array | undefined)[]> {
    const tx = this.db.transaction('embeddings', 'readonly');
    const found = await Promise.all(keys.map((k) => tx.store.get(k)));
    await tx.done;
    return found.map((e) => e?.vector);
  }

  /**
   * Stores vectors in one transaction; `modelKey` (stored as `modelId`)
   * groups them for `count` and `clear`. Matches `VectorCache` of
   * src/models/embeddingRunner.ts, so the runner can use this cache as is.
   */
  async putMany(entries: readonly { readonly key: string; readonly modelKey: string; readonly vector: Float32Array }[]): Promise<void> {
    const tx = this.db.transaction('embeddings', 'readwrite');
    const createdAt = this.now();
    await writeAll(tx, (push) => {
      for (const { key, modelKey, vector } of entries) push(tx.store.put({ key, modelId: modelKey, vector, createdAt }));
    });
  }

  /** Vectors stored for a model (all revisions, dtypes and prefixes). */
  count(modelId: string): Promise<number> {
    return this.db.countFromIndex('embeddings', 'byModel', modelId);
  }

  /** Deletes every vector of a model; returns how many. */
  async clear(modelId: string): Promise<number> {
    const tx = this.db.transaction('embeddings', 'readwrite');
    const keys = await tx.store.index('byModel').getAllKeys(modelId);
    await Promise.all([...keys.map((k) => tx.store.delete(k)), tx.done]);
    return keys.length;
  }
}
