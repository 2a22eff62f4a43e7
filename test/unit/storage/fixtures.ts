/** Test helpers: fresh databases, in-memory dataset packages and sources. */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import * as Comlink from 'comlink';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { expect } from 'vitest';
import { recordsOfChunk } from '../../../src/storage/chunks.ts';
import { openFairgroundDb } from '../../../src/storage/db.ts';
import { INFLATE_WORKER_READY, serveShard } from '../../../src/storage/inflateChannel.ts';
import type { ShardRequest } from '../../../src/storage/inflateChannel.ts';
import { workerShardReader } from '../../../src/storage/inflateWorker.ts';
import type { WorkerShardReader } from '../../../src/storage/inflateWorker.ts';
import type { PartRunner } from '../../../src/storage/importPart.ts';
import { workerPartRunner } from '../../../src/storage/importWorker.ts';
import { shardImportApi } from '../../../src/storage/importWorkerApi.ts';
import type { StoredRecord } from '../../../src/storage/schema.ts';
import type { FairgroundDb } from '../../../src/storage/db.ts';
import { filesSource } from '../../../src/storage/sources.ts';
import type { DatasetSource } from '../../../src/storage/sources.ts';

let counter = 0;
/** A database in its own IDBFactory, so tests never share state. */
export function freshDb(): Promise<FairgroundDb> {
  return openFairgroundDb(`test-${counter++}`, new IDBFactory());
}

export const utf8 = (s: string) => new TextEncoder().encode(s);
export const jsonl = (rows: readonly object[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
export const gzip = (bytes: Uint8Array) => new Uint8Array(gzipSync(bytes));
export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export interface ShardSpec {
  readonly name: string;
  readonly kind: string;
  readonly path: string;
  readonly bytes: Uint8Array;
}

/** Files of a dataset package: manifest.json (with true sizes, counts and hashes unless overridden) and shards. */
export function packageFiles(
  id: string,
  shards: readonly (ShardSpec & { records?: number })[],
  tasks: readonly object[],
  override: (entry: Record<string, unknown>, i: number) => Record<string, unknown> = (e) => e,
  version = '1.0.0',
): Map<string, Uint8Array> {
  const manifest = {
    id,
    version,
    title: `Dataset ${id}`,
    languages: ['en'],
    tasks,
    shards: shards.map((s, i) =>
      override({ name: s.name, kind: s.kind, path: s.path, records: s.records, bytes: s.bytes.length, sha256: sha256(s.bytes) }, i),
    ),
  };
  return new Map<string, Uint8Array>([['manifest.json', utf8(JSON.stringify(manifest))], ...shards.map((s) => [s.path, s.bytes] as const)]);
}

/** A small retrieval + twins dataset: `docs` documents in two corpus parts, 3 queries, qrels TSV gz. */
export function retrievalPackage(id = 'demo', docs = 10, extraQrels: string[] = []): Map<string, Uint8Array> {
  const corpus = Array.from({ length: docs }, (_, i) => ({ _id: `d${i}`, title: `Doc ${i}`, text: `text ${i} é`, lang: 'en' }));
  const half = Math.ceil(docs / 2);
  const queries = [0, 1, 2].map((i) => ({ _id: `q${i}`, text: `query ${i}` }));
  const qrels = ['query-id\tcorpus-id\tscore', ...queries.map((q, i) => `${q._id}\td${i}\t${i + 1}`), ...extraQrels].join('\r\n') + '\r\n';
  const twins = corpus.slice(0, 2).map((d) => ({ id: d._id, twin_id: `${d._id}-t`, twin_text: d.text, group: 'female', twin_group: 'male' }));
  return packageFiles(
    id,
    [
      { name: 'corpus', kind: 'corpus', path: 'corpus-00.jsonl.gz', bytes: gzip(utf8(jsonl(corpus.slice(0, half)))), records: half },
      { name: 'corpus', kind: 'corpus', path: 'corpus-01.jsonl.gz', bytes: gzip(utf8(jsonl(corpus.slice(half)))), records: docs - half },
      { name: 'queries', kind: 'queries', path: 'queries.jsonl', bytes: utf8(jsonl(queries)), records: 3 },
      { name: 'qrels', kind: 'qrels', path: 'qrels.tsv.gz', bytes: gzip(utf8(qrels)) },
      { name: 'twins', kind: 'twins', path: 'twins.jsonl.gz', bytes: gzip(utf8(jsonl(twins))), records: 2 },
    ],
    [
      { type: 'retrieval', name: 'main', corpus: 'corpus', queries: 'queries', qrels: 'qrels', relevance_threshold: 1, k: [10] },
      { type: 'twins', name: 'gender', of: 'main', twins: 'twins', attribute: 'gender', groups: ['female', 'male'] },
    ],
  );
}

/** A source over in-memory files (through filesSource, so that is exercised too). */
export function memorySource(files: ReadonlyMap<string, Uint8Array>, folder = 'pkg'): DatasetSource {
  return filesSource([...files].map(([path, bytes]) => ({ path: `${folder}/${path}`, file: new Blob([bytes as BlobPart]) })));
}

/**
 * Wraps a source so that reading `path` fails after `afterBytes` bytes, as a
 * dropped connection would; `chunk` sets the chunk size of every shard.
 */
export function failingSource(inner: DatasetSource, path: string, afterBytes: number, chunk = 7): DatasetSource {
  return {
    ...inner,
    label: inner.label,
    // Only this thread can read through the wrapper.
    shardHandle: undefined,
    readManifest: () => inner.readManifest(),
    shardSize: (p) => inner.shardSize(p),
    async openShard(p, signal) {
      const bytes = new Uint8Array(await new Response(await inner.openShard(p, signal)).arrayBuffer());
      let offset = 0;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (p === path && offset >= afterBytes) {
            controller.error(new Error('connection reset'));
            return;
          }
          if (offset >= bytes.length) {
            controller.close();
            return;
          }
          controller.enqueue(bytes.slice(offset, offset + chunk));
          offset += chunk;
        },
      });
    },
  };
}

