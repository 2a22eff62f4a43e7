/**
 * The dataset every audit kind reads, as a port (DESIGN.md "Dataset package"): the manifest, its
 * SHA-256 and a reader of a shard's records — from a folder in Node, from IndexedDB in the
 * browser. And the one error an audit raises for bad input in a dataset or an imported file.
 */
import type { Manifest, ShardKind } from '../../formats/manifest.ts';
import type { RecordOfKind } from '../../formats/records.ts';

/** Reads all records of a shard by name (every part), from a folder (Node) or IndexedDB (browser). */
export type ShardReader = <K extends ShardKind>(name: string, kind: K) => Promise<RecordOfKind[K][]>;

/** A stored dataset: its manifest, the manifest's SHA-256, and its records by shard. */
export interface DatasetPort {
  readonly manifest: Manifest;
  readonly manifestSha256: string;
  readonly read: ShardReader;
}

/** Bad audit input in a dataset (unknown task, a twin of a missing document) or in an imported file (`file`). */
export class AuditInputError extends Error {
  override name = 'AuditInputError';
  constructor(
    message: string,
    /** The imported file at fault, when there is one. */
    readonly file?: string,
  ) {
    super(message);
  }
}
