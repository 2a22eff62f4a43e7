import { FormatError } from '../formats/formatError.ts';
import { parseManifest } from '../formats/manifest.ts';
import type { Manifest, ShardEntry } from '../formats/manifest.ts';
import type { DatasetCardHints } from './datasetCard.ts';
import type { HubDatasetRef } from './hubDatasetRef.ts';
import { dataFiles, hubFileRoleText, placeMappedFiles, suggestHubFileMap } from './hubFileMap.ts';
import type { HubFileMap } from './hubFileMap.ts';
import { placeListedFiles } from './cardPlacement.ts';
import type { HubPlacedFile, HubRole } from './hubLayout.ts';
import { HubLayoutError } from './hubLayoutError.ts';
import type { HubFile, HubListing } from './hubListing.ts';
import { filesFor, orderedSplits } from './hubSplits.ts';

/** What the manifest of a Hub dataset records of where it came from (field `source`). */
export interface HubManifestSource {
  readonly hub: string;
  /**
   * The commit the files were read at. What the user asked for (a branch, a tag) is not kept:
   * `owner/name@main` and `owner/name@<its commit>` are the same manifest, so the same dataset.
   */
  readonly revision: string;
  readonly config?: string;
  /** The first retrieval task's qrels split; `splits` lists them all when there are several. */
  readonly split: string;
  readonly splits?: readonly string[];
  /** The user's map of files to roles (path → `corpus`, `qrels:test`, `twins:gender`…), when one placed the files. */
  readonly map?: Readonly<Record<string, string>>;
}

/** What besides the listing decides the manifest. */
export interface HubManifestOptions {
  /** The user's map of files to roles; without it the known layouts place the files (hubLayout.ts). */
  readonly map?: HubFileMap;
  /** The groups of each twins attribute as the user gave them; they come before the card's. */
  readonly groups?: Readonly<Record<string, readonly string[]>>;
  /** The dataset card's `fairground:` block (datasetCard.ts). */
  readonly card?: DatasetCardHints;
  /** The groups the twins records carry (`group`, `twin_group`; twinGroups.ts), used when neither the user nor the card gives them. */
  readonly recordGroups?: Readonly<Record<string, readonly string[]>>;
}

const RETRIEVAL_ROLES = ['corpus', 'queries', 'qrels'] as const;

/**
 * Builds the manifest of a Hub dataset from its file listing (hubLayout.ts lists the layouts;
 * the card's `configs:` come first, cardPlacement.ts), or from the user's map of its files to roles.
 *
 * - The subset is `ref.config` (`default` is the dataset of one subset). A dataset of subsets
 *   with twins configs (the fair-freelancer benchmark's layout) and none chosen is ONE dataset:
 *   each part is the files of all its subsets, in the order of the card's `language:` list, then by name. Another dataset of subsets with none chosen is
 *   refused, naming them.
 * - Retrieval tasks: `ref.split`, else one per qrels split for the benchmark layout and a map,
 *   else the preferred split (test, dev, validation, train, else the first by name), named
 *   after it. Shards `corpus`, `queries`, `qrels` for one task; `queries-<split>`,
 *   `qrels-<split>` (and `corpus-<split>` when the corpus differs by split) for several. When the
 *   subsets read as one dataset each have a corpus of their own (`<lang>-corpus`), the tasks
 *   declare `pool: language`: a language's queries rank in its corpus, as the fair-freelancer
 *   protocol and MTEB's per-language evaluation do (the card's `fairground: pool:` decides otherwise).
 * - A part that would be read from a `partial-<split>` folder of the Hub's Parquet conversion
 *   is refused (FormatError), naming the folder.
 * - Twins: one shard `twins-<attribute>` per attribute and one twins task per attribute and
 *   retrieval task (`<attribute>`, or `<attribute>-<split>` for several), its groups from
 *   `options.groups` (the user), else the card's `twin_groups`, else the records' (`recordGroups`).
 * - id `<owner>--<name>[--<subset>]`; version the commit SHA, so a permalink of an audit on it
 *   names the commit; `source` records the Hub id, commit and map.
 *
 * @throws {HubLayoutError} when the files cannot be placed (`gap: 'files'`) or twins groups are
 *   unknown (`gap: 'groups'`), with what a form needs to ask; {FormatError} for a subset or split
 *   that is not there.
 * @example buildHubManifest({ repo: 'mteb/scifact' }, { repo: 'mteb/scifact', sha: 'a'.repeat(40),
 *   files: [{ path: 'corpus.jsonl' }, { path: 'queries.jsonl' }, { path: 'qrels/test.tsv' }] })
 *   // { id: 'mteb--scifact', version: 'aaaa…', tasks: [{ type: 'retrieval', name: 'test', … }], … }
 */
