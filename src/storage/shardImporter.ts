import { FormatError } from '../core/formats/formatError.ts';
import { splitLineBatches } from '../core/formats/lineSplitter.ts';
import type { ShardEntry } from '../core/formats/manifest.ts';
import { lineFormatOf, parseRecordLine } from '../core/formats/records.ts';
import type { QrelsRecord } from '../core/formats/records.ts';
import type { FairgroundDb } from './db.ts';
import { ImportError, isAbort } from './importError.ts';
import { CHUNK_CHARS } from './chunks.ts';
import type { CrossDuplicate } from './crossPartCheck.ts';
import type { IdHashTable } from './idTable.ts';
import { GzipError, parquetKindOf, readShardHere, SourceReadError } from './inflate.ts';
import type { Inflated, ShardReader } from './inflate.ts';
import { prefixRange } from './keyRanges.ts';
import { PartIdsCollector } from './partIds.ts';
import type { PartIds } from './partIds.ts';
import type { ChunkEntry, ChunkIdsEntry, ShardStateEntry } from './schema.ts';
import type { DatasetSource } from './sources.ts';
import { writeStaged } from './stagedVersion.ts';
import type { StagedTarget } from './stagedVersion.ts';

/**
 * Chunk writes that may be in flight while the next chunk is parsed. One: a second one measured
 * within the noise of the import bench (the page's thread, not IndexedDB, is the limit), and with
 * one an abort leaves at most the chunk being parsed unwritten.
 */
const MAX_PENDING_WRITES = 1;

/**
 * User Timing measures of the chunk writes, for a performance trace (DevTools, or the import
 * bench's CDP trace): COMMIT from a chunk's transaction issued to committed, WAIT_COMMIT the time
 * the part's reading stood still waiting for a commit. Cleared when the part ends, so that a long
 * import keeps no list of them.
 */
export const COMMIT = 'fairground:import:commit';
export const WAIT_COMMIT = 'fairground:import:wait-commit';

function measureSince(name: string, start: number): void {
  performance.measure(name, { start, end: performance.now() });
}

/** What importing one part file needs. */
export interface ShardImportContext {
  readonly db: FairgroundDb;
  /** The staged version being written: its rows go under `target.storeKey`, and each write checks its staging row. */
  readonly target: StagedTarget;
  readonly entry: ShardEntry;
  readonly source: DatasetSource;
  /**
   * Hashes of the keys already used in this shard name (by its other parts); this part adds its
   * own. A hit is confirmed against the stored `chunkIds` rows of the shard and the chunk being
   * filled, so only a true duplicate is refused.
   */
  readonly seenIds: IdHashTable;
  /**
   * The check against the other parts of the shard name that are written at the same time (in
   * other workers: `seenIds` then holds this part's ids only), called once every chunk is
   * written, before the end checks; a duplicate it finds fails the part at its line.
   */
  readonly crossCheck?: (ids: PartIds) => Promise<CrossDuplicate | undefined>;
  /** For a qrels part: the ids a judgment may name; others are counted, not refused. */
  readonly known?: { readonly queries: ReadonlySet<string>; readonly corpus: ReadonlySet<string> };
  /** Records per chunk row (one chunk per IndexedDB transaction); a chunk also ends at ~1 MiB of text. */
  readonly batchSize: number;
  readonly signal?: AbortSignal;
  /** Where the raw bytes are read, hashed and gunzipped: this thread unless given (inflateWorker.ts). */
  readonly shardReader?: ShardReader;
  /** Called with each chunk's size as raw (compressed) bytes are read. */
  readonly onBytes: (bytes: number) => void;
  /** Called with the number of records of each chunk once it is written. */
  readonly onRecords: (records: number) => void;
}

/** A part file that was imported whole. */
export interface ShardOutcome {
  readonly records: number;
  readonly bytes: number;
  readonly unknownQrels: number;
}

/**
 * Imports one part file: raw bytes → SHA-256 and byte count → gunzip (for
 * .gz) → lines → records → chunks of `batchSize` records (or ~1 MiB of
 * text), each written as one `chunks` row (the raw lines) and one `chunkIds`
 * row in its own transaction together with the part's `partial` state. Every
 * write first checks that the staging row still names this version
 * (`writeStaged`), so a dataset deleted meanwhile stops the import there.
 *
 * The part is marked `done` only after its last chunk and after the
 * SHA-256, byte size and record count match the manifest (when it gives
 * them). On any failure its records and state are deleted, so no
 * half-written part is ever counted; an abort leaves them as they are (like
 * a closed tab) and the next import clears them.
 *
 * @throws {ImportError} naming the shard, the file and the line; or the
 *   signal's abort reason.
 */
