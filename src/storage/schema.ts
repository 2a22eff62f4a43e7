import type { DBSchema } from 'idb';
import type { Manifest, ShardKind } from '../core/formats/manifest.ts';
import type { LineFormat, RecordOfKind } from '../core/formats/records.ts';
import type { RunConfig, RunResults, StoredModelProgress } from '../core/audit/run/index.ts';
import type { ImportedDocument } from '../core/documents/candidateDocument.ts';
import type { ReviewDecision } from '../core/ownData/review.ts';
import type { DraftOptions } from '../core/ownData/draftOptions.ts';
import type { ColumnMapping } from '../core/documents/columnMapping.ts';

/**
 * Version of the IndexedDB schema; `upgrade` in db.ts switches on the old one.
 * 1: one `records` row per record (3 indexes). 2: `chunks` + `chunkIds`, one row per chunk of records (chunks.ts).
 * 3: `staging` holds imports until they are complete; `datasets` holds only ready versions, each
 * with its rows under its own store key (`ImportStatus.storeKey`).
 * 4: `drafts` and `reviews` keep a user's own candidates and the review of their generated variants.
 */
export const DB_VERSION = 4;

/** The error message a dataset stored under schema v1 carries after the upgrade: its records were dropped. */
export const REIMPORT_MESSAGE = 'stored by an older version of Fairground, whose records could not be kept: import it again';

export type ImportState = 'importing' | 'ready' | 'failed';

/** The error that stopped an import, as stored with a failed dataset. */
export interface StoredImportError {
  readonly shard?: string;
  readonly path?: string;
  readonly line?: number;
  readonly message: string;
}

/** Import status of a dataset. Only a `ready` dataset may be read. */
export interface ImportStatus {
  readonly state: ImportState;
  /**
   * The first element of the keys of this version's `chunks`, `chunkIds` and `shardState` rows
   * (`storeKeys.ts`): `<id>@<16 hex digits of the manifest SHA-256>`, so that a new version can
   * be written beside the stored one. Absent in rows written before schema v3, whose rows are
   * under the bare dataset id.
   */
  readonly storeKey?: string;
  /** Epoch ms when the dataset became ready. */
  readonly importedAt?: number;
  /** Total bytes of its shard files as read (compressed size for .gz). */
  readonly bytes: number;
  /** Records per shard name (all parts together), filled as shards finish. */
  readonly records: Readonly<Record<string, number>>;
  /** Qrels rows naming a query or document id absent from the dataset, per qrels shard name. */
  readonly unknownQrels: Readonly<Record<string, number>>;
  /** SHA-256 of manifest.json (or of the built manifest for an MTEB folder). */
  readonly manifestSha256: string;
  readonly error?: StoredImportError;
}

/**
 * A row of `datasets` (a complete version, state `ready`: what the readers read) or of `staging`
 * (an import in progress, interrupted or failed, state `importing` or `failed`): the manifest and
 * its import status. A dataset id may have one of each: the stored version and the next one.
 */
export interface DatasetEntry {
  readonly id: string;
  readonly manifest: Manifest;
  readonly status: ImportStatus;
}

/** A record as the readers return it; `shard` is the shard name, `path` the part file. */
export type StoredRecord = {
  [K in ShardKind]: {
    readonly datasetId: string;
    readonly shard: string;
    readonly path: string;
    readonly id: string;
    readonly kind: K;
    readonly data: RecordOfKind[K];
  };
}[ShardKind];

/**
 * In `chunks`, `chunkIds` and `shardState` rows, `datasetId` holds the store key of one version
 * of the dataset (`ImportStatus.storeKey`), not always the bare id: the name stays because it is
 * part of the key path, which IndexedDB cannot change without copying every row.
 */

/**
 * A row of `chunks`: up to `batchSize` (1,000) records or ~1 MiB of text of one part file, as
 * the raw source lines of those records (validated when imported, parsed again when read), joined
 * by LF; line i is the record whose id is `ids[i]` of the `chunkIds` row with the same key.
 * Key [datasetId, shard, path, chunk]: every prefix (dataset, shard, part) is a key range.
 */
