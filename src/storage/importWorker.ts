import * as Comlink from 'comlink';
import { ImportError } from './importError.ts';
import { pageRunner } from './importPart.ts';
import type { PartRunner } from './importPart.ts';
import { fromPlain } from './importWorkerApi.ts';
import type { PartHooks, ShardImportApi } from './importWorkerApi.ts';
import type { ShardHandle } from './sources.ts';

/** How long an import worker may take to start before its parts are imported in the page instead. */
const START_TIMEOUT_MS = 15_000;

const defaultWorker = () => new Worker(new URL('../../workers/shardImport.worker.ts', import.meta.url), { type: 'module', name: 'shard-import' });

/**
 * A PartRunner that imports each part in an import worker of its own (started on its first
 * part), so that several parts are read, parsed and written at once. A part whose source has
 * no `shardHandle` (a custom fetch), or a page that cannot start the worker (its script does not
 * load, or it does not answer within START_TIMEOUT_MS), is imported in this thread (`pageRunner`)
 * instead: the result is the same, only slower. A worker that dies once started fails its part.
 */
export function workerPartRunner(makeWorker: () => Worker = defaultWorker): PartRunner {
  let worker: Worker | undefined;
  let remote: Comlink.Remote<ShardImportApi> | undefined;
  let started: Promise<boolean> | undefined;
  let broken = false;
  /** Fails the part in flight (the worker died). */
  let failCurrent: ((message: string) => void) | undefined;
  const start = (): Promise<boolean> => {
    const w = makeWorker();
    worker = w;
    remote = Comlink.wrap<ShardImportApi>(w);
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => settle(false), START_TIMEOUT_MS);
      const settle = (ok: boolean) => {
        clearTimeout(timer);
        resolve(ok);
      };
      w.addEventListener('error', (e) => {
        e.preventDefault();
        broken = true;
        settle(false); // before it started: its parts are imported in this thread
        failCurrent?.(`the import worker failed${(e as ErrorEvent).message ? `: ${(e as ErrorEvent).message}` : ''}`);
      });
      remote!.ready().then(() => settle(true), () => settle(false));
    });
  };
  return {
    async run(job, io) {
      let handle: ShardHandle | undefined;
      try {
        handle = io.source.shardHandle?.(job.entry.path);
      } catch {
        handle = undefined; // openShard will say what is wrong
      }
      if (handle && !broken) {
        started ??= start();
        if (!(await started)) broken = true;
      }
      if (!handle || broken || !remote) return pageRunner.run(job, io);
      io.signal.throwIfAborted();
      const api = remote;
      const onAbort = () => void api.abort().catch(() => undefined);
      io.signal.addEventListener('abort', onAbort, { once: true });
      const where = { shard: job.entry.name, path: job.entry.path };
      const crashed = new Promise<never>((_, reject) => (failCurrent = (message) => reject(new ImportError('storage', message, where))));
      crashed.catch(() => undefined);
      const hooks: PartHooks = { bytes: io.onBytes, records: io.onRecords, crossCheck: io.crossCheck };
      try {
        const result = await Promise.race([api.importPart(job, handle, Comlink.proxy(hooks)), crashed]);
        if (result.ok) return result.outcome;
        if (result.aborted) throw io.signal.aborted ? io.signal.reason : new DOMException('the part was stopped', 'AbortError');
        throw fromPlain(result.error);
      } finally {
        failCurrent = undefined;
        io.signal.removeEventListener('abort', onAbort);
      }
    },
    dispose() {
      remote?.[Comlink.releaseProxy]();
      worker?.terminate();
      remote = undefined;
      worker = undefined;
    },
  };
}
