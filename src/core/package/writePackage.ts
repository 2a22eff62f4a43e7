import { gzipSync } from 'fflate';
import { parseManifest, type ManifestGeneration, type ShardEntry, type ShardKind, type Task } from '../formats/manifest.ts';
import {
  validateRecord, type CorpusRecord, type CvRecord, type JobRecord, type LabelRecord, type PoolRecord,
  type QrelsRecord, type QueryRecord, type TwinRecord, type VariantRecord,
} from '../formats/records.ts';
import { FormatError } from '../formats/formatError.ts';
import { sha256Hex } from '../sha256.ts';
import { canonicalValue, orderedRecord } from './recordOrder.ts';

/** What a dataset package holds; each non-empty list becomes one shard, `<kind>.jsonl.gz`, named by its kind. */
export interface PackageInput {
  readonly id: string;
  readonly version: string;
  readonly title: string;
  readonly description?: string;
  readonly license?: string;
  readonly languages: readonly string[];
  readonly jobs?: readonly JobRecord[];
  readonly cvs?: readonly CvRecord[];
  readonly pools?: readonly PoolRecord[];
  readonly variants?: readonly VariantRecord[];
  readonly labels?: readonly LabelRecord[];
  readonly corpus?: readonly CorpusRecord[];
  readonly queries?: readonly QueryRecord[];
  readonly qrels?: readonly QrelsRecord[];
  readonly twins?: readonly TwinRecord[];
  /** The tasks, naming shards by kind (`"cvs": "cvs"`). */
  readonly tasks: readonly Task[];
  /** How the variants were generated and reviewed, written into the manifest as `generation` (keys sorted). */
  readonly generation?: ManifestGeneration;
}

/** A package's files, `manifest.json` first, then the shards in the order of SHARD_ORDER. */
export interface PackageFiles {
  readonly files: readonly { readonly path: string; readonly bytes: Uint8Array }[];
}

/** The shards a package may have, in the order they are written. */
export const SHARD_ORDER = Object.freeze(['jobs', 'cvs', 'pools', 'variants', 'labels', 'corpus', 'queries', 'qrels', 'twins'] as const);

/**
 * Writes a dataset package (docs/datasets.md): one gzipped JSON Lines shard per non-empty
 * record list, and a manifest whose entries carry each shard's records, bytes and SHA-256.
 * Deterministic: records keep their order, their keys a fixed order (recordOrder.ts), one per
 * line, `\n`-terminated; gzip at level 9 with mtime 0 and no file name; the manifest is JSON
 * with two-space indentation and a final newline. Identical input gives identical bytes.
 * @throws {FormatError} a record that is not valid for its kind (naming the shard and the
 *   record's line), or a manifest that `parseManifest` refuses (a task naming a missing shard).
 * @example writeDatasetPackage({ id: 'mine', version: '1.0.0', title: 'Mine', languages: ['en'], jobs, cvs, pools, tasks: [screening] }).files[0].path // 'manifest.json'
 */
export function writeDatasetPackage(input: PackageInput): PackageFiles {
  const shards: { entry: ShardEntry; bytes: Uint8Array }[] = [];
  for (const kind of SHARD_ORDER) {
    const records = input[kind] as readonly object[] | undefined;
    if (records === undefined || records.length === 0) continue;
    const path = `${kind}.jsonl.gz`;
    const bytes = gzipSync(new TextEncoder().encode(jsonLines(kind, records, path)), { level: 9, mtime: 0 });
    shards.push({ entry: { name: kind, kind, path, records: records.length, bytes: bytes.length, sha256: sha256Hex(bytes) }, bytes });
  }
  const manifest = {
    id: input.id,
    version: input.version,
    title: input.title,
    ...(input.description !== undefined && { description: input.description }),
    ...(input.license !== undefined && { license: input.license }),
    languages: [...input.languages],
    ...(input.generation !== undefined && { generation: canonicalValue(input.generation) }),
    tasks: input.tasks,
    shards: shards.map((s) => s.entry),
  };
  parseManifest(JSON.parse(JSON.stringify(manifest)));
  const manifestBytes = new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`);
  return { files: [{ path: 'manifest.json', bytes: manifestBytes }, ...shards.map((s) => ({ path: s.entry.path, bytes: s.bytes }))] };
}

/** The JSON Lines text of one shard, each record checked by validateRecord (its line named on failure). */
function jsonLines(kind: ShardKind, records: readonly object[], path: string): string {
  let out = '';
  for (const [i, record] of records.entries()) {
    const ordered = orderedRecord(kind, record);
    try {
      validateRecord(kind, ordered, i + 1);
    } catch (e) {
      if (e instanceof FormatError) throw new FormatError(e.message, e.line, path);
      throw e;
    }
    out += `${JSON.stringify(ordered)}\n`;
  }
  return out;
}
