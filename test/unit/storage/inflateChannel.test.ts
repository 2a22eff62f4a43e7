import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GzipError, inflate, SourceReadError } from '../../../src/storage/inflate.ts';
import { PIECE_BYTES, receiveShard, serveShard, WINDOW } from '../../../src/storage/inflateChannel.ts';
import type { FromReader, ShardRequest } from '../../../src/storage/inflateChannel.ts';
import type { ShardHandle } from '../../../src/storage/sources.ts';

/** ~`n` bytes of JSON Lines that gzip well but not trivially. */
function text(n: number): Uint8Array {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < n; i++) {
    const line = JSON.stringify({ _id: `d${i}`, text: `record ${i} ${(i * 2654435761) % 1000003} é` });
    lines.push(line);
    size += line.length + 1;
  }
  return new TextEncoder().encode(lines.join('\n') + '\n');
}

const blob = (bytes: Uint8Array): ShardHandle => ({ kind: 'blob', blob: new Blob([bytes as BlobPart]) });
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Starts serveShard at one end of a channel (counting what it sends) and returns the other end's Inflated. */
function channel(handle: ShardHandle, gzip: boolean, onBytes: (n: number) => void = () => undefined) {
  const { port1, port2 } = new MessageChannel();
  const sent: FromReader[] = [];
  const post = port2.postMessage.bind(port2);
  port2.postMessage = ((m: FromReader, t: Transferable[]) => {
    sent.push(m.type === 'data' ? { ...m, data: new Uint8Array(0) } : m);
    post(m, t);
  }) as typeof port2.postMessage;
  const served = serveShard({ port: port2, handle, gzip } satisfies ShardRequest);
  return { inflated: receiveShard(port1, onBytes), sent, served };
}

async function readAll(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const c of chunks) parts.push(c.slice());
  return new Uint8Array(await new Blob(parts as BlobPart[]).arrayBuffer());
}

describe('inflate channel (the inflate worker protocol)', () => {
  const raw = text(3 * PIECE_BYTES + 12345);
  const gz = new Uint8Array(gzipSync(raw));

  it('delivers the gunzipped bytes in pieces of at most PIECE_BYTES, with the SHA-256 and size of the raw file', async () => {
    let counted = 0;
    const { inflated, sent, served } = channel(blob(gz), true, (n) => (counted += n));
    const pieces: number[] = [];
    const parts: Uint8Array[] = [];
    for await (const c of inflated.chunks) {
      pieces.push(c.length);
      parts.push(c.slice());
    }
    await served;
    // (toEqual on megabytes is slow: compare digests)
    expect(sha(new Uint8Array(await new Blob(parts as BlobPart[]).arrayBuffer()))).toBe(sha(raw));
    expect(Math.max(...pieces)).toBeLessThanOrEqual(PIECE_BYTES);
    expect(pieces.slice(0, -1).every((n) => n === PIECE_BYTES)).toBe(true);
    expect(inflated.result()).toEqual({ sha256: sha(gz), bytes: gz.length });
    expect(counted).toBe(gz.length);
    expect(sent.at(-1)).toMatchObject({ type: 'end', sha256: sha(gz), rawBytes: gz.length });
  });

  it('gives the same bytes and digest as inflate() in this thread, for a plain file too', async () => {
    for (const [bytes, gzip] of [[gz, true], [raw, false]] as const) {
      const here = inflate(new Blob([bytes as BlobPart]).stream() as ReadableStream<Uint8Array>, gzip);
      const there = channel(blob(bytes), gzip).inflated;
      expect(sha(await readAll(there.chunks))).toBe(sha(await readAll(here.chunks)));
      expect(there.result()).toEqual(here.result());
    }
  });

  it('sends no more than WINDOW pieces ahead of the reader', async () => {
    const big = new Uint8Array(gzipSync(text((WINDOW + 4) * PIECE_BYTES)));
    const { inflated, sent } = channel(blob(big), true);
    const it = inflated.chunks[Symbol.asyncIterator]();
    await it.next(); // one piece taken (one ack sent)
    await new Promise((r) => setTimeout(r, 200)); // the far side runs as far as it may
    expect(sent.filter((m) => m.type === 'data').length).toBe(WINDOW + 1);
    await it.return?.(undefined);
  });

  it('stops the far side when the reader leaves early (cancel)', async () => {
    const { inflated, sent, served } = channel(blob(gz), true);
    for await (const _ of inflated.chunks) break;
    await served; // returns instead of waiting for acks forever
    expect(sent.some((m) => m.type === 'end')).toBe(false);
    expect(() => inflated.result()).toThrow(/before the stream was read to its end/);
  });

  it('a truncated gzip stream arrives as a GzipError, an unreadable URL as a SourceReadError', async () => {
    const truncated = channel(blob(gz.slice(0, gz.length - 40)), true).inflated;
    await expect(readAll(truncated.chunks)).rejects.toBeInstanceOf(GzipError);
    const missing = channel({ kind: 'url', url: 'http://127.0.0.1:9/nothing.jsonl.gz', path: 'nothing.jsonl.gz' }, true).inflated;
    await expect(readAll(missing.chunks)).rejects.toBeInstanceOf(SourceReadError);
  });
});
