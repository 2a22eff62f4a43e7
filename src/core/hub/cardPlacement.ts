import type { CardConfig } from './datasetCard.ts';
import { hubConfigRole, hubFileReadableAs, placeHubFile } from './hubLayout.ts';
import type { HubPlacedFile } from './hubLayout.ts';

/**
 * A `data_files` pattern as the `datasets` library resolves it (fsspec's glob over the
 * repository): `*` matches within one path segment, `**` any number of segments, `?` one
 * character, `[…]` a class; a pattern without them names one path.
 * @example dataFilesPattern('data/test-*').test('data/test-00000-of-00001.parquet') // true
 * @example dataFilesPattern('data/*').test('data/x/y.parquet') // false
 */
export function dataFilesPattern(glob: string): RegExp {
  const g = glob.trim().replace(/^(\.\/)+|^\/+/, '');
  let out = '';
  for (let i = 0; i < g.length; i++) {
    const c = g[i];
    if (c === '*' && g[i + 1] === '*') {
      // `**/` is any number of folders (none included); a bare `**` anything.
      if (g[i + 2] === '/') {
        out += '(?:[^/]+/)*';
        i += 2;
      } else {
        out += '.*';
        i += 1;
      }
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '[') {
      const end = g.indexOf(']', i + 1);
      if (end < 0) out += '\\[';
      else {
        out += `[${g.slice(i + 1, end).replace(/^!/, '^').replace(/\\/g, '\\\\')}]`;
        i = end;
      }
    } else out += c.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

/**
 * The rank of a config when several give files to the same part: `default` (or one marked
 * `default: true`) first, as MTEB's loader reads a dataset's qrels from its default config;
 * then in the card's order.
 */
function rank(configs: readonly CardConfig[], name: string): number {
  const at = configs.findIndex((c) => c.name === name);
  const c = configs[at];
  return c && (c.name === 'default' || c.default) ? 0 : at + 1;
}

/**
 * Places the files of a listing by the dataset card's `configs:` first, then by their paths
 * (placeHubFile), the way the `datasets` library and MTEB's loader read a dataset:
 * - a file named by a config's `data_files` takes the part the config's name stands for
 *   (`corpus`, `queries`, `default`/`qrels` for the qrels, `<subset>-corpus`, …) and the split
 *   the card gives (else the one its path gives); a config name that stands for no part, or a
 *   file whose path says it is another part, leaves the file to its path;
 * - once the card names files of a part (a role of a subset, or a twins attribute), the files
 *   of that part it does not name are not read (the loader would not read them);
 * - when several configs name files of the same part and split (a `default` and a `qrels` config
 *   over the same qrels, one as JSON Lines, one as Parquet), only the highest ranked config's
 *   files are read: `default` first, then in the card's order.
 * Without configs the placement is the paths' alone.
 *
 * @example placeListedFiles(['qrels/test.jsonl', 'qrels/test-00000-of-00001.parquet'],
 *   [{ name: 'default', default: false, dataFiles: [{ split: 'test', patterns: ['qrels/test.jsonl'] }] },
 *    { name: 'qrels', default: false, dataFiles: [{ split: 'test', patterns: ['qrels/test-*.parquet'] }] }])
 *   // [{ path: 'qrels/test.jsonl', role: 'qrels', subset: '', split: 'test', config: 'default' }]
 */
export function placeListedFiles(paths: readonly string[], configs: readonly CardConfig[] = []): HubPlacedFile[] {
  const patterns = configs.map((c) => ({ config: c, role: hubConfigRole(c.name), files: c.dataFiles.map((d) => ({ split: d.split, res: d.patterns.map(dataFilesPattern) })) }));
  const placed = paths.flatMap((path): HubPlacedFile[] => {
    const byPath = placeHubFile(path);
    const byCard = patterns
      .flatMap((p) => (p.role ? p.files.filter((f) => f.res.some((re) => re.test(path))).map((f) => ({ ...p, role: p.role!, split: f.split })) : []))
      .filter((p) => hubFileReadableAs(p.role.role, path))
      .filter((p) => !byPath || (byPath.role === p.role.role && byPath.subset === p.role.subset && byPath.attribute === p.role.attribute))
      .sort((a, b) => rank(configs, a.config.name) - rank(configs, b.config.name))[0];
    if (!byCard) return byPath ? [byPath] : [];
    const split = byCard.split ?? byPath?.split ?? (byCard.role.role === 'qrels' ? 'train' : undefined);
    return [{
      path, ...byCard.role, ...(split !== undefined ? { split } : {}), config: byCard.config.name, ...(byPath?.partial ? { partial: true as const } : {}),
    }];
  });
  const part = (p: HubPlacedFile) => `${p.role}\u0000${p.subset}\u0000${p.attribute ?? ''}`;
  const named = new Set(placed.filter((p) => p.config !== undefined).map(part));
  const best = new Map<string, number>();
  for (const p of placed) {
    if (p.config === undefined) continue;
    const key = `${part(p)}\u0000${p.split ?? ''}`;
    best.set(key, Math.min(best.get(key) ?? Infinity, rank(configs, p.config)));
  }
  return placed.filter((p) => {
    if (!named.has(part(p))) return true;
    return p.config !== undefined && rank(configs, p.config) === best.get(`${part(p)}\u0000${p.split ?? ''}`);
  });
}
