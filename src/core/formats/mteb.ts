import { FormatError } from './formatError.ts';
import { parseManifest } from './manifest.ts';
import type { Manifest, ShardEntry } from './manifest.ts';

/** A file of a picked folder: its path relative to the folder, size and modification time. */
export interface FolderFile {
  readonly path: string;
  readonly bytes: number;
  readonly lastModified?: number;
}

const CORPUS = /^corpus\.jsonl(\.gz)?$/;
const QUERIES = /^queries\.jsonl(\.gz)?$/;
const QRELS = /^qrels\/([^/]+)\.tsv(\.gz)?$/;
/** Qrels splits in order of preference when a folder holds several. */
const SPLIT_PREFERENCE = Object.freeze(['test', 'dev', 'validation', 'train']);

/**
 * Builds the manifest of a plain MTEB/BEIR folder (corpus.jsonl,
 * queries.jsonl, qrels/<split>.tsv, each optionally gzipped), which carries
 * none. The qrels split is test.tsv when present, else dev, validation,
 * train, else the first in name order. The manifest lists the files with
 * size and modification time (field `mteb_folder`), so that its hash, and
 * so "is this the dataset already imported?", changes when a file does.
 *
 * @param folderName the picked folder's name; the dataset id is its slug.
 * @throws {FormatError} naming the missing file when the folder is not MTEB-shaped.
 * @example
 * buildMtebManifest([{path:'corpus.jsonl',bytes:9},{path:'queries.jsonl',bytes:9},{path:'qrels/test.tsv',bytes:9}], 'scifact')
 *   .tasks[0] // {type:'retrieval', name:'test', corpus:'corpus', queries:'queries', qrels:'qrels', …}
 */
export function buildMtebManifest(files: readonly FolderFile[], folderName: string): Manifest {
  const find = (re: RegExp) => files.filter((f) => re.test(f.path)).sort((a, b) => a.path.localeCompare(b.path));
  const corpus = find(CORPUS)[0];
  const queries = find(QUERIES)[0];
  const qrelsFiles = find(QRELS);
  const missing = [!corpus && 'corpus.jsonl', !queries && 'queries.jsonl', qrelsFiles.length === 0 && 'qrels/test.tsv']
    .filter(Boolean);
  if (missing.length > 0) {
    throw new FormatError(`not a dataset package (no manifest.json) nor an MTEB folder: missing ${missing.join(', ')}`);
  }
  const splitOf = (f: FolderFile) => QRELS.exec(f.path)![1];
  const qrels =
    SPLIT_PREFERENCE.map((s) => qrelsFiles.find((f) => splitOf(f) === s)).find((f) => f !== undefined) ?? qrelsFiles[0];
  const shard = (name: string, kind: ShardEntry['kind'], f: FolderFile): ShardEntry => ({ name, kind, path: f.path, bytes: f.bytes });
  const id = folderName.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[-._]+|-+$/g, '') || 'mteb-dataset';
  return parseManifest({
    id,
    version: '1.0.0',
    title: folderName || id,
    description: `MTEB/BEIR folder "${folderName}" (qrels split ${splitOf(qrels)})`,
    languages: [],
    tasks: [{ type: 'retrieval', name: splitOf(qrels), corpus: 'corpus', queries: 'queries', qrels: 'qrels', relevance_threshold: 1, k: [10] }],
    shards: [shard('corpus', 'corpus', corpus), shard('queries', 'queries', queries), shard('qrels', 'qrels', qrels)],
    mteb_folder: [corpus, queries, qrels].map((f) => ({ path: f.path, bytes: f.bytes, lastModified: f.lastModified ?? null })),
  });
}
