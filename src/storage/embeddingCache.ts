import { sha256Hex } from '../core/sha256.ts';
import type { FairgroundDb } from './db.ts';
import { writeAll } from './writeAll.ts';

/** What, besides the text, decides an embedding vector. */
export interface EmbeddingSpec {
  readonly modelId: string;
  readonly revision: string;
  readonly dtype: string;
  readonly pooling: string;
  /** The query or document prefix the model adds ("" when none). */
  readonly prefix: string;
}

/** SHA-256 of UTF-8 text as hex: crypto.subtle where available (secure contexts), else the TS hasher. */
export async function textSha256(text: string): Promise<string> {
  const bytes = new TextEncoder().encode(text);
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return sha256Hex(bytes);
  const digest = new Uint8Array(await subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The cache key of a text's embedding:
 * `modelId|revision|dtype|pooling|prefix|sha256(text)`, each field
 * URI-encoded so a `|` inside one cannot make two specs collide.
 * @example await embeddingKey({modelId:'m',revision:'r',dtype:'q8',pooling:'mean',prefix:'query: '}, 'hi')
 *   // 'm|r|q8|mean|query%3A%20|8f434346…'
 */
export async function embeddingKey(spec: EmbeddingSpec, text: string): Promise<string> {
  const fields = [spec.modelId, spec.revision, spec.dtype, spec.pooling, spec.prefix].map(encodeURIComponent);
  return `${fields.join('|')}|${await textSha256(text)}`;
}

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
