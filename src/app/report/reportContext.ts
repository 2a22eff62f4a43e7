/**
 * What the page adds to a report beside the results: the stored dataset's manifest (records per
 * shard, languages) and the strings of its records a report must not hold (reportForbiddenStrings:
 * the permalink guard's, less the audit's categories). Nothing when the dataset is not stored here
 * (a shared result, an outcome audit of a decisions table).
 */
import type { Manifest } from '../../core/formats/manifest.ts';
import type { DatasetRecord } from '../../core/permalink/index.ts';
import { reportForbiddenStrings } from '../../report/index.ts';
import { getDataset, readShard, type FairgroundDb } from '../../storage/index.ts';

export interface ReportContext {
  readonly manifest?: Manifest;
  readonly forbidden: ReadonlySet<string>;
}

/** The manifest and forbidden strings of a stored dataset, or none when it is not stored (ready) here. */
export async function reportContext(db: FairgroundDb, datasetId: string | undefined): Promise<ReportContext> {
  if (datasetId === undefined) return { forbidden: new Set() };
  const entry = await getDataset(db, datasetId);
  if (!entry || entry.status.state !== 'ready') return { forbidden: new Set() };
  const records: DatasetRecord[] = [];
  for (const shard of new Set(entry.manifest.shards.map((s) => s.name))) {
    for (const r of await readShard(db, datasetId, shard)) records.push({ id: r.id, data: r.data });
  }
  return { manifest: entry.manifest, forbidden: reportForbiddenStrings(entry.manifest, records) };
}