export async function importShard(ctx: ShardImportContext): Promise<ShardOutcome> {
  const { db, target, entry, signal } = ctx;
  const storeKey = target.storeKey;
  const where = { shard: entry.name, path: entry.path };
  const gzip = entry.path.endsWith('.gz');
  let bytes = 0;
  let records = 0;
  let unknownQrels = 0;
  let line: number | undefined;
  let lastLine = 0;
  let inflated: Inflated | undefined;
  try {
    signal?.throwIfAborted();
    await startPart(db, target, entry.name, entry.path);
    // A Parquet part comes out of the first stage as JSON Lines of its records (inflate.ts).
    inflated = await (ctx.shardReader ?? readShardHere)(ctx.source, entry.path, gzip, signal, (n) => {
      bytes += n;
      ctx.onBytes(n);
    }, parquetKindOf(entry));
    const format = lineFormatOf(entry.path);
    let chunk = 0;
    let ids: string[] = [];
    let lines: string[] = [];
    let chars = 0;
    const collected = ctx.crossCheck ? new PartIdsCollector() : undefined;
    // Chunks are written while the next ones are parsed: `pending` holds the writes not yet
    // committed, at most MAX_PENDING_WRITES (IndexedDB commits them in the order they were
    // made), all awaited before the part is marked done.
    const pending: Promise<void>[] = [];
    const flush = async (lastLine: number) => {
      const row: ChunkEntry = { datasetId: storeKey, shard: entry.name, path: entry.path, chunk, kind: entry.kind, format, lines: lines.join('\n') };
      const idRow: ChunkIdsEntry = { datasetId: storeKey, shard: entry.name, path: entry.path, chunk, ids };
      const n = ids.length;
      const state: ShardStateEntry = { datasetId: storeKey, path: entry.path, state: 'partial', offsetBytes: bytes, lines: lastLine };
      chunk++;
      ids = [];
      lines = [];
      chars = 0;
      const waited = performance.now();
      while (pending.length >= MAX_PENDING_WRITES) await pending.shift();
      measureSince(WAIT_COMMIT, waited);
      signal?.throwIfAborted();
      const issued = performance.now();
      const write = writeChunk(db, target, row, idRow, state).then(() => {
        measureSince(COMMIT, issued);
        records += n;
        ctx.onRecords(n);
      });
      // A failure is seen when the write is awaited; until then it must not go unhandled.
      write.catch(() => undefined);
      pending.push(write);
    };
    try {
      for await (const batch of splitLineBatches(inflated.chunks)) {
        signal?.throwIfAborted();
        for (const numbered of batch) {
          signal?.throwIfAborted();
          line = lastLine = numbered.line;
          const record = parseRecordLine(entry.kind, format, numbered.text, line);
          if (!record) continue;
          if (ctx.seenIds.addOrHit(record.id) && (ids.includes(record.id) || (await storedIdsHold(db, storeKey, entry.name, record.id, pending)))) {
            throw duplicateError(record.id, { ...where, line });
          }
          if (ctx.known) {
            const q = record.data as QrelsRecord;
            if (!ctx.known.queries.has(q.query_id) || !ctx.known.corpus.has(q.corpus_id)) unknownQrels++;
          }
          ids.push(record.id);
          collected?.add(record.id, line);
          lines.push(numbered.text);
          chars += numbered.text.length + 1;
          if (ids.length >= ctx.batchSize || chars >= CHUNK_CHARS) await flush(line);
        }
      }
      line = undefined;
      if (ids.length > 0) await flush(lastLine);
      // An abort that comes once every record is written no longer stops this part: it is whole.
      const waited = performance.now();
      while (pending.length > 0) await pending.shift();
      measureSince(WAIT_COMMIT, waited);
    } finally {
      // Nothing of this part may still be written once importShard returns or throws.
      await Promise.allSettled(pending);
      performance.clearMeasures(COMMIT);
      performance.clearMeasures(WAIT_COMMIT);
    }
    if (records === 0) throw new ImportError('empty', 'empty shard: no records', where);
    const duplicate = collected && (await ctx.crossCheck!(collected.result()));
    if (duplicate) throw duplicateError(duplicate.id, { ...where, line: duplicate.line });
    checkSha256(entry, inflated.result().sha256);
    if (entry.bytes !== undefined && entry.bytes > 0 && bytes !== entry.bytes) {
      throw new ImportError('checksum', `size mismatch: the manifest says ${entry.bytes} bytes, read ${bytes}`, where);
    }
    if (entry.records !== undefined && entry.records > 0 && records !== entry.records) {
      throw new ImportError('checksum', `record count mismatch: the manifest says ${entry.records}, found ${records}`, where);
    }
    await markPartDone(db, target, { datasetId: storeKey, path: entry.path, state: 'done', records, bytes, unknownQrels });
    return { records, bytes, unknownQrels };
  } catch (e) {
    if (signal?.aborted) throw signal.reason;
    if (isAbort(e)) throw e;
    // A Parquet part is hashed whole before it is decoded: bytes that are not the listed ones say so, not how they fail to decode.
    const error = (e instanceof FormatError && parquetKindOf(entry) && checksumError(entry, inflated)) || toImportError(e, where, line);
    await removePart(db, storeKey, entry.name, entry.path).catch(() => undefined);
    throw error;
  }
}

/** The error of a record whose id an earlier record of its shard name holds (a qrels id is "query / document"). */
function duplicateError(id: string, where: { shard: string; path: string; line: number }): ImportError {
  return new ImportError('duplicate', `duplicate identifier "${id.replace('\t', '" / "')}"`, where);
}

