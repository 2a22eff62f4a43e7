import { FormatError } from '../core/formats/formatError.ts';
import type { ShardKind } from '../core/formats/manifest.ts';
import { GzipError, inflate, SourceReadError } from './inflate.ts';
import type { Inflated } from './inflate.ts';
import { openShardHandle } from './sources.ts';
import type { ShardHandle } from './sources.ts';

/**
 * The first stage of a shard import run in another thread, over one
 * MessagePort per shard: the far side (`serveShard`, in the inflate worker)
 * opens the file, hashes and gunzips it, and sends the decompressed bytes in
 * pieces of `PIECE_BYTES`, transferred, not copied; this side
 * (`receiveShard`) hands them to the line splitter. Two cores then share
 * what one did: hashing and gunzip there, parsing and IndexedDB writes here.
 *
 * Flow control: at most `WINDOW` pieces are on their way or waiting to be
 * read; each piece read sends an `ack` that lets one more go. So memory is
 * bounded whatever the speed of either side. Leaving the loop early sends
 * `cancel`, which stops the read of the file.
 */
export const PIECE_BYTES = 1 << 20;
/** What the inflate worker posts once, as soon as it runs (before any request). */
export const INFLATE_WORKER_READY = 'fairground-inflate-ready';
export const WINDOW = 4;

/** The request that starts a shard: sent to the worker with `port` transferred. */
export interface ShardRequest {
  readonly port: MessagePort;
  readonly handle: ShardHandle;
  readonly gzip: boolean;
  /** The part is Parquet of this kind: the worker decodes it into JSON Lines (inflate). */
  readonly parquet?: ShardKind;
}

/** From the importer to the worker. */
export type ToReader = { readonly type: 'ack' } | { readonly type: 'cancel' };

/** From the worker to the importer. `rawBytes`: raw bytes read so far. */
export type FromReader =
  | { readonly type: 'data'; readonly data: Uint8Array; readonly rawBytes: number }
  | { readonly type: 'end'; readonly sha256: string; readonly rawBytes: number }
  | { readonly type: 'error'; readonly kind: 'source' | 'gzip' | 'format' | 'other'; readonly message: string; readonly line?: number };

/** Worker side: reads the shard named by `request` and sends it through `request.port` until the end, an error or `cancel`. */
export async function serveShard({ port, handle, gzip, parquet }: ShardRequest): Promise<void> {
  const controller = new AbortController();
  let credits = WINDOW;
  let wake: (() => void) | undefined;
  port.onmessage = (e: MessageEvent<ToReader>) => {
    if (e.data.type === 'ack') credits++;
    else controller.abort();
    wake?.();
    wake = undefined;
  };
  const send = (message: FromReader, transfer: Transferable[] = []) => port.postMessage(message, transfer);
  let rawBytes = 0;
  let piece = new Uint8Array(PIECE_BYTES);
  let filled = 0;
  const flush = async () => {
    while (credits === 0 && !controller.signal.aborted) await new Promise<void>((resolve) => (wake = resolve));
    if (controller.signal.aborted) return;
    credits--;
    send({ type: 'data', data: piece.subarray(0, filled), rawBytes }, [piece.buffer]);
    piece = new Uint8Array(PIECE_BYTES);
    filled = 0;
  };
  try {
    let raw: ReadableStream<Uint8Array>;
    try {
      raw = await openShardHandle(handle, controller.signal);
    } catch (e) {
      throw new SourceReadError((e as Error)?.message ?? String(e), { cause: e });
    }
    const inflated = inflate(raw, gzip, (n) => (rawBytes += n), parquet);
    for await (const chunk of inflated.chunks) {
      for (let offset = 0; offset < chunk.length; ) {
        const take = Math.min(chunk.length - offset, PIECE_BYTES - filled);
        piece.set(chunk.subarray(offset, offset + take), filled);
        filled += take;
        offset += take;
        if (filled === PIECE_BYTES) await flush();
      }
      if (controller.signal.aborted) return;
    }
    if (filled > 0) await flush();
    if (controller.signal.aborted) return;
    const { sha256, bytes } = inflated.result();
    send({ type: 'end', sha256, rawBytes: bytes });
  } catch (e) {
    if (controller.signal.aborted) return;
    const kind = e instanceof SourceReadError ? 'source' : e instanceof GzipError ? 'gzip' : e instanceof FormatError ? 'format' : 'other';
    send({ type: 'error', kind, message: (e as Error)?.message ?? String(e), ...(e instanceof FormatError && e.line !== undefined ? { line: e.line } : {}) });
  } finally {
    port.close();
  }
}

/** The importer's end of a shard: its Inflated, and a way to fail it when the far side dies without a word. */
export interface ReceivedShard extends Inflated {
  /** Ends the shard with this error, as if the far side had sent it (e.g. the worker crashed). */
  fail(message: string): void;
}

/** Importer side: the Inflated of the shard that `serveShard` sends through the other end of `port`. */
export function receiveShard(port: MessagePort, onBytes: (bytes: number) => void): ReceivedShard {
  const inbox: FromReader[] = [];
  let wake: (() => void) | undefined;
  const deliver = (message: FromReader) => {
    inbox.push(message);
    wake?.();
    wake = undefined;
  };
  port.onmessage = (e: MessageEvent<FromReader>) => deliver(e.data);
  let result: { sha256: string; bytes: number } | undefined;
  let counted = 0;
  async function* chunks(): AsyncGenerator<Uint8Array> {
    let finished = false;
    try {
      for (;;) {
        while (inbox.length === 0) await new Promise<void>((resolve) => (wake = resolve));
        const message = inbox.shift()!;
        if (message.type === 'error') {
          finished = true;
          if (message.kind === 'format') throw new FormatError(message.message, message.line);
          const Kind = message.kind === 'source' ? SourceReadError : message.kind === 'gzip' ? GzipError : Error;
          throw new Kind(message.message);
        }
        onBytes(message.rawBytes - counted);
        counted = message.rawBytes;
        if (message.type === 'end') {
          finished = true;
          result = { sha256: message.sha256, bytes: message.rawBytes };
          return;
        }
        port.postMessage({ type: 'ack' } satisfies ToReader);
        yield message.data;
      }
    } finally {
      if (!finished) port.postMessage({ type: 'cancel' } satisfies ToReader);
      port.close();
    }
  }
  return {
    chunks: chunks(),
    result() {
      if (result === undefined) throw new Error('inflate: result() before the stream was read to its end');
      return result;
    },
    fail: (message) => deliver({ type: 'error', kind: 'other', message }),
  };
}
