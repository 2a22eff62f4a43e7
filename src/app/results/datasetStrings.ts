import { datasetContentStrings, type DatasetRecord } from '../../core/permalink/index.ts';
import { getDataset, readShard, type FairgroundDb } from '../../storage/index.ts';

/**
 * Every string of a stored dataset that must never appear in a permalink:
 * each record's id and every string it carries (texts, ids, a `lang` the
 * manifest does not declare, meta values), less what the manifest declares
 * (datasetContentStrings). Empty when the dataset is not stored here.
 */
export async function datasetStrings(db: FairgroundDb, datasetId: string): Promise<Set<string>> {
  const entry = await getDataset(db, datasetId);
  if (!entry || entry.status.state !== 'ready') return new Set();
  const records: DatasetRecord[] = [];
  for (const shard of new Set(entry.manifest.shards.map((s) => s.name))) {
    for (const r of await readShard(db, datasetId, shard)) records.push({ id: r.id, data: r.data });
  }
  return datasetContentStrings(entry.manifest, records);
}
