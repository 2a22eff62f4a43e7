/**
 * The dataset port of a browser run (core/audit/run/ports.ts): a dataset
 * stored in IndexedDB, read shard by shard.
 */
import type { ShardKind } from '../../core/formats/manifest.ts';
import type { RecordOfKind } from '../../core/formats/records.ts';
import type { DatasetPort } from '../../core/audit/common/index.ts';
import { getDataset, readShardData, type FairgroundDb } from '../../storage/index.ts';

/** @throws {Error} when the dataset is not imported (or its import is not finished). */
export async function storedDataset(db: FairgroundDb, datasetId: string): Promise<DatasetPort> {
  const entry = await getDataset(db, datasetId);
  if (!entry || entry.status.state !== 'ready') throw new Error(`dataset "${datasetId}" is not imported; import it in Datasets first`);
  const manifestSha256 = entry.status.manifestSha256;
  return {
    manifest: entry.manifest,
    manifestSha256,
    read: async <K extends ShardKind>(name: string, _kind: K) => {
      const records = await readShardData(db, datasetId, name);
      // A newer version swapped in by an import (another tab) must not mix with this one's manifest.
      const now = await getDataset(db, datasetId);
      if (now?.status.state !== 'ready' || now.status.manifestSha256 !== manifestSha256) {
        throw new Error(`dataset "${datasetId}" was replaced by another import while this run read it; run it again`);
      }
      return records as RecordOfKind[K][];
    },
  };
}
