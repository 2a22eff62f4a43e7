import { FormatError } from './formatError.ts';
import type { NumberedLine } from './lines.ts';

/** The longest line accepted, in bytes (8 MiB): a longer one is almost surely not JSON Lines. */
export const MAX_LINE_BYTES = 8 * 1024 * 1024;

const LF = 0x0a;
const CR = 0x0d;

/**
 * Splits a stream of UTF-8 bytes into its non-blank lines, numbered from 1.
 *
 * Lines are cut on the byte 0x0A before decoding (it never occurs inside a
 * multi-byte UTF-8 sequence), so a chunk boundary anywhere, even inside a
 * character or between CR and LF, changes nothing. A trailing CR is dropped
 * (CRLF files). Each line is decoded with `fatal: true`, so bytes that are
 * not UTF-8 are an error naming their line. Blank lines are skipped but
 * counted, like `numberedLines`. A leading byte-order mark is dropped.
 *
 * Memory holds at most one line plus one chunk.
 *
 * @throws {FormatError} for bytes that are not UTF-8, or a line longer than `maxLineBytes`.
 */
export async function* splitLines(
  chunks: AsyncIterable<Uint8Array>,
  maxLineBytes = MAX_LINE_BYTES,
): AsyncGenerator<NumberedLine> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let line = 1;
  const limit = maxLineBytes % 1048576 === 0 ? `${maxLineBytes / 1048576} MiB` : `${maxLineBytes} bytes`;
  const tooLong = () => new FormatError(`line longer than the limit of ${limit}`, line);
  /** Decodes one line (without its LF); undefined for a blank line. */
  const decode = (bytes: Uint8Array): NumberedLine | undefined => {
    const end = bytes.length > 0 && bytes[bytes.length - 1] === CR ? bytes.length - 1 : bytes.length;
    if (end > maxLineBytes) throw tooLong();
    let text: string;
    try {
      text = decoder.decode(bytes.subarray(0, end));
    } catch {
      throw new FormatError('bytes that are not valid UTF-8', line);
    }
    return text.trim() === '' ? undefined : { line, text };
  };

  for await (const chunk of chunks) {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(LF, start);
      if (newline === -1) {
        const rest = chunk.subarray(start);
        pending.push(rest);
        pendingBytes += rest.length;
        // One byte of slack: the last byte may be the CR of a CRLF.
        if (pendingBytes > maxLineBytes + 1) throw tooLong();
        break;
      }
      const piece = chunk.subarray(start, newline);
      const bytes = pending.length === 0 ? piece : concat(pending, piece, pendingBytes);
      pending = [];
      pendingBytes = 0;
      const out = decode(bytes);
      if (out) yield out;
      line++;
      start = newline + 1;
    }
  }
  if (pendingBytes > 0) {
    const out = decode(concat(pending, new Uint8Array(0), pendingBytes));
    if (out) yield out;
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
