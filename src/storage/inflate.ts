import { streamChunks } from '../core/formats/lineSplitter.ts';
import type { ShardKind } from '../core/formats/manifest.ts';
import { parquetRecordLines } from '../core/formats/parquetRecords.ts';
import { Sha256 } from '../core/sha256.ts';
import { isAbort } from './importError.ts';
import type { DatasetSource } from './sources.ts';

/**
 * The first stage of a shard import: raw bytes → SHA-256 and byte count →
 * gunzip (for .gz). What the line splitter reads, and what the importer
 * checks against the manifest once it has read everything.
 */
export interface Inflated {
  /** The decompressed bytes (the file's own bytes when it is not gzipped). */
  readonly chunks: AsyncIterable<Uint8Array>;
  /** The SHA-256 (hex) and size of the raw bytes. @throws {Error} before `chunks` has been read to its end. */
  result(): { readonly sha256: string; readonly bytes: number };
}

/**
 * Opens a part file and starts its first stage: in this thread
 * (`readShardHere`) or in a worker (inflateWorker.ts). `onBytes` is called
 * with the number of raw bytes read as they are read. `parquet`: the part is
 * a Parquet file of this shard kind, and comes out as JSON Lines of its records.
 */
export type ShardReader = (
  source: DatasetSource,
  path: string,
  gzip: boolean,
  signal: AbortSignal | undefined,
  onBytes: (bytes: number) => void,
  parquet?: ShardKind,
) => Promise<Inflated>;

/** The shard kind of a part that is Parquet (its path ends in .parquet), else undefined. */
export function parquetKindOf(entry: { readonly path: string; readonly kind: ShardKind }): ShardKind | undefined {
  return entry.path.endsWith('.parquet') ? entry.kind : undefined;
}

/** The source itself failed (a network error, an unreadable file), as told apart from a gzip error downstream. */
export class SourceReadError extends Error {
  override readonly name = 'SourceReadError';
}

/** The gzip stream is truncated or corrupt. */
export class GzipError extends Error {
  override readonly name = 'GzipError';
}

/** `ShardReader` on this thread: the source's stream through `inflate`. */
export const readShardHere: ShardReader = async (source, path, gzip, signal, onBytes, parquet) => {
  let raw: ReadableStream<Uint8Array>;
  try {
    raw = await source.openShard(path, signal);
  } catch (e) {
    if (isAbort(e, signal)) throw e;
    throw new SourceReadError((e as Error)?.message ?? String(e), { cause: e });
  }
  return inflate(raw, gzip, onBytes, parquet);
};

/**
 * Hashes and counts `raw` as it is read, and gunzips it when `gzip`
 * (DecompressionStream). A read error of `raw` becomes a SourceReadError,
 * one of the gunzip a GzipError. Leaving the `chunks` loop early cancels `raw`.
 *
 * With `parquet`, the file is read whole (Parquet keeps its index at the end),
 * hashed as it arrives, then decoded one row group at a time into JSON Lines of
 * the kind's records (parquetRecordLines); a bad file throws its FormatError.
 */
export function inflate(raw: ReadableStream<Uint8Array>, gzip: boolean, onBytes: (bytes: number) => void = () => undefined, parquet?: ShardKind): Inflated {
  const hasher = new Sha256();
  let bytes = 0;
  let sha256: string | undefined;
  const tapped = tap(raw, (chunk) => {
    hasher.update(chunk);
    bytes += chunk.length;
    onBytes(chunk.length);
  });
  if (parquet !== undefined) {
    const rows = async function* (): AsyncGenerator<Uint8Array> {
      const pieces: Uint8Array[] = [];
      for await (const piece of streamChunks(tapped)) pieces.push(piece);
      sha256 = hasher.digestHex();
      const file = new Uint8Array(bytes);
      let at = 0;
      for (const piece of pieces.splice(0)) {
        file.set(piece, at);
        at += piece.length;
      }
      const encoder = new TextEncoder();
      for await (const lines of parquetRecordLines(file.buffer, parquet)) {
        if (lines.length > 0) yield encoder.encode(lines.join('\n') + '\n');
      }
    };
    return { chunks: rows(), result: () => ({ sha256: sha256 ?? fail(), bytes }) };
  }
  const decoded = gzip ? tapped.pipeThrough(new DecompressionStream('gzip') as ReadableWritablePair<Uint8Array, Uint8Array>) : tapped;
  async function* chunks(): AsyncGenerator<Uint8Array> {
    try {
      yield* streamChunks(decoded);
    } catch (e) {
      if (!gzip || e instanceof SourceReadError || isAbort(e)) throw e;
      throw new GzipError((e as Error)?.message ?? String(e), { cause: e });
    }
    sha256 = hasher.digestHex();
  }
  return { chunks: chunks(), result: () => ({ sha256: sha256 ?? fail(), bytes }) };
}

function fail(): never {
  throw new Error('inflate: result() before the stream was read to its end');
}

/** The same stream, calling `see` with each chunk; a read error becomes a SourceReadError. */
function tap(raw: ReadableStream<Uint8Array>, see: (chunk: Uint8Array) => void): ReadableStream<Uint8Array> {
  const reader = raw.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let result: ReadableStreamReadResult<Uint8Array>;
      try {
        result = await reader.read();
      } catch (e) {
        throw isAbort(e) ? e : new SourceReadError((e as Error)?.message ?? String(e), { cause: e });
      }
      if (result.done) {
        controller.close();
        return;
      }
      see(result.value);
      controller.enqueue(result.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}
