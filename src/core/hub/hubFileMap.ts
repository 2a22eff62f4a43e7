import { FormatError } from '../formats/formatError.ts';
import { placeHubFile } from './hubLayout.ts';
import type { HubPlacedFile } from './hubLayout.ts';
import type { HubListing } from './hubListing.ts';

/**
 * What a user says one file of a Hub dataset is, when its layout is not one
 * Fairground recognises (the Datasets view's form, the CLI's `--hub-map`):
 * corpus, queries, qrels of a split (`test` when none is given), the twins of
 * an attribute, or nothing to import.
 */
export type HubFileRole =
  | { readonly role: 'corpus' | 'queries' }
  | { readonly role: 'qrels'; readonly split?: string }
  | { readonly role: 'twins'; readonly attribute: string }
  | { readonly role: 'ignore' };

/** Each mapped file's path and role; files left out are not imported. */
export type HubFileMap = Readonly<Record<string, HubFileRole>>;

/** The files a role can be given to: the formats an import reads. */
export const HUB_DATA_FILE = /\.(jsonl|jsonl\.gz|parquet|tsv|tsv\.gz)$/;

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * One role written as text: `corpus`, `queries`, `qrels` or `qrels:<split>`, `twins:<attribute>`, `ignore`.
 * @throws {FormatError} saying the roles there are.
 * @example parseHubFileRole('twins:gender') // { role: 'twins', attribute: 'gender' }
 */
export function parseHubFileRole(text: string): HubFileRole {
  const [role, arg, ...rest] = text.trim().split(':');
  const ok = rest.length === 0 && (arg === undefined || NAME.test(arg));
  if (ok && arg === undefined && (role === 'corpus' || role === 'queries' || role === 'ignore')) return { role };
  if (ok && role === 'qrels') return arg === undefined ? { role } : { role, split: arg };
  if (ok && role === 'twins' && arg !== undefined) return { role, attribute: arg };
  throw new FormatError(`"${text}" is not a file role: use corpus, queries, qrels, qrels:<split>, twins:<attribute> (e.g. twins:gender) or ignore`);
}

/**
 * The role as text (the inverse of parseHubFileRole).
 * @example hubFileRoleText({ role: 'qrels', split: 'dev' }) // 'qrels:dev'
 */
export function hubFileRoleText(r: HubFileRole): string {
  if (r.role === 'twins') return `twins:${r.attribute}`;
  if (r.role === 'qrels' && r.split !== undefined) return `qrels:${r.split}`;
  return r.role;
}

/**
 * The CLI's `--hub-map PATH=ROLE,PATH=ROLE,…`.
 * @throws {FormatError} naming the entry to fix.
 * @example parseHubFileMap('docs.parquet=corpus,asks.jsonl=queries,judged.tsv=qrels')
 *   // { 'docs.parquet': { role: 'corpus' }, 'asks.jsonl': { role: 'queries' }, 'judged.tsv': { role: 'qrels' } }
 */
export function parseHubFileMap(text: string): HubFileMap {
  const map: Record<string, HubFileRole> = {};
  for (const entry of text.split(',')) {
    const at = entry.lastIndexOf('=');
    const path = entry.slice(0, at).trim();
    if (at <= 0 || path === '') throw new FormatError(`--hub-map entry "${entry}" is not PATH=ROLE (e.g. data/docs.parquet=corpus)`);
    if (path in map) throw new FormatError(`--hub-map names ${path} twice`);
    map[path] = parseHubFileRole(entry.slice(at + 1));
  }
  return map;
}

/**
 * A map as `--hub-map` text (the inverse of parseHubFileMap, for paths without a comma).
 * @example hubFileMapText({ 'a.jsonl': { role: 'corpus' }, 't.jsonl': { role: 'twins', attribute: 'gender' } }) // 'a.jsonl=corpus,t.jsonl=twins:gender'
 */
export function hubFileMapText(map: HubFileMap): string {
  return Object.entries(map).map(([path, r]) => `${path}=${hubFileRoleText(r)}`).join(',');
}

/**
 * Groups as `--hub-groups` text (the inverse of parseTwinGroups).
 * @example twinGroupsText({ gender: ['female', 'male'] }) // 'gender=female/male'
 */
export function twinGroupsText(groups: Readonly<Record<string, readonly string[]>>): string {
  return Object.entries(groups).map(([a, g]) => `${a}=${g.join('/')}`).join(',');
}

