import { FormatError } from '../core/formats/formatError.ts';
import type { Manifest, ShardEntry } from '../core/formats/manifest.ts';
import type { FairgroundDb } from './db.ts';
import { ImportError, isAbort } from './importError.ts';
import { defaultLocks, withImportLock } from './importLock.ts';
import type { LockRequester } from './importLock.ts';
import { ProgressTracker } from './importProgress.ts';
import type { ImportProgress } from './importProgress.ts';
import { prefixRange } from './keyRanges.ts';
import type { DatasetEntry, ImportStatus, ShardStateEntry } from './schema.ts';
import { CHUNK_RECORDS } from './chunks.ts';
import { CrossPartCheck } from './crossPartCheck.ts';
import type { IdHashTable } from './idTable.ts';
import { orderForImport, pageRunner } from './importPart.ts';
import type { PartRunner } from './importPart.ts';
import { importPoolSize, inflateApart, runPool } from './importPool.ts';
import type { ShardReader } from './inflate.ts';
import { removePart } from './shardImporter.ts';
import { idHashesOf, storedIdAt, storedInParts } from './storedIds.ts';
import type { DatasetSource } from './sources.ts';
import { beginStaging, failStaged, promoteStaged, storedVersions } from './stagedVersion.ts';
import type { StagedTarget } from './stagedVersion.ts';
import { storeKeyOf, versionStoreKey } from './storeKeys.ts';
import { defaultStorage, estimateStoredBytes, prepareStorage } from './storageQuota.ts';
import type { StorageLike } from './storageQuota.ts';

export interface ImportOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: ImportProgress) => void;
  /** `navigator.storage` by default; `null` skips the quota check and persist request. */
  readonly storage?: StorageLike | null;
  /** Records per chunk row, one chunk per transaction (1,000); a chunk also ends at ~1 MiB of text. */
  readonly batchSize?: number;
  /** Least time between two progress reports (200 ms). */
  readonly progressIntervalMs?: number;
  readonly now?: () => number;
  /** Where each part's raw bytes are read, hashed and gunzipped when it is imported in this thread: this thread unless given (`workerShardReader`). */
  readonly shardReader?: ShardReader;
  /**
   * Makes the runner of one slot of the import's pool (`workerPartRunner`: an import worker).
   * Unless given, every part is imported in this thread, one at a time.
   */
  readonly partRunner?: () => PartRunner;
  /**
   * The pool's size in place of the core count (`navigator.hardwareConcurrency`): 1 imports
   * the parts one at a time in one worker, for a comparison. Never more than the parts, nor
   * MAX_IMPORT_WORKERS (importPool.ts).
   */
  readonly workers?: number;
  /** The origin's lock manager: `navigator.locks`, or this realm's `PageLocks` where there is none. */
  readonly locks?: LockRequester;
  /** Called once the manifest is read, before anything else: the import now has a dataset id and title. */
  readonly onManifest?: (manifest: Manifest) => void;
  /** Called when the same dataset is being imported elsewhere (another tab): this import waits for it (abort to give up). */
  readonly onWaiting?: () => void;
}

export interface ImportResult {
  readonly datasetId: string;
  readonly version: string;
  /** True when the same manifest was already imported and ready: nothing was done. */
  readonly skipped: boolean;
  /** Records per shard name. */
  readonly records: Readonly<Record<string, number>>;
  readonly bytes: number;
  /** Qrels rows naming an id absent from the dataset's queries or corpus (kept, not refused). */
  readonly unknownQrels: number;
  readonly unknownQrelsByShard: Readonly<Record<string, number>>;
}

/**
 * Imports a dataset package into IndexedDB, streaming each shard.
 *
 * Rules:
 * - One import of a dataset id at a time, across tabs (importLock.ts): a second one waits for
 *   the first (`onWaiting`), then follows these rules against what the first left.
 * - Same id and same manifest SHA-256 as the stored (ready) version: a no-op (`skipped`).
 * - Otherwise the import is staged (stagedVersion.ts): written under a store key of its own
 *   beside the stored version, which stays ready, readable and untouched until the new one is
 *   complete; then one transaction swaps them and deletes the old version's rows.
 * - Same manifest as a staged import that did not finish (interrupted or failed): a resume.
 *   Part files marked done are skipped; every other part's rows are deleted and the part is
 *   read again from its start. A staged import of another manifest is discarded.
 * - Parts are imported by a pool of runners (`partRunner`: import workers, each doing read,
 *   hash, gunzip, parse and writes for its part), sized by the cores (`importPoolSize`); a failure
 *   in one stops the others and removes their unfinished parts. Duplicate ids are checked in each
 *   part by its runner, and across the parts of a shard name here (CrossPartCheck), in manifest
 *   order, before a part is marked done.
 * - Qrels shards are read last, once every other part is done, so their ids can be checked
 *   against the queries and corpus of their retrieval task; unknown ids are counted.
 * - A failure marks the staged import `failed` with the error, keeps its finished parts for a
 *   later resume and removes the failing part. The stored version and other datasets are not
 *   touched. Only ready versions are readable (datasetStore.ts).
 * - An abort (options.signal) stops between batches and leaves the staged import `importing`,
 *   as a closed tab would; the next import resumes it.
 * - A dataset deleted during its import (deleteDataset, "Delete all local data", another tab)
 *   stops it at its next write with code `deleted`, leaving nothing of it.
 *
 * @throws {ImportError} for every failure; the signal's reason on abort.
 */
