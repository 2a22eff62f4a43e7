import { FormatError } from './formatError.ts';
import type { NumberedLine } from './lines.ts';

/** The longest line accepted, in bytes (8 MiB): a longer one is almost surely not JSON Lines. */
export const MAX_LINE_BYTES = 8 * 1024 * 1024;

const LF = 0x0a;
const CR = 0x0d;

/**
 * Whole lines of a text file, decoded together: `count` lines (`count` ≥ 0) joined by LF, the
 * first numbered `line`. A line keeps a trailing CR and may be blank; `forEachLine` (or
 * `splitLineBatches`) drops both. One string per input chunk, so a reader that walks the lines in
 * place (RetrievalStream.addChunk) makes no string and no object per line.
 */
export interface LinesChunk {
  readonly text: string;
  readonly line: number;
  readonly count: number;
}

/**
 * Splits a stream of UTF-8 bytes into chunks of whole lines, one per input chunk (possibly with
 * no line): one promise per chunk, not per line.
 *
 * Lines are cut on the byte 0x0A before decoding (it never occurs inside a multi-byte UTF-8
 * sequence), so a chunk boundary anywhere, even inside a character or between CR and LF, changes
 * nothing. A leading byte-order mark is dropped. The complete lines of a chunk are decoded by one
 * TextDecoder call (`fatal: true`); only when that call finds bytes that are not UTF-8 are they
 * decoded again line by line, to name the line.
 *
 * Memory holds at most one line plus one chunk.
 *
 * @throws {FormatError} for bytes that are not UTF-8, or a line longer than `maxLineBytes`.
 */
export async function* splitLineChunks(
  chunks: AsyncIterable<Uint8Array>,
  maxLineBytes = MAX_LINE_BYTES,
): AsyncGenerator<LinesChunk> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let line = 1;
  const limit = maxLineBytes % 1048576 === 0 ? `${maxLineBytes / 1048576} MiB` : `${maxLineBytes} bytes`;
  const tooLong = (at: number) => new FormatError(`line longer than the limit of ${limit}`, at);
  const notUtf8 = (at: number) => new FormatError('bytes that are not valid UTF-8', at);
  /** One line's bytes (no LF) decoded, its length checked (a trailing CR not counted). */
  const decodeLine = (bytes: Uint8Array, at: number): string => {
    const end = bytes.length > 0 && bytes[bytes.length - 1] === CR ? bytes.length - 1 : bytes.length;
    if (end > maxLineBytes) throw tooLong(at);
    try {
      return decoder.decode(bytes);
    } catch {
      throw notUtf8(at);
    }
  };
  /** `region` (whole lines, LF-separated, no final LF) decoded at once; line by line when it must be, to name a line. */
  const decodeRegion = (region: Uint8Array, first: number): { text: string; count: number } => {
    let count = 1;
    for (let i = region.indexOf(LF); i !== -1; i = region.indexOf(LF, i + 1)) count++;
    if (region.length <= maxLineBytes) {
      try {
        return { text: decoder.decode(region), count };
      } catch {
        // Not UTF-8 somewhere: the loop below names the line.
      }
    }
    const texts: string[] = [];
    for (let start = 0, at = first; ; at++) {
      const newline = region.indexOf(LF, start);
      texts.push(decodeLine(region.subarray(start, newline === -1 ? region.length : newline), at));
      if (newline === -1) return { text: texts.join('\n'), count };
      start = newline + 1;
    }
  };

  for await (const chunk of chunks) {
    const first = chunk.indexOf(LF);
    if (first === -1) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      // One byte of slack: the last byte may be the CR of a CRLF.
      if (pendingBytes > maxLineBytes + 1) throw tooLong(line);
      yield { text: '', line, count: 0 };
      continue;
    }
    const head = chunk.subarray(0, first);
    const headText = decodeLine(pending.length === 0 ? head : concat(pending, head, pendingBytes), line);
    pending = [];
    pendingBytes = 0;
    const last = chunk.lastIndexOf(LF);
    const region = last > first ? decodeRegion(chunk.subarray(first + 1, last), line + 1) : undefined;
    if (last + 1 < chunk.length) {
      const rest = chunk.subarray(last + 1);
      pending.push(rest);
      pendingBytes = rest.length;
      if (pendingBytes > maxLineBytes + 1) throw tooLong(line + 1 + (region?.count ?? 0));
    }
    yield { text: headText, line, count: 1 };
    if (region) yield { text: region.text, line: line + 1, count: region.count };
    line += 1 + (region?.count ?? 0);
  }
  if (pendingBytes > 0) {
    const text = decodeLine(concat(pending, new Uint8Array(0), pendingBytes), line);
    yield { text, line, count: 1 };
  }
}

const SPACE = 0x20;

/**
 * Calls `fn(text, start, end, line)` for each non-blank line of a chunk, text[start, end) without
 * its CR; blank lines (nothing but whitespace, as String.trim reads it) are skipped, still counted.
 */
export function forEachLine(chunk: LinesChunk, fn: (text: string, start: number, end: number, line: number) => void): void {
  const t = chunk.text;
  let start = 0;
  for (let n = 0; n < chunk.count; n++) {
    let end = t.indexOf('\n', start);
    if (end === -1) end = t.length;
    const stop = end > start && t.charCodeAt(end - 1) === CR ? end - 1 : end;
    if (!isBlank(t, start, stop)) fn(t, start, stop, chunk.line + n);
    start = end + 1;
  }
}

/** Whether text[start, end) is all whitespace: ASCII decided here, anything else by String.trim. */
function isBlank(t: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = t.charCodeAt(i);
    if (c === SPACE || (c >= 9 && c <= 13)) continue;
    return c < 128 ? false : t.slice(start, end).trim() === '';
  }
  return true;
}

/**
 * Splits a stream of UTF-8 bytes into its non-blank lines, numbered from 1, yielding one array of
 * lines per input chunk (possibly empty): splitLineChunks' chunks, cut. A trailing CR is dropped
 * (CRLF files); blank lines are skipped but counted, like `numberedLines`.
 *
 * @throws {FormatError} for bytes that are not UTF-8, or a line longer than `maxLineBytes`.
 */
export async function* splitLineBatches(
  chunks: AsyncIterable<Uint8Array>,
  maxLineBytes = MAX_LINE_BYTES,
): AsyncGenerator<NumberedLine[]> {
  for await (const chunk of splitLineChunks(chunks, maxLineBytes)) {
    const out: NumberedLine[] = [];
    forEachLine(chunk, (text, start, end, line) => out.push({ line, text: text.slice(start, end) }));
    yield out;
  }
}

function concat(parts: Uint8Array[], last: Uint8Array, partsBytes: number): Uint8Array {
  const out = new Uint8Array(partsBytes + last.length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  out.set(last, offset);
  return out;
}

/**
 * The chunks of a byte stream as an async iterable (Safari's ReadableStream
 * is not async-iterable). Returning early cancels the stream.
 */
export async function* streamChunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      yield value;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
