import { FormatError } from './formatError.ts';

/**
 * The dataset package manifest (DESIGN.md, "Dataset package"): metadata,
 * tasks that name shards, and the shard files. Unknown fields are kept, so
 * a newer manifest still imports; known fields are checked.
 */

/** The kinds of shard and so of record (see records.ts for each shape). */
export const SHARD_KINDS = Object.freeze([
  'corpus', 'queries', 'qrels', 'twins', 'jobs', 'cvs', 'pools', 'variants', 'labels', 'predictions',
] as const);
export type ShardKind = (typeof SHARD_KINDS)[number];

export const PREDICTION_TASK_KINDS = Object.freeze([
  'classification', 'span', 'path', 'ranking', 'retrieval', 'generation',
] as const);
export type PredictionTaskKind = (typeof PREDICTION_TASK_KINDS)[number];

/**
 * One shard file. Several entries may share a `name` (a shard split into
 * parts, e.g. corpus-00, corpus-01 both named "corpus"); `path` is unique.
 * `records`, `bytes` (> 0) and `sha256` are checked on import when present.
 */
export interface ShardEntry {
  readonly name: string;
  readonly kind: ShardKind;
  readonly path: string;
  readonly records?: number;
  readonly bytes?: number;
  readonly sha256?: string;
}

export interface RetrievalTask {
  readonly type: 'retrieval';
  readonly name: string;
  readonly corpus: string;
  readonly queries: string;
  /** Absent when the dataset has no relevance labels: the audit then reports twin robustness only. */
  readonly qrels?: string;
  readonly relevance_threshold?: number;
  readonly k?: readonly number[];
  /**
   * The pool of a per-language subset (METRICS.md §3): `corpus` (default) when the corpus is one
   * pool of every language, `language` when each language's queries search only its documents.
   */
  readonly pool?: 'corpus' | 'language';
}

export interface TwinsTask {
  readonly type: 'twins';
  readonly name: string;
  /** The retrieval task whose queries and corpus the twins perturb. */
  readonly of: string;
  readonly twins: string;
  readonly attribute: string;
  readonly groups: readonly string[];
}

export interface ScreeningTask {
  readonly type: 'screening';
  readonly name: string;
  readonly jobs: string;
  readonly cvs: string;
  readonly pools: string;
  readonly variants?: string;
  readonly labels?: string;
  readonly splits?: Readonly<Record<string, string>>;
}

export interface PredictionsTask {
  readonly type: 'predictions';
  readonly name: string;
  readonly task_kind: PredictionTaskKind;
  /** The predictions shard, when the package carries one. */
  readonly predictions?: string;
}

export type Task = RetrievalTask | TwinsTask | ScreeningTask | PredictionsTask;

/**
 * How a dataset made from a user's own candidates was generated and reviewed
 * (src/core/ownData): the generator's seed and kinds, and the variant counts.
 */
export interface ManifestGeneration {
  readonly seed: number;
  readonly kinds: readonly string[];
  readonly generated: number;
  readonly accepted: number;
  readonly rejected: number;
  readonly edited: number;
  readonly pending: number;
  readonly not_made: number;
  /** How the variants were made (absent in datasets made before it). */
  readonly settings?: ManifestGenerationSettings;
  /** The variants the dataset holds, by kind (absent in datasets made before it): what each audit will use. */
  readonly variants_by_kind?: Readonly<Record<string, number>>;
}

/** The counterfactual settings of a generated dataset (core/counterfactual/generate.ts GenerationSettings). */
export interface ManifestGenerationSettings {
  readonly neutralise: boolean;
  readonly names: 'insert' | 'replace';
  readonly names_per_group: number;
  readonly attributes: readonly string[];
  readonly gender_names_ethnicity: string;
  readonly other_names_gender: 'seeded' | 'female' | 'male';
  readonly name_lists: readonly string[];
}

export interface Manifest {
  readonly id: string;
  readonly version: string;
  readonly title: string;
  readonly license?: string;
  readonly description?: string;
  readonly languages: readonly string[];
  readonly tasks: readonly Task[];
  readonly shards: readonly ShardEntry[];
  readonly generation?: ManifestGeneration;
}

/** Which shard kind each shard-naming field of a task must point at. */
const TASK_SHARD_FIELDS: Readonly<Record<Task['type'], Readonly<Record<string, { kind: ShardKind; required: boolean }>>>> =
  Object.freeze({
    retrieval: {
      corpus: { kind: 'corpus', required: true },
      queries: { kind: 'queries', required: true },
      qrels: { kind: 'qrels', required: false },
    },
    twins: { twins: { kind: 'twins', required: true } },
    screening: {
      jobs: { kind: 'jobs', required: true },
      cvs: { kind: 'cvs', required: true },
      pools: { kind: 'pools', required: true },
      variants: { kind: 'variants', required: false },
      labels: { kind: 'labels', required: false },
    },
    predictions: { predictions: { kind: 'predictions', required: false } },
  });

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const SHA256 = /^[0-9a-f]{64}$/;

