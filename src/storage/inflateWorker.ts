import { readShardHere } from './inflate.ts';
import type { ShardReader } from './inflate.ts';
import { receiveShard } from './inflateChannel.ts';
import type { ShardRequest } from './inflateChannel.ts';
import type { ShardHandle } from './sources.ts';

/** A ShardReader that runs the first stage in a worker, and the worker to end when the import is over. */
export interface WorkerShardReader {
  readonly read: ShardReader;
  dispose(): void;
}

const defaultWorker = () => new Worker(new URL('../../workers/inflate.worker.ts', import.meta.url), { type: 'module', name: 'inflate' });

/**
 * Reads shards through the inflate worker (started on the first shard), so
 * that hashing and gunzip run beside the parsing instead of before it. A
 * source without a `shardHandle` for the path, or a page that cannot start
 * the worker, reads in this thread (`readShardHere`) instead: the result is
 * the same, only slower.
 */
export function workerShardReader(makeWorker: () => Worker = defaultWorker): WorkerShardReader {
  let worker: Worker | undefined;
  let broken = false;
  /** The importer's end of the shard being read, told when the worker dies. */
  let current: MessagePort | undefined;
  const start = () => {
    const w = makeWorker();
    w.addEventListener('error', (e) => {
      e.preventDefault();
      broken = true;
      const message = `the inflate worker failed${(e as ErrorEvent).message ? `: ${(e as ErrorEvent).message}` : ' to start'}`;
      current?.onmessage?.(new MessageEvent('message', { data: { type: 'error', kind: 'other', message } }));
    });
    return w;
  };
  const read: ShardReader = async (source, path, gzip, signal, onBytes) => {
    let handle: ShardHandle | undefined;
    try {
      handle = source.shardHandle?.(path);
    } catch {
      handle = undefined; // openShard will say what is wrong
    }
    if (!handle || broken) return readShardHere(source, path, gzip, signal, onBytes);
    try {
      worker ??= start();
    } catch {
      broken = true;
      return readShardHere(source, path, gzip, signal, onBytes);
    }
    const { port1, port2 } = new MessageChannel();
    current = port1;
    worker.postMessage({ port: port2, handle, gzip } satisfies ShardRequest, [port2]);
    return receiveShard(port1, onBytes);
  };
  return {
    read,
    dispose() {
      worker?.terminate();
      worker = undefined;
    },
  };
}
