import { FormatError } from './formatError.ts';
import type { NumberedLine } from './lines.ts';

/** The longest line accepted, in bytes (8 MiB): a longer one is almost surely not JSON Lines. */
export const MAX_LINE_BYTES = 8 * 1024 * 1024;

const LF = 0x0a;
const CR = 0x0d;

/**
 * Splits a stream of UTF-8 bytes into its non-blank lines, numbered from 1,
 * yielding one array of lines per input chunk (possibly empty): one promise
 * per chunk, not per line.
 *
 * Lines are cut on the byte 0x0A before decoding (it never occurs inside a
 * multi-byte UTF-8 sequence), so a chunk boundary anywhere, even inside a
 * character or between CR and LF, changes nothing. A trailing CR is dropped
 * (CRLF files). Blank lines are skipped but counted, like `numberedLines`. A
 * leading byte-order mark is dropped. The complete lines of a chunk are
 * decoded by one TextDecoder call (`fatal: true`) and cut with
 * `String.split`; only when that call finds bytes that are not UTF-8 are they
 * decoded again line by line, to name the line.
 *
 * Memory holds at most one line plus one chunk.
 *
 * @throws {FormatError} for bytes that are not UTF-8, or a line longer than `maxLineBytes`.
 */
export async function* splitLineBatches(
  chunks: AsyncIterable<Uint8Array>,
  maxLineBytes = MAX_LINE_BYTES,
): AsyncGenerator<NumberedLine[]> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let line = 1;
  const limit = maxLineBytes % 1048576 === 0 ? `${maxLineBytes / 1048576} MiB` : `${maxLineBytes} bytes`;
  const tooLong = () => new FormatError(`line longer than the limit of ${limit}`, line);
  const notUtf8 = () => new FormatError('bytes that are not valid UTF-8', line);
  /** Adds one line's text (CR dropped) unless blank, and counts it. */
  const add = (out: NumberedLine[], raw: string) => {
    const text = raw.length > 0 && raw.charCodeAt(raw.length - 1) === CR ? raw.slice(0, -1) : raw;
    if (text.trim() !== '') out.push({ line, text });
    line++;
  };
  /** Decodes and adds one line (bytes without the LF). */
  const addBytes = (out: NumberedLine[], bytes: Uint8Array) => {
    const end = bytes.length > 0 && bytes[bytes.length - 1] === CR ? bytes.length - 1 : bytes.length;
    if (end > maxLineBytes) throw tooLong();
    let text: string;
    try {
      text = decoder.decode(bytes.subarray(0, end));
    } catch {
      throw notUtf8();
    }
    add(out, text);
  };
  /** Adds every line of `region` (whole lines, LF-separated, no final LF): one decode when it can. */
  const addRegion = (out: NumberedLine[], region: Uint8Array) => {
    if (region.length <= maxLineBytes) {
      let text: string | undefined;
      try {
        text = decoder.decode(region);
      } catch {
        // Not UTF-8 somewhere: the slow path below names the line.
      }
      if (text !== undefined) {
        for (const raw of text.split('\n')) add(out, raw);
        return;
      }
    }
    let start = 0;
    for (;;) {
      const newline = region.indexOf(LF, start);
      addBytes(out, region.subarray(start, newline === -1 ? region.length : newline));
      if (newline === -1) return;
      start = newline + 1;
    }
  };

  for await (const chunk of chunks) {
    const out: NumberedLine[] = [];
    const first = chunk.indexOf(LF);
    if (first === -1) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      // One byte of slack: the last byte may be the CR of a CRLF.
      if (pendingBytes > maxLineBytes + 1) throw tooLong();
      yield out;
      continue;
    }
    const head = chunk.subarray(0, first);
    addBytes(out, pending.length === 0 ? head : concat(pending, head, pendingBytes));
    pending = [];
    pendingBytes = 0;
    const last = chunk.lastIndexOf(LF);
    if (last > first) addRegion(out, chunk.subarray(first + 1, last));
    if (last + 1 < chunk.length) {
      const rest = chunk.subarray(last + 1);
      pending.push(rest);
      pendingBytes = rest.length;
      if (pendingBytes > maxLineBytes + 1) throw tooLong();
    }
    yield out;
  }
  if (pendingBytes > 0) {
    const out: NumberedLine[] = [];
    addBytes(out, concat(pending, new Uint8Array(0), pendingBytes));
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