export function buildHubManifest(ref: HubDatasetRef, listing: HubListing, options: HubManifestOptions = {}): Manifest {
  const { map } = options;
  const placed = map ? placeMappedFiles(listing, map) : placeListedFiles(listing.files.map((f) => f.path), options.card?.configs);
  const layoutGap = (message: string) => new HubLayoutError(message, 'files', dataFiles(listing), map ?? suggestHubFileMap(listing));
  const subset = ref.config === 'default' ? '' : (ref.config ?? '');
  const subsets = subsetOrder([...new Set(placed.map((p) => p.subset))], options.card?.languages);
  const benchmark = ref.config === undefined && placed.some((p) => p.role === 'twins');
  const chosen = benchmark ? subsets : [subset];
  const mine = placed.filter((p) => chosen.includes(p.subset));
  if (mine.length === 0 && subsets.length > 0) {
    const named = subsets.filter(Boolean).map((s) => `"${s}"`).join(', ');
    throw new FormatError(
      subset === ''
        ? `"${ref.repo}" has subsets ${named}: pick one, e.g. ${ref.repo}:${subsets.find(Boolean)}`
        : `"${ref.repo}" has no subset "${subset}"; it has ${named || 'only the default one'}`,
    );
  }
  checkParts(ref, mine, chosen, subset, map !== undefined, layoutGap);

  const qrelSplits = orderedSplits(mine.filter((p) => p.role === 'qrels').map((p) => p.split!));
  if (ref.split !== undefined && !qrelSplits.includes(ref.split)) {
    throw new FormatError(`"${ref.repo}" has no qrels split "${ref.split}"; it has ${qrelSplits.map((s) => `"${s}"`).join(', ')}`);
  }
  const splits = ref.split !== undefined ? [ref.split] : benchmark || map ? qrelSplits : qrelSplits.slice(0, 1);
  const byPath = new Map(listing.files.map((f) => [f.path, f]));
  // Each language subset with a corpus of its own: its queries rank in it (the fair-freelancer protocol), unless the card says otherwise.
  const ownCorpora = benchmark && new Set(mine.filter((p) => p.role === 'corpus').map((p) => p.subset)).size > 1;
  const pool = (options.card?.pool ?? (ownCorpora ? 'language' : 'corpus')) === 'language' ? 'language' : undefined;
  const { shards, tasks } = retrievalParts(mine, chosen, splits, byPath, options.card?.relevanceThreshold ?? 1, pool);
  const twins = twinsParts(mine, chosen, splits, byPath, options, (message, missing, files) => new HubLayoutError(message, 'groups', dataFiles(listing), map ?? suggestHubFileMap(listing), missing, files));
  refusePartial(ref, mine, [...shards, ...twins.shards]);

  const slug = [...ref.repo.split('/'), ...(subset ? [subset] : [])].join('--').replace(/[^A-Za-z0-9._-]+/g, '-');
  const source: HubManifestSource = {
    hub: ref.repo, revision: listing.sha, ...(subset ? { config: subset } : {}), split: splits[0],
    ...(splits.length > 1 ? { splits } : {}),
    ...(map ? { map: Object.fromEntries(Object.entries(map).map(([p, r]) => [p, hubFileRoleText(r)])) } : {}),
  };
  const named = subsets.filter(Boolean);
  const what = benchmark && named.length > 0 ? `, subsets ${named.join(', ')} as one dataset` : subset ? `, subset ${subset}` : map ? ', files mapped by the user' : '';
  return parseManifest({
    id: slug.replace(/^[._-]+/, ''),
    version: listing.sha,
    title: subset ? `${ref.repo} (${subset})` : ref.repo,
    description: `Hugging Face Hub dataset ${ref.repo}${what}, commit ${listing.sha.slice(0, 12)} (qrels split${splits.length > 1 ? 's' : ''} ${splits.join(', ')})`,
    languages: benchmark ? subsets.filter((s) => /^[a-z]{2,3}$/.test(s)) : [],
    tasks: [...tasks, ...twins.tasks],
    shards: [...shards, ...twins.shards],
    source,
  });
}

