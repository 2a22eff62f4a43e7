import type { Manifest, ShardEntry } from '../core/formats/manifest.ts';
import type { CrossDuplicate } from './crossPartCheck.ts';
import type { FairgroundDb } from './db.ts';
import { IdHashTable } from './idTable.ts';
import type { ShardReader } from './inflate.ts';
import type { PartIds } from './partIds.ts';
import { importShard } from './shardImporter.ts';
import type { ShardOutcome } from './shardImporter.ts';
import type { DatasetSource } from './sources.ts';
import type { StagedTarget } from './stagedVersion.ts';
import { knownIdsFor } from './storedIds.ts';

/** One part file to import: plain data, so that it can be sent to an import worker as it is. */
export interface PartJob {
  /** The IndexedDB database to write (a worker opens its own connection to it). */
  readonly dbName: string;
  readonly target: StagedTarget;
  readonly manifest: Manifest;
  readonly entry: ShardEntry;
  /** Records per chunk row. */
  readonly batchSize: number;
  /**
   * Read, hash and gunzip the part in an inflate worker of the import worker's own, when the heavy
   * parts are fewer than the cores (importPool.ts `inflateApart`): a large part then runs on two threads.
   */
  readonly inflateApart?: boolean;
}

/** What a part's import talks to, in the realm where it runs. */
export interface PartIo {
  readonly source: DatasetSource;
  /** Where the raw bytes are read, hashed and gunzipped (this thread unless given). */
  readonly shardReader?: ShardReader;
  readonly signal: AbortSignal;
  readonly onBytes: (bytes: number) => void;
  readonly onRecords: (records: number) => void;
  /** The duplicate check against the other parts of the shard name (CrossPartCheck, in the page). */
  readonly crossCheck: (ids: PartIds) => Promise<CrossDuplicate | undefined>;
}

/**
 * Imports one part in this realm (the page, or an import worker) on connection `db`: the qrels
 * check's known ids read from what is stored, then `importShard` with a hash table of this part's
 * ids and the cross-part check. The same code runs whichever thread it is given to.
 */
export async function importPart(db: FairgroundDb, job: PartJob, io: PartIo): Promise<ShardOutcome> {
  const { entry, target } = job;
  const known = entry.kind === 'qrels' ? await knownIdsFor(db, job.manifest, target.storeKey, entry.name) : undefined;
  return importShard({
    db, target, entry, known,
    source: io.source,
    seenIds: new IdHashTable(),
    signal: io.signal,
    shardReader: io.shardReader,
    batchSize: job.batchSize,
    onBytes: io.onBytes,
    onRecords: io.onRecords,
    crossCheck: io.crossCheck,
  });
}

/** Runs part imports: in this thread, or in a worker of its own (importWorker.ts). */
export interface PartRunner {
  /** @throws {ImportError} for a failure; the signal's reason (or an AbortError) when `io.signal` aborts. */
  run(job: PartJob, io: PartIo & { readonly db: FairgroundDb }): Promise<ShardOutcome>;
  /** Ends its worker, if any. */
  dispose(): void;
}

/** The runner that imports in this thread, on the caller's connection. */
export const pageRunner: PartRunner = {
  run: (job, io) => importPart(io.db, job, io),
  dispose: () => undefined,
};

/** The part files of `parts` in the order they are imported: qrels last (checked against the others), otherwise manifest order. */
export function orderForImport(parts: readonly ShardEntry[]): ShardEntry[] {
  return [...parts.filter((s) => s.kind !== 'qrels'), ...parts.filter((s) => s.kind === 'qrels')];
}
