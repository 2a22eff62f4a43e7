/**
 * How the CLI reads an input file: streamed, gunzipped when it is gzip
 * (magic bytes), split into lines by the browser importer's reader
 * (core/formats/lineSplitter.ts: strict UTF-8, lines of at most 8 MiB), and
 * bounded in what it may inflate to. Every failure is an InputError naming
 * the file and, where known, the line.
 */
import { open, stat, type FileHandle } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';
import { FormatError } from '../../core/formats/formatError.ts';
import { formatLimit, MAX_INFLATED_BYTES, MAX_TEXT_FILE_BYTES } from '../../core/formats/inputLimits.ts';
import { splitLineBatches, splitLineChunks, type LinesChunk } from '../../core/formats/lineSplitter.ts';
import type { NumberedLine } from '../../core/formats/lines.ts';
import { linesChunksText } from '../../core/formats/linesText.ts';
import { InputError } from '../errors.ts';

/** Whether the file begins with gzip's magic bytes; reads them through the open handle. */
async function isGzip(handle: FileHandle): Promise<boolean> {
  const head = Buffer.alloc(2);
  const { bytesRead } = await handle.read(head, 0, 2, 0);
  return bytesRead === 2 && head[0] === 0x1f && head[1] === 0x8b;
}

export interface ReadOptions {
  /** The most bytes the file may hold once inflated. */
  readonly maxBytes?: number;
  /** Sees every raw (still compressed) byte, e.g. to hash the file. */
  readonly onRawBytes?: (bytes: Uint8Array) => void;
}

/**
 * The file's (inflated) bytes, chunk by chunk, counted against `maxBytes`. The file is opened
 * first, so a missing or unreadable one fails here (as an error the caller names) rather than
 * as an 'error' event of a stream nobody listens to yet.
 */
async function* fileBytes(path: string, options: ReadOptions): AsyncGenerator<Uint8Array> {
  const maxBytes = options.maxBytes ?? MAX_INFLATED_BYTES;
  // Opening a FIFO for reading waits for a writer, forever: refuse anything but a regular file first.
  if (!(await stat(path)).isFile()) throw new InputError('is not a regular file (a folder, FIFO or device); give a file', path);
  const handle = await open(path, 'r');
  let raw: ReturnType<FileHandle['createReadStream']> | undefined;
  let stream: NodeJS.ReadableStream & { destroy(e?: Error): void } | undefined;
  try {
    const gzip = await isGzip(handle);
    raw = handle.createReadStream({ start: 0, autoClose: false });
    if (options.onRawBytes) raw.on('data', (b) => options.onRawBytes!(b as Buffer));
    stream = gzip ? raw.pipe(createGunzip()) : raw;
    const inflated = stream;
    raw.on('error', (e) => inflated.destroy(e));
    let total = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > maxBytes) throw new InputError(`${gzip ? 'inflates to' : 'holds'} more than ${formatLimit(maxBytes)}; split it into smaller files`, path);
      yield new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length);
    }
  } finally {
    stream?.destroy();
    raw?.destroy();
    await handle.close();
  }
}

function asInputError(e: unknown, path: string): unknown {
  if (e instanceof InputError) return e;
  if (e instanceof FormatError) return new InputError(e.message, path, e.line);
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR') return new InputError(`corrupt gzip data (${(e as Error).message})`, path);
  if (code) return new InputError(`cannot read file (${code})`, path);
  return e;
}

/**
 * The non-blank lines of a file, batch by batch.
 * @throws {InputError} naming the file (and line): unreadable, corrupt gzip,
 *   not UTF-8, a line over 8 MiB, or more than `maxBytes` once inflated.
 */
export async function* readFileLines(path: string, options: ReadOptions = {}): AsyncGenerator<NumberedLine[]> {
  try {
    yield* splitLineBatches(fileBytes(path, options));
  } catch (e) {
    throw asInputError(e, path);
  }
}

/**
 * The file's lines as chunks of whole lines (lineSplitter.ts), for a reader that walks them in
 * place; readFileLines' rules and errors.
 */
export async function* readFileLineChunks(path: string, options: ReadOptions = {}): AsyncGenerator<LinesChunk> {
  try {
    yield* splitLineChunks(fileBytes(path, options));
  } catch (e) {
    throw asInputError(e, path);
  }
}

/**
 * A whole text file (at most 256 MiB once inflated) with its line numbers
 * kept, read by the same rules as readFileLines.
 */
export async function readInputText(path: string): Promise<string> {
  const chunks: LinesChunk[] = [];
  for await (const chunk of readFileLineChunks(path, { maxBytes: MAX_TEXT_FILE_BYTES })) chunks.push(chunk);
  return linesChunksText(chunks);
}