/**
 * The CLI's `--hub-groups ATTRIBUTE=G1/G2,…`: the groups of each twins attribute, the first F.
 * @throws {FormatError} naming the entry to fix.
 * @example parseTwinGroups('gender=female/male') // { gender: ['female', 'male'] }
 */
export function parseTwinGroups(text: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const entry of text.split(',')) {
    const [attribute, groups, ...rest] = entry.split('=');
    const list = (groups ?? '').split('/').map((g) => g.trim());
    if (rest.length > 0 || !NAME.test(attribute.trim()) || list.length < 2 || list.some((g) => g === '') || new Set(list).size < list.length) {
      throw new FormatError(`--hub-groups entry "${entry}" is not ATTRIBUTE=GROUP/GROUP with two or more different groups (e.g. gender=female/male)`);
    }
    out[attribute.trim()] = list;
  }
  return out;
}

/**
 * The files of a listing placed as a map says (hubManifest.ts builds the manifest from them).
 * @throws {FormatError} for a mapped path the listing lacks, or a file that is not JSONL, TSV or Parquet.
 */
export function placeMappedFiles(listing: HubListing, map: HubFileMap): HubPlacedFile[] {
  const paths = new Set(listing.files.map((f) => f.path));
  return Object.entries(map).flatMap(([path, r]): HubPlacedFile[] => {
    if (!paths.has(path)) throw new FormatError(`"${listing.repo}" has no file ${path} at commit ${listing.sha.slice(0, 12)}; its data files are ${dataFiles(listing).join(', ') || 'none'}`);
    if (r.role === 'ignore') return [];
    if (!HUB_DATA_FILE.test(path)) throw new FormatError(`${path} cannot be ${hubFileRoleText(r)}: only .jsonl(.gz), .tsv(.gz) and .parquet files are read`);
    // A file of a partial-<split> folder of the Hub's conversion stays marked: the manifest refuses it, mapped or not.
    const partial = placeHubFile(path)?.partial ? { partial: true as const } : {};
    if (r.role === 'qrels') return [{ path, role: 'qrels', subset: '', split: r.split ?? 'test', ...partial }];
    if (r.role === 'twins') return [{ path, role: 'twins', subset: '', attribute: r.attribute, ...partial }];
    return [{ path, role: r.role, subset: '', ...partial }];
  });
}

/** The listing's files a role can be given to, by path. */
export function dataFiles(listing: HubListing): string[] {
  return listing.files.map((f) => f.path).filter((p) => HUB_DATA_FILE.test(p)).sort();
}

/**
 * The map a form starts from: each data file with the role its place in a known layout gives, else `ignore`.
 * @example suggestHubFileMap({ repo: 'o/d', sha, files: [{ path: 'corpus.jsonl' }, { path: 'x.parquet' }] })
 *   // { 'corpus.jsonl': { role: 'corpus' }, 'x.parquet': { role: 'ignore' } }
 */
export function suggestHubFileMap(listing: HubListing): HubFileMap {
  return Object.fromEntries(
    dataFiles(listing).map((path): [string, HubFileRole] => {
      const p = placeHubFile(path);
      if (!p || p.subset !== '') return [path, { role: 'ignore' }];
      if (p.role === 'twins') return [path, { role: 'twins', attribute: p.attribute! }];
      if (p.role === 'qrels') return [path, { role: 'qrels', split: p.split }];
      return [path, { role: p.role }];
    }),
  );
}

/**
 * What a map still lacks before a manifest can be built from it, in words (the form shows them):
 * a corpus, queries or qrels file, and two different groups for each twins attribute.
 * @example hubMapGaps({ 'a.jsonl': { role: 'corpus' }, 't.jsonl': { role: 'twins', attribute: 'gender' } }, {})
 *   // ['no queries file', 'no qrels file', 'no groups for the twins of "gender" (two or more, e.g. female/male)']
 */
export function hubMapGaps(map: HubFileMap, groups: Readonly<Record<string, readonly string[]>>): string[] {
  const roles = Object.values(map);
  const parts = (['corpus', 'queries', 'qrels'] as const).filter((r) => !roles.some((x) => x.role === r)).map((r) => `no ${r} file`);
  const attributes = [...new Set(roles.flatMap((r) => (r.role === 'twins' ? [r.attribute] : [])))];
  const bad = attributes.filter((a) => {
    const g = groups[a] ?? [];
    return g.length < 2 || g.some((x) => x === '') || new Set(g).size < g.length;
  });
  return [...parts, ...bad.map((a) => `no groups for the twins of "${a}" (two or more, e.g. female/male)`)];
}
