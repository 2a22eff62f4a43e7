import { readShardHere } from './inflate.ts';
import type { ShardReader } from './inflate.ts';
import { INFLATE_WORKER_READY, receiveShard } from './inflateChannel.ts';
import type { ReceivedShard, ShardRequest } from './inflateChannel.ts';
import type { ShardHandle } from './sources.ts';

/** A ShardReader that runs the first stage in a worker, and the worker to end when the import is over. */
export interface WorkerShardReader {
  readonly read: ShardReader;
  dispose(): void;
}

/** How long a worker may take to start before the import goes on without it. */
const START_TIMEOUT_MS = 15_000;

const defaultWorker = () => new Worker(new URL('../../workers/inflate.worker.ts', import.meta.url), { type: 'module', name: 'inflate' });

/**
 * Reads shards through the inflate worker (started on the first shard), so
 * that hashing and gunzip run beside the parsing instead of before it. A
 * source without a `shardHandle` for the path, or a page that cannot start
 * the worker (its script does not load, or it does not say it is ready within
 * START_TIMEOUT_MS), reads in this thread (`readShardHere`) instead: the result is the same, only slower.
 * A worker that dies once started fails the shard being read.
 */
export function workerShardReader(makeWorker: () => Worker = defaultWorker): WorkerShardReader {
  let worker: Worker | undefined;
  /** Resolves true once the worker said it runs, false if it failed to start. */
  let started: Promise<boolean> | undefined;
  let broken = false;
  /** The shard being read, failed when the worker dies. */
  let current: ReceivedShard | undefined;
  const start = (): Promise<boolean> => {
    const w = makeWorker();
    worker = w;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => settle(false), START_TIMEOUT_MS);
      const settle = (ok: boolean) => {
        clearTimeout(timer);
        resolve(ok);
      };
      w.addEventListener('message', (e: MessageEvent) => e.data === INFLATE_WORKER_READY && settle(true), { once: true });
      w.addEventListener('error', (e) => {
        e.preventDefault();
        broken = true;
        settle(false); // before it started: the import goes on in this thread
        const message = `the inflate worker failed${(e as ErrorEvent).message ? `: ${(e as ErrorEvent).message}` : ''}`;
        current?.fail(message);
      });
    });
  };
  const read: ShardReader = async (source, path, gzip, signal, onBytes, parquet) => {
    let handle: ShardHandle | undefined;
    try {
      handle = source.shardHandle?.(path);
    } catch {
      handle = undefined; // openShard will say what is wrong
    }
    if (handle && !broken) {
      try {
        started ??= start();
      } catch {
        started = Promise.resolve(false);
      }
      if (!(await started)) broken = true;
    }
    if (!handle || broken || !worker) return readShardHere(source, path, gzip, signal, onBytes, parquet);
    const { port1, port2 } = new MessageChannel();
    current = receiveShard(port1, onBytes);
    worker.postMessage({ port: port2, handle, gzip, ...(parquet ? { parquet } : {}) } satisfies ShardRequest, [port2]);
    return current;
  };
  return {
    read,
    dispose() {
      worker?.terminate();
      worker = undefined;
    },
  };
}
