/**
 * The one cache key of an embedding (DESIGN.md, "Storage"): what decides
 * the vector besides the text, and the SHA-256 of the text. The embedding
 * runner makes keys with it and the IndexedDB cache stores under them.
 */
import { sha256Hex } from './sha256.ts';

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