/**
 * Checks a parsed manifest.json and returns it typed.
 * Messages name the field, e.g. `manifest: shards[2].kind "cv" is not one of corpus, …`.
 * @throws {FormatError} for a missing or malformed field, a duplicate shard
 *   path or task name, an unsafe path, or a task naming a missing shard or
 *   a shard of the wrong kind.
 */
export function parseManifest(value: unknown): Manifest {
  const m = object(value, 'manifest');
  const id = string(m.id, 'id');
  if (!ID.test(id)) fail(`id "${id}" may hold only letters, digits, ".", "_" and "-", starting with a letter or digit`);
  const version = string(m.version, 'version');
  const title = m.title === undefined ? id : string(m.title, 'title');
  optionalString(m.license, 'license');
  optionalString(m.description, 'description');
  const languages = m.languages === undefined ? [] : stringArray(m.languages, 'languages');

  const shardList = array(m.shards, 'shards');
  if (shardList.length === 0) fail('shards is empty: a dataset needs at least one shard');
  const paths = new Set<string>();
  const kindOfName = new Map<string, ShardKind>();
  const shards = shardList.map((raw, i): ShardEntry => {
    const at = `shards[${i}]`;
    const s = object(raw, at);
    const name = string(s.name, `${at}.name`);
    const kind = string(s.kind, `${at}.kind`) as ShardKind;
    if (!SHARD_KINDS.includes(kind)) fail(`${at}.kind "${kind}" is not one of ${SHARD_KINDS.join(', ')}`);
    const path = string(s.path, `${at}.path`);
    if (path.startsWith('/') || path.includes('\\') || path.split('/').some((p) => p === '..' || p === '.' || p === '')) {
      fail(`${at}.path "${path}" must be a relative path inside the dataset folder`);
    }
    if (paths.has(path)) fail(`${at}.path "${path}" appears twice`);
    paths.add(path);
    const known = kindOfName.get(name);
    if (known !== undefined && known !== kind) fail(`${at}: shard "${name}" has parts of two kinds (${known}, ${kind})`);
    kindOfName.set(name, kind);
    if (s.records !== undefined) count(s.records, `${at}.records`);
    if (s.bytes !== undefined) count(s.bytes, `${at}.bytes`);
    if (s.sha256 !== undefined && !SHA256.test(string(s.sha256, `${at}.sha256`))) {
      fail(`${at}.sha256 must be 64 lower-case hex digits`);
    }
    return s as unknown as ShardEntry;
  });

  const taskList = m.tasks === undefined ? [] : array(m.tasks, 'tasks');
  const taskNames = new Map<string, Task['type']>();
  const tasks = taskList.map((raw, i) => {
    const at = `tasks[${i}]`;
    const t = object(raw, at);
    const type = string(t.type, `${at}.type`) as Task['type'];
    if (!(type in TASK_SHARD_FIELDS)) fail(`${at}.type "${type}" is not one of ${Object.keys(TASK_SHARD_FIELDS).join(', ')}`);
    const name = string(t.name, `${at}.name`);
    if (taskNames.has(name)) fail(`${at}.name "${name}" appears twice`);
    taskNames.set(name, type);
    for (const [field, rule] of Object.entries(TASK_SHARD_FIELDS[type])) {
      if (t[field] === undefined && !rule.required) continue;
      const shard = string(t[field], `${at}.${field}`);
      const kind = kindOfName.get(shard);
      if (kind === undefined) fail(`${at}.${field} names shard "${shard}", which is not in shards`);
      if (kind !== rule.kind) fail(`${at}.${field} names shard "${shard}" of kind ${kind}; expected kind ${rule.kind}`);
    }
    checkTaskFields(type, t, at);
    return t as unknown as Task;
  });
  for (const [i, t] of tasks.entries()) {
    if (t.type === 'twins' && taskNames.get(t.of) !== 'retrieval') {
      fail(`tasks[${i}].of "${t.of}" must name a retrieval task`);
    }
  }
  const generation = m.generation === undefined ? undefined : parseGeneration(m.generation);
  return { ...(m as object), id, version, title, languages, tasks, shards, ...(generation ? { generation } : {}) } as Manifest;
}

