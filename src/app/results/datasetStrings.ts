import { getDataset, readShard, type FairgroundDb } from '../../storage/index.ts';

const FIELDS = ['_id', 'id', 'twin_id', 'variant_id', 'cv_id', 'job_id', 'query_id', 'corpus_id', 'text', 'title', 'twin_text', 'name'];

/**
 * Every record id and text of a stored dataset: what must never appear in a
 * permalink. Empty when the dataset is not stored here.
 */
export async function datasetStrings(db: FairgroundDb, datasetId: string): Promise<Set<string>> {
  const out = new Set<string>();
  const entry = await getDataset(db, datasetId);
  if (!entry || entry.status.state !== 'ready') return out;
  for (const shard of new Set(entry.manifest.shards.map((s) => s.name))) {
    for (const r of await readShard(db, datasetId, shard)) {
      out.add(r.id);
      const data = r.data as unknown as Record<string, unknown>;
      for (const f of FIELDS) if (typeof data[f] === 'string') out.add(data[f] as string);
    }
  }
  return out;
}