export interface ChunkEntry {
  readonly datasetId: string;
  readonly shard: string;
  readonly path: string;
  readonly chunk: number;
  readonly kind: ShardKind;
  readonly format: LineFormat;
  readonly lines: string;
}

/** A row of `chunkIds`, same key as its `chunks` row: the record ids of that chunk, in line order. */
export interface ChunkIdsEntry {
  readonly datasetId: string;
  readonly shard: string;
  readonly path: string;
  readonly chunk: number;
  readonly ids: readonly string[];
}

export type ChunkKey = [string, string, string, number];

/**
 * A row of `shardState`, one per part file (`path`). `partial` means writing
 * began: such a part's records are never counted or read, and a resumed
 * import deletes them and starts the part again.
 */
export type ShardStateEntry =
  | { readonly datasetId: string; readonly path: string; readonly state: 'done'; readonly records: number; readonly bytes: number; readonly unknownQrels: number }
  | { readonly datasetId: string; readonly path: string; readonly state: 'partial'; readonly offsetBytes: number; readonly lines: number };

/** A row of `embeddings`. The key is made by `embeddingKey` (embeddingCache.ts). */
export interface EmbeddingEntry {
  readonly key: string;
  readonly modelId: string;
  readonly vector: Float32Array;
  readonly createdAt: number;
}

/**
 * Where a run stands. `interrupted`: it was `running` when its tab closed or crashed and no tab
 * holds it now (issue 48): it waits for Resume or Discard, and is never shown as running.
 */
export type RunState = 'pending' | 'running' | 'interrupted' | 'done' | 'failed' | 'cancelled';

/** A row of `runs`: its configuration and, per model key, where that model stands. */
export interface RunEntry {
  readonly id: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly status: RunState;
  readonly config: RunConfig;
  /** Progress per model key (runModelKey). */
  readonly progress: Readonly<Record<string, { readonly done: number; readonly total: number; readonly detail?: StoredModelProgress }>>;
  readonly error?: string;
  /**
   * A failed run whose finished models' results were kept as a results object (issue 31): how many
   * of its models it holds. Absent for a run that finished, or failed before any model did.
   */
  readonly partial?: { readonly done: number; readonly of: number };
}

/** A row of `results`: the results object of one run. */
export interface ResultsEntry {
  readonly runId: string;
  readonly createdAt: number;
  readonly results: RunResults;
}

/**
 * A row of `drafts`: a user's own candidates on their way to a dataset — the imported CVs and job
 * posts and the generator's options. The variants are not stored: the generator is seeded and
 * pure, so they are made again from these on reload; only the review decisions are (`reviews`).
 */
export interface DraftEntry {
  readonly id: string;
  readonly title: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly cvs: readonly ImportedDocument[];
  readonly jobs: readonly ImportedDocument[];
  readonly options: DraftOptions;
  /** The dataset made from it, once made. */
  readonly datasetId?: string;
  /** The column mapping last used for each side's tables (offered again when its columns fit). */
  readonly mappings?: Readonly<Partial<Record<'cvs' | 'jobs', ColumnMapping>>>;
  /** The language last given to each side's documents that carry none. */
  readonly lastLang?: Readonly<Partial<Record<'cvs' | 'jobs', string>>>;
}

/** A row of `reviews`: the decision on one generated variant of a draft (no row: pending). */
export interface ReviewEntry {
  readonly draftId: string;
  readonly variantId: string;
  readonly decision: ReviewDecision;
}

/** The whole database, typed for idb. */
export interface FairgroundDB extends DBSchema {
  datasets: { key: string; value: DatasetEntry };
  staging: { key: string; value: DatasetEntry };
  chunks: { key: ChunkKey; value: ChunkEntry };
  chunkIds: { key: ChunkKey; value: ChunkIdsEntry };
  shardState: { key: [string, string]; value: ShardStateEntry };
  embeddings: { key: string; value: EmbeddingEntry; indexes: { byModel: string } };
  runs: { key: string; value: RunEntry };
  results: { key: string; value: ResultsEntry };
  drafts: { key: string; value: DraftEntry };
  reviews: { key: [string, string]; value: ReviewEntry };
}