/** @throws {ImportError} `checksum` when the manifest gives a SHA-256 and the file's differs. */
function checkSha256(entry: ShardEntry, sha256: string): void {
  if (entry.sha256 !== undefined && sha256 !== entry.sha256) {
    throw new ImportError('checksum', `SHA-256 mismatch: the manifest says ${entry.sha256}, the file has ${sha256}`, { shard: entry.name, path: entry.path });
  }
}

/** The checksum error of a part read whole whose SHA-256 differs from the manifest's, else undefined. */
function checksumError(entry: ShardEntry, inflated: Inflated | undefined): ImportError | undefined {
  let sha256: string;
  try {
    sha256 = inflated!.result().sha256;
  } catch {
    return undefined; // not read to its end
  }
  try {
    checkSha256(entry, sha256);
  } catch (e) {
    return e as ImportError;
  }
  return undefined;
}

function toImportError(e: unknown, where: { shard: string; path: string }, line: number | undefined): ImportError {
  if (e instanceof ImportError) return e;
  if (e instanceof FormatError) return new ImportError('format', e.message, { ...where, line: e.line ?? line }, e);
  if (e instanceof SourceReadError) return new ImportError('source', `could not read the file: ${e.message}`, where, e);
  if (e instanceof GzipError) {
    return new ImportError('gzip', `truncated or corrupt gzip stream (${e.message})`, { ...where, line }, e);
  }
  const name = (e as { name?: string })?.name;
  if (name === 'QuotaExceededError') {
    return new ImportError('quota', 'storage quota exceeded while writing: free space or delete a dataset, then import again', where, e);
  }
  return new ImportError('storage', `could not write: ${(e as Error)?.message ?? String(e)}`, where, e);
}

/** Writes one chunk (its lines and its ids) and the part's progress in a single transaction, if the version is still staged. */
async function writeChunk(db: FairgroundDb, target: StagedTarget, row: ChunkEntry, ids: ChunkIdsEntry, state: ShardStateEntry): Promise<void> {
  // Relaxed: no flush to disk per chunk. A chunk lost to a power cut leaves its part unfinished,
  // and an unfinished part is read again from its start, so nothing half-written is ever used.
  const tx = db.transaction(['staging', 'chunks', 'chunkIds', 'shardState'], 'readwrite', { durability: 'relaxed' });
  await writeStaged(tx, tx.objectStore('staging'), target, (push) => {
    push(tx.objectStore('chunks').put(row));
    push(tx.objectStore('chunkIds').put(ids));
    push(tx.objectStore('shardState').put(state));
  });
}

/** Clears a part's rows (left by an earlier attempt) and marks it `partial` from its start, if the version is still staged. */
async function startPart(db: FairgroundDb, target: StagedTarget, shard: string, path: string): Promise<void> {
  const { storeKey } = target;
  const tx = db.transaction(['staging', 'chunks', 'chunkIds', 'shardState'], 'readwrite');
  await writeStaged(tx, tx.objectStore('staging'), target, (push) => {
    push(tx.objectStore('chunks').delete(prefixRange(storeKey, shard, path)));
    push(tx.objectStore('chunkIds').delete(prefixRange(storeKey, shard, path)));
    push(tx.objectStore('shardState').put({ datasetId: storeKey, path, state: 'partial', offsetBytes: 0, lines: 0 }));
  });
}

/** Marks a part done, if the version is still staged. */
async function markPartDone(db: FairgroundDb, target: StagedTarget, done: ShardStateEntry): Promise<void> {
  const tx = db.transaction(['staging', 'shardState'], 'readwrite');
  await writeStaged(tx, tx.objectStore('staging'), target, (push) => push(tx.objectStore('shardState').put(done)));
}

/**
 * The exact check behind a hash hit: whether `id` is among the stored ids of the shard (its
 * finished parts and the chunks of this part written so far). Rare: a true duplicate, or a
 * 64-bit hash collision.
 */
async function storedIdsHold(db: FairgroundDb, storeKey: string, shard: string, id: string, pending: readonly Promise<void>[]): Promise<boolean> {
  await Promise.all(pending);
  let cursor = await db.transaction('chunkIds').store.openCursor(prefixRange(storeKey, shard));
  while (cursor) {
    if (cursor.value.ids.includes(id)) return true;
    cursor = await cursor.continue();
  }
  return false;
}

/** Deletes a part's chunks and state in one transaction (after a failure: nothing of the part may stay). */
export async function removePart(db: FairgroundDb, storeKey: string, shard: string, path: string): Promise<void> {
  const tx = db.transaction(['chunks', 'chunkIds', 'shardState'], 'readwrite');
  await Promise.all([
    tx.objectStore('chunks').delete(prefixRange(storeKey, shard, path)),
    tx.objectStore('chunkIds').delete(prefixRange(storeKey, shard, path)),
    tx.objectStore('shardState').delete([storeKey, path]),
    tx.done,
  ]);
}
