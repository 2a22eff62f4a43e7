/**
 * Where a file of an MTEB-layout Hub dataset belongs: which part of the
 * retrieval data (corpus, queries, qrels), which subset and which split.
 * The layouts, as MTEB datasets use them on the Hub:
 * - BEIR files at the root: `corpus.jsonl(.gz)`, `queries.jsonl(.gz)`, `qrels/<split>.tsv` or `.jsonl`
 *   (mteb/scifact, mteb/nfcorpus; the README's configs `corpus`, `queries`, `default` name them);
 * - one folder per config, as `push_to_hub` writes them: `corpus/<split>-00000-of-00001.parquet`,
 *   `queries/…`, and the default config (the qrels) under `data/` (or `default/`, `qrels/`);
 * - the Hub's own Parquet conversion: `<config>/<split>/0000.parquet` (and `<config>/partial-<split>/…`
 *   where the Hub converted only the first rows of a large split: placed, and marked `partial`);
 * - subsets as configs `<subset>-corpus`, `<subset>-queries`, `<subset>-qrels`;
 * - the fair-freelancer benchmark's twins: configs `twins-<attribute>`, `<subset>-twins-<attribute>`
 *   or `<attribute>-twins` (and root files `twins-<attribute>.jsonl(.gz)`), records of kind twins.
 */
export type HubRole = 'corpus' | 'queries' | 'qrels' | 'twins';

/**
 * A file's place in the layout. `subset` is '' for a dataset of one subset; `split` is undefined
 * for a root file; `attribute` is the attribute a twins file varies (`gender`), for twins only.
 */
export interface HubPlacedFile {
  readonly path: string;
  readonly role: HubRole;
  readonly subset: string;
  readonly split?: string;
  readonly attribute?: string;
  /** The dataset card's config whose `data_files` name the file (cardPlacement.ts), when one does. */
  readonly config?: string;
  /** In a `partial-<split>` folder of the Hub's Parquet conversion: the first rows of the split only. */
  readonly partial?: true;
}

const DATA = /\.(jsonl|jsonl\.gz|parquet)$/;
const QRELS_DATA = /\.(jsonl|jsonl\.gz|parquet|tsv|tsv\.gz)$/;

/**
 * Whether a file can be read as this role: JSON Lines (gzipped or not) or Parquet, and TSV for qrels.
 * @example hubFileReadableAs('qrels', 'qrels/test.tsv') // true
 */
export function hubFileReadableAs(role: HubRole, path: string): boolean {
  return (role === 'qrels' ? QRELS_DATA : DATA).test(path);
}

const SHARDED = /^(.+?)(?:-\d{5}-of-\d{5})?\.(?:jsonl|jsonl\.gz|parquet|tsv|tsv\.gz)$/;

/**
 * The role and subset (and twins attribute) a config (folder) name stands for.
 * @example hubConfigRole('fr-qrels') // { role: 'qrels', subset: 'fr' }
 */
export function hubConfigRole(config: string): { role: HubRole; subset: string; attribute?: string } | undefined {
  if (config === 'corpus' || config === 'queries') return { role: config, subset: '' };
  if (config === 'default' || config === 'data' || config === 'qrels') return { role: 'qrels', subset: '' };
  const twins = /^(?:(.+)-)?twins-(.+)$/.exec(config) ?? /^()(.+)-twins$/.exec(config);
  if (twins) return { role: 'twins', subset: twins[1] ?? '', attribute: twins[2] };
  const m = /^(.+)-(corpus|queries|qrels)$/.exec(config);
  return m ? { role: m[2] as HubRole, subset: m[1] } : undefined;
}

/**
 * The place of one path of a Hub dataset in the MTEB layout, or undefined
 * for a file that is not retrieval data (README.md, a loading script, …).
 * @example placeHubFile('corpus/test-00000-of-00001.parquet') // { path: …, role: 'corpus', subset: '', split: 'test' }
 * @example placeHubFile('qrels/test.tsv') // { path: …, role: 'qrels', subset: '', split: 'test' }
 * @example placeHubFile('en-twins-gender/test-00000-of-00001.parquet') // { path: …, role: 'twins', subset: 'en', attribute: 'gender', split: 'test' }
 */
export function placeHubFile(path: string): HubPlacedFile | undefined {
  const parts = path.split('/');
  if (parts.length === 1) {
    const twins = /^twins-(.+?)\.(jsonl|jsonl\.gz|parquet)$/.exec(path);
    if (twins) return { path, role: 'twins', subset: '', attribute: twins[1] };
    const m = /^(corpus|queries)\.(jsonl|jsonl\.gz|parquet)$/.exec(path);
    return m ? { path, role: m[1] as HubRole, subset: '' } : undefined;
  }
  const placed = hubConfigRole(parts[0]);
  if (!placed) return undefined;
  if (!hubFileReadableAs(placed.role, path)) return undefined;
  if (parts.length === 2) {
    const split = SHARDED.exec(parts[1])?.[1];
    return split ? { path, ...placed, split } : undefined;
  }
  // The Hub's conversion: <config>/<split>/0000.parquet, or partial-<split> for one it cut short.
  if (parts.length === 3 && /^\d{4}\.parquet$/.test(parts[2])) {
    const partial = /^partial-(.+)$/.exec(parts[1]);
    return partial ? { path, ...placed, split: partial[1], partial: true } : { path, ...placed, split: parts[1] };
  }
  return undefined;
}
