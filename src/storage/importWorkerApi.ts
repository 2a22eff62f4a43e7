import * as Comlink from 'comlink';
import type { CrossDuplicate } from './crossPartCheck.ts';
import { openFairgroundDb } from './db.ts';
import type { FairgroundDb } from './db.ts';
import { ImportError, isAbort } from './importError.ts';
import type { ImportErrorCode } from './importError.ts';
import { importPart } from './importPart.ts';
import type { PartJob } from './importPart.ts';
import type { PartIds } from './partIds.ts';
import type { ShardOutcome } from './shardImporter.ts';
import { openShardHandle } from './sources.ts';
import type { DatasetSource, ShardHandle } from './sources.ts';
import { workerShardReader } from './inflateWorker.ts';
import type { WorkerShardReader } from './inflateWorker.ts';

/**
 * The import worker's API (workers/shardImport.worker.ts), one typed surface for both sides
 * (Comlink): the page sends a part and its handle, the worker imports it whole — read, SHA-256,
 * gunzip, split, parse and validate, IndexedDB writes on a connection of its own — and calls
 * back the page's hooks for progress and for the cross-part duplicate check. One part at a time
 * per worker; the page's pool runs several workers at once (datasetImporter.ts).
 */
export interface ShardImportApi {
  /** Answers once the worker runs (the page's start check). */
  ready(): true;
  importPart(job: PartJob, handle: ShardHandle, hooks: PartHooks): Promise<PartResult>;
  /** Stops the part being imported (it answers `aborted`); its rows stay, as a closed tab's would. */
  abort(): void;
}

/** The page's side of a part, called from the worker (a Comlink proxy). */
export interface PartHooks {
  bytes(n: number): void;
  records(n: number): void;
  crossCheck(ids: PartIds): Promise<CrossDuplicate | undefined>;
}

/** An ImportError as plain data (Comlink carries only an error's name and message). */
export interface PlainImportError {
  readonly code: ImportErrorCode;
  readonly reason: string;
  readonly shard?: string;
  readonly path?: string;
  readonly line?: number;
}

export type PartResult =
  | { readonly ok: true; readonly outcome: ShardOutcome }
  | { readonly ok: false; readonly aborted: true }
  | { readonly ok: false; readonly aborted: false; readonly error: PlainImportError };

/** The ImportError a PlainImportError stands for. */
export function fromPlain(e: PlainImportError): ImportError {
  return new ImportError(e.code, e.reason, { shard: e.shard, path: e.path, line: e.line });
}

/** A source that opens one part from its handle (the worker has no other way to the files); the handle passes on to an inflate worker. */
function handleSource(handle: ShardHandle): DatasetSource {
  return {
    label: handle.kind === 'url' ? handle.url : 'picked file',
    readManifest: () => Promise.reject(new Error('an import worker reads parts, not manifests')),
    openShard: (_path, signal) => openShardHandle(handle, signal),
    shardSize: async () => undefined,
    shardHandle: () => handle,
  };
}

/**
 * The worker side of ShardImportApi. `open` opens a database by name (openFairgroundDb; tests pass
 * another); `inflater` makes the reader of a job with `inflateApart` (an inflate worker started
 * from this one; a reader that cannot start its worker reads in this thread).
 */
export function shardImportApi(
  open: (name: string) => Promise<FairgroundDb> = openFairgroundDb,
  inflater: () => WorkerShardReader = () => workerShardReader(),
): ShardImportApi {
  let reader: WorkerShardReader | undefined;
  const connections = new Map<string, Promise<FairgroundDb>>();
  const connect = (name: string) => {
    let db = connections.get(name);
    if (!db) {
      db = open(name);
      // A connection closed by a newer version or a deletion elsewhere is opened again next time.
      const forget = () => connections.delete(name);
      db.then((c) => {
        c.addEventListener('close', forget);
        c.addEventListener('versionchange', forget);
      }, forget);
      connections.set(name, db);
    }
    return db;
  };
  let current: AbortController | undefined;
  return {
    ready: () => true,
    abort: () => current?.abort(),
    async importPart(job, handle, hooks) {
      const controller = (current = new AbortController());
      const where = { shard: job.entry.name, path: job.entry.path };
      try {
        const outcome = await importPart(await connect(job.dbName), job, {
          source: handleSource(handle),
          shardReader: job.inflateApart ? (reader ??= inflater()).read : undefined,
          signal: controller.signal,
          onBytes: (n) => void Promise.resolve(hooks.bytes(n)).catch(() => undefined),
          onRecords: (n) => void Promise.resolve(hooks.records(n)).catch(() => undefined),
          crossCheck: (ids) => hooks.crossCheck(Comlink.transfer(ids, [ids.hashes.buffer, ids.lines.buffer])),
        });
        return { ok: true, outcome };
      } catch (e) {
        if (controller.signal.aborted || isAbort(e)) return { ok: false, aborted: true };
        const error = e instanceof ImportError ? e : new ImportError('storage', `could not write: ${(e as Error)?.message ?? String(e)}`, where);
        return { ok: false, aborted: false, error: { code: error.code, reason: error.reason, shard: error.shard, path: error.path, line: error.line } };
      } finally {
        if (current === controller) current = undefined;
        (hooks as Partial<Comlink.Remote<PartHooks>>)[Comlink.releaseProxy]?.();
      }
    },
  };
}
