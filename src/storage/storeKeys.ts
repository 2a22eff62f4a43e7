import type { DatasetEntry } from './schema.ts';

/**
 * The store key of a version of a dataset: its id, "@" and the first 16 hex digits of its
 * manifest SHA-256. A re-import writes under a key of its own, beside the stored version, and
 * the two are swapped in one transaction once it is complete. "@" cannot occur in a dataset id
 * (manifest.ts), so no key of one dataset can equal the bare id of another; 64 bits of the hash
 * tell apart the two or three versions of one id that are ever stored at once.
 * @example versionStoreKey('freelance-twins', 'b934…') // 'freelance-twins@b934…' (16 hex digits)
 */
export function versionStoreKey(datasetId: string, manifestSha256: string): string {
  return `${datasetId}@${manifestSha256.slice(0, 16)}`;
}

/** Where a stored version's rows are: its store key, or the bare id for rows from before schema v3. */
export function storeKeyOf(entry: DatasetEntry): string {
  return entry.status.storeKey ?? entry.id;
}