function checkTaskFields(type: Task['type'], t: Record<string, unknown>, at: string): void {
  if (type === 'retrieval') {
    if (t.relevance_threshold !== undefined) number(t.relevance_threshold, `${at}.relevance_threshold`);
    if (t.pool !== undefined && t.pool !== 'corpus' && t.pool !== 'language') fail(`${at}.pool must be "corpus" or "language"`);
    if (t.k !== undefined) {
      for (const [j, k] of array(t.k, `${at}.k`).entries()) {
        if (count(k, `${at}.k[${j}]`) === 0) fail(`${at}.k[${j}] must be at least 1`);
      }
    }
  } else if (type === 'twins') {
    string(t.of, `${at}.of`);
    string(t.attribute, `${at}.attribute`);
    if (stringArray(t.groups, `${at}.groups`).length < 2) fail(`${at}.groups needs at least two groups`);
  } else if (type === 'screening') {
    if (t.splits !== undefined) {
      for (const [k, v] of Object.entries(object(t.splits, `${at}.splits`))) string(v, `${at}.splits.${k}`);
    }
  } else {
    const kind = string(t.task_kind, `${at}.task_kind`);
    if (!(PREDICTION_TASK_KINDS as readonly string[]).includes(kind)) {
      fail(`${at}.task_kind "${kind}" is not one of ${PREDICTION_TASK_KINDS.join(', ')}`);
    }
  }
}

function fail(message: string): never {
  throw new FormatError(`manifest: ${message}`);
}
const COUNTS = ['generated', 'accepted', 'rejected', 'edited', 'pending', 'not_made'] as const;

function parseGeneration(value: unknown): ManifestGeneration {
  const g = object(value, 'generation');
  if (!Number.isSafeInteger(g.seed)) fail(`generation.seed must be an integer`);
  const kinds = stringArray(g.kinds, 'generation.kinds');
  const counts = {} as Record<(typeof COUNTS)[number], number>;
  for (const c of COUNTS) {
    const n = g[c];
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) fail(`generation.${c} must be an integer ≥ 0`);
    counts[c] = n as number;
  }
  const settings = g.settings === undefined ? undefined : parseSettings(g.settings);
  let byKind: Record<string, number> | undefined;
  if (g.variants_by_kind !== undefined) {
    byKind = {};
    for (const [k, n] of Object.entries(object(g.variants_by_kind, 'generation.variants_by_kind'))) {
      if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) fail(`generation.variants_by_kind.${k} must be an integer ≥ 0`);
      byKind[k] = n;
    }
  }
  return { seed: g.seed as number, kinds, ...counts, ...(settings ? { settings } : {}), ...(byKind ? { variants_by_kind: byKind } : {}) };
}

function parseSettings(value: unknown): ManifestGenerationSettings {
  const s = object(value, 'generation.settings');
  if (typeof s.neutralise !== 'boolean') fail('generation.settings.neutralise must be true or false');
  if (s.names !== 'insert' && s.names !== 'replace') fail('generation.settings.names must be "insert" or "replace"');
  if (typeof s.names_per_group !== 'number' || !Number.isSafeInteger(s.names_per_group) || s.names_per_group < 1) fail('generation.settings.names_per_group must be an integer ≥ 1');
  if (typeof s.gender_names_ethnicity !== 'string') fail('generation.settings.gender_names_ethnicity must be a string');
  if (s.other_names_gender !== 'seeded' && s.other_names_gender !== 'female' && s.other_names_gender !== 'male') fail('generation.settings.other_names_gender must be "seeded", "female" or "male"');
  return {
    neutralise: s.neutralise as boolean, names: s.names as 'insert' | 'replace', names_per_group: s.names_per_group as number,
    attributes: stringArray(s.attributes, 'generation.settings.attributes'), gender_names_ethnicity: s.gender_names_ethnicity as string,
    other_names_gender: s.other_names_gender as 'seeded' | 'female' | 'male', name_lists: stringArray(s.name_lists, 'generation.settings.name_lists'),
  };
}

function object(v: unknown, at: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(`${at} must be an object`);
  return v as Record<string, unknown>;
}
function array(v: unknown, at: string): unknown[] {
  if (!Array.isArray(v)) fail(`${at} must be an array`);
  return v;
}
function string(v: unknown, at: string): string {
  if (typeof v !== 'string' || v === '') fail(`${at} must be a non-empty string`);
  return v;
}
function optionalString(v: unknown, at: string): void {
  if (v !== undefined && typeof v !== 'string') fail(`${at} must be a string`);
}
function stringArray(v: unknown, at: string): string[] {
  return array(v, at).map((x, i) => string(x, `${at}[${i}]`));
}
function number(v: unknown, at: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) fail(`${at} must be a number`);
  return v;
}
function count(v: unknown, at: string): number {
  if (!Number.isInteger(v) || (v as number) < 0) fail(`${at} must be a whole number ≥ 0`);
  return v as number;
}

/** All shard entries of one shard name, in manifest order. */
export function partsOf(manifest: Manifest, name: string): ShardEntry[] {
  return manifest.shards.filter((s) => s.name === name);
}

/** The distinct shard names of a manifest, in order of first appearance. */
export function shardNames(manifest: Manifest): string[] {
  return [...new Set(manifest.shards.map((s) => s.name))];
}