export async function importDataset(db: FairgroundDb, source: DatasetSource, options: ImportOptions = {}): Promise<ImportResult> {
  const { signal } = options;
  let manifest: Manifest, manifestSha256: string;
  try {
    ({ manifest, sha256: manifestSha256 } = await source.readManifest());
  } catch (e) {
    if (isAbort(e, signal)) throw e;
    const code = e instanceof FormatError ? 'manifest' : 'source';
    throw new ImportError(code, `${source.label}: ${(e as Error).message}`, { path: 'manifest.json' }, e);
  }
  options.onManifest?.(manifest);
  return withImportLock(options.locks ?? defaultLocks(), manifest.id, { signal, onWaiting: options.onWaiting }, () =>
    importManifest(db, source, manifest, manifestSha256, options),
  );
}

async function importManifest(
  db: FairgroundDb,
  source: DatasetSource,
  manifest: Manifest,
  manifestSha256: string,
  options: ImportOptions,
): Promise<ImportResult> {
  const { signal } = options;
  const id = manifest.id;
  const { current, staged } = await storedVersions(db, id);
  if (current?.status.manifestSha256 === manifestSha256) return resultOf(current, true);
  const resuming = staged?.status.manifestSha256 === manifestSha256;
  const target: StagedTarget = { datasetId: id, storeKey: resuming ? storeKeyOf(staged) : versionStoreKey(id, manifestSha256) };

  const done = new Map<string, Extract<ShardStateEntry, { state: 'done' }>>();
  if (resuming) {
    for (const s of await db.getAll('shardState', prefixRange(target.storeKey))) {
      if (s.state === 'done') done.set(s.path, s);
    }
  }
  const pending = orderForImport(manifest.shards.filter((s) => !done.has(s.path)));
  const sizes = new Map<string, number>();
  for (const s of pending) sizes.set(s.path, s.bytes || (await source.shardSize(s.path)) || 0);
  const bytesTotal = [...sizes.values()].reduce((a, b) => a + b, 0);
  const storage = options.storage === null ? undefined : (options.storage ?? defaultStorage());
  // A refused import (not enough space) has written nothing yet, so it loses nothing.
  await prepareStorage(estimateStoredBytes(pending.map((s) => ({ path: s.path, bytes: sizes.get(s.path)! }))), storage);

  let status: ImportStatus = { state: 'importing', storeKey: target.storeKey, manifestSha256, ...summarise(manifest, done) };
  await beginStaging(db, { id, manifest, status }, staged && !resuming ? storeKeyOf(staged) : undefined, new Set(done.keys())).catch((e: unknown) => {
    throw asImportError(e);
  });

  const progress = new ProgressTracker(id, bytesTotal, options.onProgress, options.progressIntervalMs, options.now);
  const cores = options.workers ?? globalThis.navigator?.hardwareConcurrency;
  const size = options.partRunner ? importPoolSize(pending.length, cores, options.workers) : 1;
  // Fewer heavy parts than cores (one large part, say): each worker gets a second thread for read, hash and gunzip.
  const secondThread = inflateApart(pending.map((s) => sizes.get(s.path)!), cores);
  // A pool of one runs in this thread (with the inflate worker of `shardReader`): measured faster than one import
  // worker with an inflate worker of its own (17.7 against 12.6 MB/s for a 25 MB shard on 2 cores; BENCHMARKS.md).
  const runners = size >= 2 ? Array.from({ length: size }, () => options.partRunner?.() ?? pageRunner) : [pageRunner];
  /** Parts that began in this import: those not done when it fails are removed. */
  const started = new Map<string, string>();
  try {
    const cross = new CrossPartCheck(pending, await doneIdHashes(db, manifest, target.storeKey, pending, done), {
      idAt: (shard, path, index) => storedIdAt(db, target.storeKey, shard, path, index),
      heldIn: (shard, recordId, paths) => storedInParts(db, target.storeKey, shard, recordId, paths),
    });
    const job = (entry: ShardEntry) => ({ dbName: db.name, target, manifest, entry, batchSize: options.batchSize ?? CHUNK_RECORDS, inflateApart: secondThread });
    // Qrels after every other part: their check reads the stored queries and corpus.
    for (const phase of [pending.filter((s) => s.kind !== 'qrels'), pending.filter((s) => s.kind === 'qrels')]) {
      await runPool(runners, phase, async (runner, entry, poolSignal) => {
        started.set(entry.path, entry.name);
        progress.startShard(entry.name);
        try {
          const outcome = await runner.run(job(entry), {
            db, source, signal: poolSignal, shardReader: options.shardReader,
            onBytes: (n) => progress.addBytes(n),
            onRecords: (n) => progress.addRecords(n),
            crossCheck: (ids) => cross.check(entry, ids),
          });
          done.set(entry.path, { datasetId: target.storeKey, path: entry.path, state: 'done', ...outcome });
          progress.flush();
        } finally {
          cross.ended(entry.path);
        }
      }, signal);
    }
  } catch (e) {
    if (isAbort(e, signal)) throw e;
    const error = asImportError(e);
    // The failing part removed itself; the parts it stopped in other runners are removed too.
    await Promise.all(
      [...started].filter(([path]) => !done.has(path)).map(([path, shard]) => removePart(db, target.storeKey, shard, path).catch(() => undefined)),
    );
    if (error.code === 'deleted') throw error;
    status = {
      ...status,
      state: 'failed',
      ...summarise(manifest, done),
      error: { shard: error.shard, path: error.path, line: error.line, message: error.message },
    };
    await failStaged(db, target, { id, manifest, status }).catch(() => undefined);
    throw error;
  } finally {
    for (const runner of new Set(runners)) runner.dispose();
  }
  const entry: DatasetEntry = { id, manifest, status: { ...status, state: 'ready', importedAt: (options.now ?? Date.now)(), ...summarise(manifest, done) } };
  // Should the swap fail (not for a deletion), the staging row stays `importing` with every part
  // done, and the next import of the same manifest swaps it in without reading a shard.
  await promoteStaged(db, target, entry).catch((e: unknown) => {
    throw asImportError(e);
  });
  return resultOf(entry, false);
}

