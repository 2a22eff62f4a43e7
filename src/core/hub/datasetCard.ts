import { cardYaml } from './cardYaml.ts';
import type { CardYaml } from './cardYaml.ts';

/**
 * What a Hub dataset card (README.md) tells Fairground, from its YAML front
 * matter (cardYaml.ts): the Hub's own `language:` list (the order of a
 * benchmark's language subsets) and `configs:` (each config's `data_files`, the
 * files the `datasets` library and MTEB's loader read for it), and a
 * `fairground:` block:
 *
 * ```yaml
 * ---
 * fairground:
 *   relevance_threshold: 3
 *   pool: corpus
 *   twin_groups:
 *     gender: [female, male]
 * ---
 * ```
 *
 * `twin_groups` gives the groups of each twins attribute, the first being F
 * in the rank-biserial correlation; `relevance_threshold` the retrieval
 * tasks' threshold (1 when absent); `pool` the per-language pool of a dataset
 * of language subsets (hubManifest.ts: `language` when each subset has its own
 * corpus, unless the card says `corpus`). Licence and the rest are skipped.
 */
export interface DatasetCardHints {
  readonly relevanceThreshold?: number;
  readonly twinGroups?: Readonly<Record<string, readonly string[]>>;
  /** The card's `language:` list, in its order. */
  readonly languages?: readonly string[];
  readonly pool?: 'corpus' | 'language';
  /** The card's `configs:`, in its order (those with `data_files`). */
  readonly configs?: readonly CardConfig[];
}

/** One config of the card: its name, whether it is marked `default: true`, and its data files by split. */
export interface CardConfig {
  readonly name: string;
  readonly default: boolean;
  readonly dataFiles: readonly CardDataFiles[];
}

/** One split's files of a config: path patterns (globs) from the repository root. `split` is absent when the card names none (the `datasets` library then calls it `train`). */
export interface CardDataFiles {
  readonly split?: string;
  readonly patterns: readonly string[];
}

type YamlMap = { readonly [key: string]: CardYaml };

const isMap = (v: CardYaml | undefined): v is YamlMap => v !== null && v !== undefined && typeof v === 'object' && !Array.isArray(v);
const strings = (v: CardYaml | undefined): string[] =>
  typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string' && s !== '') : [];

/**
 * The hints of a dataset card.
 * @example datasetCardHints('---\nfairground:\n  twin_groups:\n    gender: [female, male]\n---\n')
 *   // { twinGroups: { gender: ['female', 'male'] } }
 */
export function datasetCardHints(readme: string): DatasetCardHints {
  const yaml = cardYaml(readme);
  const out: { -readonly [K in keyof DatasetCardHints]: DatasetCardHints[K] } = {};
  if (yaml.language !== undefined && yaml.language !== null) out.languages = strings(yaml.language);
  const configs = cardConfigs(yaml.configs);
  if (configs.length > 0) out.configs = configs;
  const block = yaml.fairground;
  if (!isMap(block)) return out;
  const threshold = block.relevance_threshold;
  if (typeof threshold === 'string' && threshold !== '' && Number.isFinite(Number(threshold))) out.relevanceThreshold = Number(threshold);
  if (block.pool === 'corpus' || block.pool === 'language') out.pool = block.pool;
  if (isMap(block.twin_groups)) {
    out.twinGroups = Object.fromEntries(Object.entries(block.twin_groups).map(([attribute, groups]) => [attribute, Array.isArray(groups) ? strings(groups) : []]));
  }
  return out;
}

/**
 * The card's configs with their data files, in any of the forms the Hub documents: `data_files: path`,
 * a list of paths, a list of `{split, path}` (path a string or a list), or a map of split to paths.
 */
function cardConfigs(configs: CardYaml | undefined): CardConfig[] {
  if (!Array.isArray(configs)) return [];
  return configs.flatMap((c: CardYaml): CardConfig[] => {
    if (!isMap(c) || typeof c.config_name !== 'string' || c.config_name === '') return [];
    const files = c.data_files;
    let dataFiles: CardDataFiles[];
    if (typeof files === 'string') dataFiles = [{ patterns: [files] }];
    else if (Array.isArray(files)) {
      dataFiles = files.flatMap((f): CardDataFiles[] => {
        if (typeof f === 'string') return [{ patterns: [f] }];
        if (!isMap(f)) return [];
        const patterns = strings(f.path);
        return patterns.length === 0 ? [] : [{ ...(typeof f.split === 'string' && f.split !== '' ? { split: f.split } : {}), patterns }];
      });
    } else if (isMap(files)) {
      dataFiles = Object.entries(files).map(([split, paths]) => ({ split, patterns: strings(paths) })).filter((d) => d.patterns.length > 0);
    } else dataFiles = [];
    return dataFiles.length === 0 ? [] : [{ name: c.config_name, default: c.default === 'true', dataFiles }];
  });
}
