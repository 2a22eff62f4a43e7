/**
 * Imported vectors in the embedding cache (core/embeddingKey.ts): each one
 * stored under the key of its text, as a model named `vectors:<name>` at
 * the revision the user gave would have made it, so a later run of the
 * same name and revision reads them like any model's cached vectors.
 */
import { embeddingKey, type EmbeddingSpec } from '../../embeddingKey.ts';
import { AuditInputError } from '../common/index.ts';
import type { TextRole } from '../../models/modelSpec.ts';
import { idList } from './idList.ts';
import { importedVectorsRevision, type ImportedVectors, type VectorItem, type VectorTable } from './vectors.ts';

/** What the cache groups them under (`count`, `clear`): `vectors:<name>`. */
export function importedVectorsModelKey(v: Pick<ImportedVectors, 'name'>): string {
  return `vectors:${v.name}`;
}

/**
 * The embedding spec of imported vectors: model `vectors:<name>`, their revision, dtype fp32,
 * pooling `imported`, and the role as prefix (a query and a document of the same text keep apart).
 * @example importedVectorSpec({ name: 'm', revision: 'v1', files: [] }, 'query') // { modelId: 'vectors:m', revision: 'v1', dtype: 'fp32', pooling: 'imported', prefix: 'query' }
 */
export function importedVectorSpec(v: ImportedVectors, role: TextRole): EmbeddingSpec {
  return { modelId: importedVectorsModelKey(v), revision: importedVectorsRevision(v), dtype: 'fp32', pooling: 'imported', prefix: role };
}

/**
 * The cache entries of imported vectors, one per distinct text and role.
 * @throws {AuditInputError} when two ids of one text and role have different vectors (the cache keeps one per text).
 */
export async function importedVectorEntries(v: ImportedVectors, items: readonly VectorItem[], table: VectorTable): Promise<{ key: string; modelKey: string; vector: Float32Array }[]> {
  const byKey = new Map<string, { id: string; vector: Float32Array }>();
  const clashes: string[] = [];
  for (const item of items) {
    const key = await embeddingKey(importedVectorSpec(v, item.role), item.text);
    const vector = table.byId.get(item.id)!;
    const seen = byKey.get(key);
    if (seen === undefined) byKey.set(key, { id: item.id, vector });
    else if (seen.vector.some((x, i) => x !== vector[i])) clashes.push(`${seen.id}/${item.id}`);
  }
  if (clashes.length > 0) throw new AuditInputError(`ids with the same text but different vectors (a model gives one vector per text): ${idList(clashes)}`);
  const modelKey = importedVectorsModelKey(v);
  return [...byKey].map(([key, e]) => ({ key, modelKey, vector: e.vector }));
}

/**
 * The vectors of a run's items read back from the cache, by id.
 * @throws {AuditInputError} naming the first few ids whose vector the cache does not hold (import the files again).
 */
export async function cachedVectorTable(v: ImportedVectors, items: readonly VectorItem[], getMany: (keys: readonly string[]) => Promise<(Float32Array | undefined)[]>): Promise<VectorTable> {
  const keys: string[] = [];
  for (const item of items) keys.push(await embeddingKey(importedVectorSpec(v, item.role), item.text));
  const found = await getMany(keys);
  const missing = items.filter((_, i) => found[i] === undefined).map((item) => item.id);
  if (missing.length > 0) throw new AuditInputError(`the embedding cache of this browser holds no vector of “${v.name}” (${importedVectorsRevision(v)}) for ${idList(missing)}; import the vector files again`);
  const byId = new Map<string, Float32Array>();
  items.forEach((item, i) => byId.set(item.id, found[i]!));
  return { dims: found[0]?.length ?? 0, byId };
}