/** Subsets in the order of the card's language list (a benchmark's parts are read in it), then by name. */
function subsetOrder(subsets: readonly string[], languages: readonly string[] = []): string[] {
  const rank = (s: string) => (languages.includes(s) ? languages.indexOf(s) : languages.length);
  return [...subsets].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** Every retrieval subset has a corpus, queries and qrels; the error says what is missing, and how to say it. */
function checkParts(ref: HubDatasetRef, mine: readonly HubPlacedFile[], chosen: readonly string[], subset: string, mapped: boolean, gap: (message: string) => Error): void {
  const has = (s: string, r: HubRole) => mine.some((p) => p.subset === s && p.role === r);
  const missing = RETRIEVAL_ROLES.filter((r) => !mine.some((p) => p.role === r));
  if (missing.length > 0) {
    throw gap(
      mapped
        ? `the map gives "${ref.repo}" no ${missing.join(', ')} file: give each part a file (corpus, queries and qrels are needed; twins are optional)`
        : `"${ref.repo}"${subset ? ` (subset "${subset}")` : ''} is not an MTEB retrieval dataset: no ${missing.join(', ')} files ` +
            `(looked for corpus.jsonl, corpus/*.parquet, queries/…, qrels/<split>.tsv, data/<split>-*.parquet); map its files to corpus, queries and qrels`,
    );
  }
  for (const s of chosen) {
    const lacks = RETRIEVAL_ROLES.filter((r) => !has(s, r));
    if (lacks.length > 0 && lacks.length < 3) throw gap(`"${ref.repo}" subset "${s}" has no ${lacks.join(', ')} files (configs ${s}-corpus, ${s}-queries, ${s}-qrels)`);
  }
}

/** The retrieval shards and tasks: one task per split, the parts of all chosen subsets. */
function retrievalParts(
  mine: readonly HubPlacedFile[], chosen: readonly string[], splits: readonly string[], byPath: ReadonlyMap<string, HubFile>, threshold: number,
  pool: 'corpus' | 'language' | undefined,
) {
  const filesOf = (role: HubRole, split: string) =>
    chosen.flatMap((s) => {
      const own = mine.filter((p) => p.subset === s);
      if (!own.some((p) => p.role === 'qrels' && p.split === split)) return [];
      return filesFor(role, own.filter((p) => p.role === role), split);
    });
  const shards: ShardEntry[] = [];
  const names = (role: HubRole): string[] => {
    const lists = splits.map((split) => filesOf(role, split).map((p) => p.path));
    const shared = lists.every((l) => l.join('\n') === lists[0].join('\n'));
    const named = splits.map((split) => (shared || splits.length === 1 ? role : `${role}-${split}`));
    for (const [i, list] of lists.entries()) {
      if (i > 0 && shared) break;
      shards.push(...list.map((path) => entry(named[i], role, byPath.get(path)!)));
    }
    return named;
  };
  const corpus = names('corpus');
  const queries = names('queries');
  const qrels = names('qrels');
  const tasks = splits.map((split, i) => ({
    type: 'retrieval', name: split, corpus: corpus[i], queries: queries[i], qrels: qrels[i], relevance_threshold: threshold, k: [10], ...(pool ? { pool } : {}),
  }));
  return { shards, tasks };
}

/** One twins shard per attribute (the files of every chosen subset), and a twins task per attribute and retrieval task. */
function twinsParts(
  mine: readonly HubPlacedFile[], chosen: readonly string[], splits: readonly string[], byPath: ReadonlyMap<string, HubFile>,
  options: HubManifestOptions, gap: (message: string, missing: string[], files: Record<string, string[]>) => Error,
) {
  const attributes = [...new Set(mine.filter((p) => p.role === 'twins').map((p) => p.attribute!))].sort();
  const filesOf = (a: string) => chosen.flatMap((s) => filesFor('twins', mine.filter((p) => p.role === 'twins' && p.attribute === a && p.subset === s), splits[0]));
  const groupsOf = (a: string) => options.groups?.[a] ?? options.card?.twinGroups?.[a] ?? options.recordGroups?.[a];
  const missing = attributes.filter((a) => (groupsOf(a)?.length ?? 0) < 2);
  if (missing.length > 0) {
    throw gap(
      `the twins of ${missing.map((a) => `"${a}"`).join(', ')} need their groups, the first being F in the rank-biserial correlation ` +
        `(e.g. female, male): give them (--hub-groups ${missing[0]}=female/male), or add them to the dataset card (fairground: twin_groups: ${missing[0]}: [female, male])`,
      missing,
      Object.fromEntries(missing.map((a) => [a, filesOf(a).map((p) => p.path)])),
    );
  }
  const shards = attributes.flatMap((a) => filesOf(a).map((p) => entry(`twins-${a}`, 'twins', byPath.get(p.path)!)));
  const tasks = attributes.flatMap((a) =>
    splits.map((split) => ({ type: 'twins', name: splits.length === 1 ? a : `${a}-${split}`, of: split, twins: `twins-${a}`, attribute: a, groups: [...groupsOf(a)!] })),
  );
  return { shards, tasks };
}

/**
 * A part read from a `partial-<split>` folder of the Hub's Parquet conversion is refused: the Hub
 * converted only the first rows of that split, so an audit on it would pass for one on the whole
 * split. The message names the folders and where the whole split is.
 */
function refusePartial(ref: HubDatasetRef, mine: readonly HubPlacedFile[], shards: readonly ShardEntry[]): void {
  const used = new Set(shards.map((s) => s.path));
  const cut = new Map<string, string>();
  for (const p of mine) if (p.partial && used.has(p.path)) cut.set(p.path.slice(0, p.path.lastIndexOf('/') + 1), p.split!);
  if (cut.size === 0) return;
  const named = [...cut].map(([folder, split]) => `${folder} (split "${split}")`).join(', ');
  throw new FormatError(
    `"${ref.repo}" holds only part of ${cut.size === 1 ? 'a split' : 'some splits'} here: ${named} ${cut.size === 1 ? 'is' : 'are'} the Hub's partial Parquet conversion, ` +
      `the first rows of a split too large to convert whole, so an audit on ${cut.size === 1 ? 'it' : 'them'} would not be one of the whole split; ` +
      `import the dataset's own files instead (${ref.repo}, or ${ref.repo}@<revision> other than refs/convert/parquet)`,
  );
}

function entry(name: string, kind: HubRole, file: HubFile): ShardEntry {
  return { name, kind, path: file.path, ...(file.bytes ? { bytes: file.bytes } : {}), ...(file.sha256 ? { sha256: file.sha256 } : {}) };
}