/** An ImportError as it is; anything else (an IndexedDB failure) as one of code `storage`. */
function asImportError(e: unknown): ImportError {
  return e instanceof ImportError ? e : new ImportError('storage', `could not write: ${(e as Error)?.message ?? String(e)}`, {}, e);
}

/** Records, bytes and unknown qrels per shard name, from the parts done. */
function summarise(manifest: Manifest, done: ReadonlyMap<string, { records: number; unknownQrels: number; bytes: number }>) {
  const records: Record<string, number> = {};
  const unknownQrels: Record<string, number> = {};
  let bytes = 0;
  for (const s of manifest.shards) {
    const d = done.get(s.path);
    if (!d) continue;
    records[s.name] = (records[s.name] ?? 0) + d.records;
    if (s.kind === 'qrels') unknownQrels[s.name] = (unknownQrels[s.name] ?? 0) + d.unknownQrels;
    bytes += d.bytes;
  }
  return { records, unknownQrels, bytes };
}

function resultOf(entry: DatasetEntry, skipped: boolean): ImportResult {
  const byShard = entry.status.unknownQrels;
  return {
    datasetId: entry.id,
    version: entry.manifest.version,
    skipped,
    records: entry.status.records,
    bytes: entry.status.bytes,
    unknownQrels: Object.values(byShard).reduce((a, b) => a + b, 0),
    unknownQrelsByShard: byShard,
  };
}

/** Per shard name of `pending`, the hashes of the ids of its parts done by an earlier import, and their paths. */
async function doneIdHashes(
  db: FairgroundDb,
  manifest: Manifest,
  storeKey: string,
  pending: readonly ShardEntry[],
  done: ReadonlyMap<string, unknown>,
): Promise<Map<string, { table: IdHashTable; paths: ReadonlySet<string> }>> {
  const seed = new Map<string, { table: IdHashTable; paths: ReadonlySet<string> }>();
  for (const name of new Set(pending.map((s) => s.name))) {
    const paths = new Set(manifest.shards.filter((s) => s.name === name && done.has(s.path)).map((s) => s.path));
    // Only done parts are stored under the key now: beginStaging removed the others.
    if (paths.size > 0) seed.set(name, { table: await idHashesOf(db, storeKey, name), paths });
  }
  return seed;
}
