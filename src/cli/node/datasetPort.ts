/**
 * The dataset port of a Node run (core/audit/run/ports.ts): a dataset
 * package folder on disk.
 */
import type { DatasetPort } from '../../core/audit/run/ports.ts';
import { openDatasetFolder, readShard } from './datasetFolder.ts';

/** @throws {InputError} for a missing folder or an invalid manifest. */
export async function folderDataset(dir: string): Promise<DatasetPort> {
  const folder = await openDatasetFolder(dir);
  return { manifest: folder.manifest, manifestSha256: folder.manifestSha256, read: (name, kind) => readShard(folder, name, kind) };
}

/** Node's environment line of a results object. */
export function nodeEnvironment() {
  return { runtime: 'node', userAgent: `Node.js ${process.version} (${process.platform}; ${process.arch})` } as const;
}
