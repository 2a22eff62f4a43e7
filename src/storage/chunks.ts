import { parseRecordLine } from '../core/formats/records.ts';
import type { ChunkEntry, StoredRecord } from './schema.ts';

/**
 * Records per chunk row unless ImportOptions.batchSize says otherwise. Each row is one IndexedDB
 * transaction, and IndexedDB serves an import's transactions one at a time (BENCHMARKS.md, "Import
 * at the floor"), so rows of small records are worth making large: at 1,000 records the bundled
 * demo's two qrels files (12,601 lines of ~18 characters each) took 26 of its 32 transactions.
 * Rows of ordinary documents are closed by CHUNK_CHARS first.
 */
export const CHUNK_RECORDS = 16_384;
/** A chunk is also closed once its lines hold this many UTF-16 code units (~1 MB of JSON Lines). */
export const CHUNK_CHARS = 1 << 20;

/**
 * The records of a chunk row of dataset `datasetId`, in line order, with the ids of its
 * `chunkIds` row. The lines were validated when imported, so parsing them again does not throw.
 * (The row's own `datasetId` is its version's store key: the records carry the dataset id.)
 */
export function recordsOfChunk(chunk: ChunkEntry, ids: readonly string[], datasetId: string): StoredRecord[] {
  const { shard, path, kind } = chunk;
  const out: StoredRecord[] = [];
  dataOfChunk(chunk, ids.length, (data, i) => out.push({ datasetId, shard, path, id: ids[i], kind, data } as StoredRecord));
  return out;
}

/**
 * Each record's data of a chunk row, in line order, given to `each` with its slot; the row must
 * hold `count` lines (its `chunkIds` row's ids). Nothing else is made a record: an audit reading a
 * million records keeps their data alone (storage/datasetStore.ts `readShardData`).
 */
export function dataOfChunk(chunk: ChunkEntry, count: number, each: (data: StoredRecord['data'], slot: number) => void): void {
  const lines = chunk.lines.split('\n');
  if (lines.length !== count) throw new Error(`chunk ${chunk.chunk} of ${chunk.path}: ${lines.length} lines for ${count} ids`);
  const { kind, format } = chunk;
  for (let i = 0; i < lines.length; i++) each(parseRecordLine(kind, format, lines[i], 0)!.data, i);
}

/** One record of a chunk row of dataset `datasetId`, by its slot. */
export function recordOfChunk(chunk: ChunkEntry, id: string, slot: number, datasetId: string): StoredRecord {
  let start = 0;
  for (let i = 0; i < slot; i++) start = chunk.lines.indexOf('\n', start) + 1;
  const end = chunk.lines.indexOf('\n', start);
  const line = chunk.lines.slice(start, end === -1 ? undefined : end);
  const { shard, path, kind, format } = chunk;
  return { datasetId, shard, path, id, kind, data: parseRecordLine(kind, format, line, 0)!.data } as StoredRecord;
}

/** Identifier order: IndexedDB's order of string keys (UTF-16 code units), as the old `records` key gave. */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
