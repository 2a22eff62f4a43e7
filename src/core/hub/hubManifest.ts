import { FormatError } from '../formats/formatError.ts';
import { parseManifest } from '../formats/manifest.ts';
import type { Manifest, ShardEntry } from '../formats/manifest.ts';
import type { HubDatasetRef } from './hubDatasetRef.ts';
import { placeHubFile } from './hubLayout.ts';
import type { HubPlacedFile, HubRole } from './hubLayout.ts';
import type { HubFile, HubListing } from './hubListing.ts';

/** Qrels splits in order of preference when the dataset has several (as buildMtebManifest). */
const SPLIT_PREFERENCE = Object.freeze(['test', 'dev', 'validation', 'train']);

/** What the manifest of a Hub dataset records of where it came from (field `source`). */
export interface HubManifestSource {
  readonly hub: string;
  /**
   * The commit the files were read at. What the user asked for (a branch, a tag) is not kept:
   * `owner/name@main` and `owner/name@<its commit>` are the same manifest, so the same dataset.
   */
  readonly revision: string;
  readonly config?: string;
  readonly split: string;
}

/**
 * Builds the manifest of an MTEB-layout Hub dataset from its file listing
 * (hubLayout.ts lists the layouts): one retrieval task named after the qrels
 * split, shards `corpus`, `queries` and `qrels` whose parts are the files of
 * that subset and split, with the sizes and SHA-256 the Hub gave.
 *
 * - The subset is `ref.config` (`default` is the dataset of one subset);
 *   a dataset that has only subsets and none chosen is refused, naming them.
 * - The split is `ref.split`, else test, dev, validation, train, else the first by name.
 *   Corpus and queries files of that split are used when there are some, else
 *   those of their only split (or the split named `corpus`/`queries`).
 * - id `<owner>--<name>[--<subset>]`; version the commit SHA, so a permalink
 *   of an audit on it names the commit; `source` records the Hub id and commit.
 *
 * @throws {FormatError} naming what is missing (a file, a subset, a split).
 * @example buildHubManifest({ repo: 'mteb/scifact' }, { repo: 'mteb/scifact', sha: 'a'.repeat(40),
 *   files: [{ path: 'corpus.jsonl' }, { path: 'queries.jsonl' }, { path: 'qrels/test.tsv' }] })
 *   // { id: 'mteb--scifact', version: 'aaaa…', tasks: [{ type: 'retrieval', name: 'test', … }], … }
 */
export function buildHubManifest(ref: HubDatasetRef, listing: HubListing): Manifest {
  const placed = listing.files.map((f) => placeHubFile(f.path)).filter((p): p is HubPlacedFile => p !== undefined);
  const subset = ref.config === 'default' ? '' : (ref.config ?? '');
  const subsets = [...new Set(placed.map((p) => p.subset))].sort();
  const mine = placed.filter((p) => p.subset === subset);
  const of = (role: HubRole) => mine.filter((p) => p.role === role);
  if (mine.length === 0 && subsets.length > 0) {
    const named = subsets.filter(Boolean).map((s) => `"${s}"`).join(', ');
    throw new FormatError(
      subset === ''
        ? `"${ref.repo}" has subsets ${named}: pick one, e.g. ${ref.repo}:${subsets.find(Boolean)}`
        : `"${ref.repo}" has no subset "${subset}"; it has ${named || 'only the default one'}`,
    );
  }
  const missing = (['corpus', 'queries', 'qrels'] as const).filter((r) => of(r).length === 0);
  if (missing.length > 0) {
    throw new FormatError(
      `"${ref.repo}"${subset ? ` (subset "${subset}")` : ''} is not an MTEB retrieval dataset: no ${missing.join(', ')} files ` +
        `(looked for corpus.jsonl, corpus/*.parquet, queries/…, qrels/<split>.tsv, data/<split>-*.parquet)`,
    );
  }
  const split = pickSplit(ref, of('qrels'));
  const byPath = new Map(listing.files.map((f) => [f.path, f]));
  const shards = (['corpus', 'queries', 'qrels'] as const).flatMap((role) =>
    filesFor(role, of(role), split).map((p) => entry(role, byPath.get(p.path)!)),
  );
  const slug = [...ref.repo.split('/'), ...(subset ? [subset] : [])].join('--').replace(/[^A-Za-z0-9._-]+/g, '-');
  const source: HubManifestSource = { hub: ref.repo, revision: listing.sha, ...(subset ? { config: subset } : {}), split };
  return parseManifest({
    id: slug.replace(/^[._-]+/, ''),
    version: listing.sha,
    title: subset ? `${ref.repo} (${subset})` : ref.repo,
    description: `Hugging Face Hub dataset ${ref.repo}${subset ? `, subset ${subset}` : ''}, commit ${listing.sha.slice(0, 12)} (qrels split ${split})`,
    languages: [],
    tasks: [{ type: 'retrieval', name: split, corpus: 'corpus', queries: 'queries', qrels: 'qrels', relevance_threshold: 1, k: [10] }],
    shards,
    source,
  });
}

function pickSplit(ref: HubDatasetRef, qrels: readonly HubPlacedFile[]): string {
  const splits = [...new Set(qrels.map((p) => p.split!))].sort();
  if (ref.split !== undefined) {
    if (!splits.includes(ref.split)) throw new FormatError(`"${ref.repo}" has no qrels split "${ref.split}"; it has ${splits.map((s) => `"${s}"`).join(', ')}`);
    return ref.split;
  }
  return SPLIT_PREFERENCE.find((s) => splits.includes(s)) ?? splits[0];
}

/** The corpus or queries files to use for a qrels split (the qrels: exactly that split's). */
function filesFor(role: HubRole, files: readonly HubPlacedFile[], split: string): HubPlacedFile[] {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const bySplit = (s: string | undefined) => oneLayout(sorted.filter((p) => p.split === s));
  if (role === 'qrels') return bySplit(split);
  if (bySplit(split).length > 0) return bySplit(split);
  const splits = [...new Set(sorted.map((p) => p.split))];
  if (splits.length === 1) return sorted;
  if (bySplit(role).length > 0) return bySplit(role);
  // Root files beside config folders: the root ones are the BEIR originals.
  if (bySplit(undefined).length > 0) return bySplit(undefined);
  throw new FormatError(`the ${role} has splits ${splits.map((s) => `"${s}"`).join(', ')} and none is "${split}": pick the split with owner/name:config/split`);
}

/**
 * The files of one layout: when the same part is there twice (BEIR files and a Parquet folder,
 * as after a conversion), the Parquet folder's, so no record is read twice.
 */
function oneLayout(files: readonly HubPlacedFile[]): HubPlacedFile[] {
  const folder = (p: HubPlacedFile) => (p.path.includes('/') ? p.path.split('/')[0] : '');
  const folders = [...new Set(files.map(folder))];
  if (folders.length <= 1) return [...files];
  const chosen = folders.find((f) => files.some((p) => folder(p) === f && p.path.endsWith('.parquet'))) ?? folders[0];
  return files.filter((p) => folder(p) === chosen);
}

function entry(role: HubRole, file: HubFile): ShardEntry {
  return { name: role, kind: role, path: file.path, ...(file.bytes ? { bytes: file.bytes } : {}), ...(file.sha256 ? { sha256: file.sha256 } : {}) };
}