/**
 * Wraps a source so that reading `path` pauses after `afterBytes` bytes until `open()` is called:
 * `reached` resolves when it pauses, so a test can look at the database mid-import.
 */
export function pausingSource(inner: DatasetSource, path: string, afterBytes: number, chunk = 7): { source: DatasetSource; reached: Promise<void>; open: () => void } {
  let reach!: () => void;
  let open!: () => void;
  const reached = new Promise<void>((r) => (reach = r));
  const opened = new Promise<void>((r) => (open = r));
  const source: DatasetSource = {
    ...inner,
    shardHandle: undefined,
    async openShard(p, signal) {
      const bytes = new Uint8Array(await new Response(await inner.openShard(p, signal)).arrayBuffer());
      let offset = 0;
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (p === path && offset >= afterBytes) {
            reach();
            await opened;
          }
          if (offset >= bytes.length) return controller.close();
          controller.enqueue(bytes.slice(offset, offset + chunk));
          offset += chunk;
        },
      });
    },
  };
  return { source, reached, open };
}

/**
 * The store keys under which a dataset's versions keep their rows: the ready version's and the
 * staged import's (`status.storeKey`, the bare id for rows written before schema v3).
 */
export async function storeKeysOf(db: FairgroundDb, datasetId: string): Promise<string[]> {
  const rows = [await db.get('datasets', datasetId), await db.get('staging', datasetId)];
  return rows.flatMap((r) => (r ? [r.status.storeKey ?? r.id] : []));
}

/** The store key of the staged import of a dataset (in progress, interrupted or failed). */
export async function stagedKey(db: FairgroundDb, datasetId: string): Promise<string> {
  const row = await db.get('staging', datasetId);
  if (!row) throw new Error(`no staged import of "${datasetId}"`);
  return row.status.storeKey ?? row.id;
}

/**
 * Every stored record of a dataset (all its versions), decoded from its chunk rows in key order,
 * for checks that bypass the readers. `only` picks one store key.
 */
export async function rawRecords(db: FairgroundDb, datasetId: string, only?: string): Promise<StoredRecord[]> {
  const keys = only === undefined ? await storeKeysOf(db, datasetId) : [only];
  const chunks = (await db.getAll('chunks')).filter((r) => keys.includes(r.datasetId));
  const ids = (await db.getAll('chunkIds')).filter((r) => keys.includes(r.datasetId));
  expect(ids.map((r) => [r.datasetId, r.shard, r.path, r.chunk])).toEqual(chunks.map((r) => [r.datasetId, r.shard, r.path, r.chunk]));
  return chunks.flatMap((c, i) => recordsOfChunk(c, ids[i].ids, datasetId));
}

/** Rows of every store that name a store key of no stored version: what a failed or deleted import must never leave. */
export async function orphanRows(db: FairgroundDb): Promise<string[]> {
  const live = new Set<string>();
  for (const r of [...(await db.getAll('datasets')), ...(await db.getAll('staging'))]) live.add(r.status.storeKey ?? r.id);
  const out: string[] = [];
  for (const store of ['chunks', 'chunkIds', 'shardState'] as const) {
    for (const r of await db.getAll(store)) if (!live.has(r.datasetId)) out.push(`${store} ${r.datasetId} ${r.path}`);
  }
  return out;
}

/**
 * The inflate worker's reader with the worker's side run in this thread:
 * `workerShardReader` with a stand-in Worker that calls `serveShard`, so the
 * MessagePort protocol (pieces, acks, cancel, errors) is the one the page uses.
 */
export function channelReader(): WorkerShardReader & { served: () => number } {
  let served = 0;
  const fakeWorker = {
    postMessage: (request: ShardRequest) => {
      served++;
      void serveShard(request);
    },
    addEventListener: (type: string, listener: (e: { data: unknown }) => void) => {
      if (type === 'message') queueMicrotask(() => listener({ data: INFLATE_WORKER_READY }));
    },
    terminate: () => undefined,
  };
  return { ...workerShardReader(() => fakeWorker as unknown as Worker), served: () => served };
}

/**
 * Import workers with their side run in this thread: `workerPartRunner` with a stand-in Worker,
 * one end of a MessageChannel whose other end exposes `shardImportApi` (Comlink, as in the
 * worker) on its own connection to `factory`'s database. `running()` is the most parts that were
 * imported at once across the runners made; `made()` the runners made.
 */
export function channelRunners(factory: IDBFactory): { make: () => PartRunner; running: () => number; made: () => number } {
  let now = 0;
  let most = 0;
  let made = 0;
  const make = () => {
    made++;
    const { port1, port2 } = new MessageChannel();
    const api = shardImportApi((name) => openFairgroundDb(name, factory));
    Comlink.expose({
      ...api,
      async importPart(...args: Parameters<typeof api.importPart>) {
        most = Math.max(most, ++now);
        try {
          return await api.importPart(...args);
        } finally {
          now--;
        }
      },
    }, port2 as unknown as Comlink.Endpoint);
    const worker = Object.assign(port1, { terminate: () => { port1.close(); port2.close(); } });
    return workerPartRunner(() => worker as unknown as Worker);
  };
  return { make, running: () => most, made: () => made };
}

/** A fresh database in a factory of its own, with the factory (for channelRunners). */
export async function freshDbWithFactory(): Promise<{ db: FairgroundDb; factory: IDBFactory }> {
  const factory = new IDBFactory();
  return { db: await openFairgroundDb(`test-${counter++}`, factory), factory };
}
