/**
 * Embeddings computed elsewhere (a GPU box, a batch job): one vector per
 * corpus document, query and twin of the run's tasks — read from `.npy`,
 * safetensors or JSON Lines `{"id": …, "vector": [...]}` files
 * (vectorFiles.ts) — matched against the dataset — every id there, none
 * extra, one dimension, finite values — and audited like an embedding
 * model's (cosine; core/audit/retrieval/scoring.ts denseScorer).
 */
import { FormatError } from '../../formats/formatError.ts';
import { numberedLines } from '../../formats/lines.ts';
import { sha256Hex } from '../../sha256.ts';
import { loadRetrieval, selectTasks, type ModelScoring, type ModelDescriptor, type LoadedRetrieval } from '../retrieval/index.ts';
import type { TextRole } from '../../models/modelSpec.ts';
import { idList } from './idList.ts';
import { AuditInputError, type DatasetPort } from '../common/index.ts';

/** Vectors by id, all of one dimension. */
export interface VectorTable {
  readonly dims: number;
  readonly byId: ReadonlyMap<string, Float32Array>;
}

/**
 * Parses `{"id", "vector"}` lines.
 * @throws {FormatError} naming the line: not JSON, no string id, a vector that is not an array of finite numbers, another dimension, an id given twice.
 */
export function parseVectorLines(text: string): VectorTable {
  const byId = new Map<string, Float32Array>();
  let dims = 0;
  for (const { line, text: t } of numberedLines(text)) {
    let value: unknown;
    try {
      value = JSON.parse(t);
    } catch {
      throw new FormatError('not a JSON object {"id": …, "vector": […]}', line);
    }
    const { id, vector } = (value ?? {}) as { id?: unknown; vector?: unknown };
    if (typeof id !== 'string' || id === '') throw new FormatError('"id" must be a non-empty string', line);
    if (!Array.isArray(vector) || vector.length === 0) throw new FormatError(`"vector" of "${id}" must be a non-empty array of numbers`, line);
    if (dims === 0) dims = vector.length;
    if (vector.length !== dims) throw new FormatError(`"vector" of "${id}" has ${vector.length} values; the first line's has ${dims}`, line);
    const bad = vector.findIndex((x) => typeof x !== 'number' || !Number.isFinite(x));
    if (bad >= 0) throw new FormatError(`"vector" of "${id}": value ${bad} is not a finite number (${JSON.stringify(vector[bad])})`, line);
    if (byId.has(id)) throw new FormatError(`id "${id}" appears twice`, line);
    byId.set(id, Float32Array.from(vector as number[]));
  }
  if (byId.size === 0) throw new FormatError('empty vectors file: no lines');
  return { dims, byId };
}

/** The ids a run needs vectors for. */
export interface VectorIds {
  readonly corpus: readonly string[];
  readonly queries: readonly (readonly string[])[];
  readonly twins: Readonly<Record<string, readonly string[]>>;
}

/** One text a run needs a vector for: its id, its text and how a model would embed it. */
export interface VectorItem {
  readonly id: string;
  readonly text: string;
  readonly role: TextRole;
}

/** One imported file as the results name it. */
export interface ImportedVectorFile {
  readonly file: string;
  /** SHA-256 of the file's bytes (hex). */
  readonly sha256: string;
}

/** Imported vectors as a run keeps them: the name and revision the user gave, and the files they came from. */
export interface ImportedVectors {
  readonly name: string;
  /** The revision the user gave; importedVectorsRevision when none. */
  readonly revision?: string;
  readonly files: readonly ImportedVectorFile[];
}

/**
 * The revision of imported vectors: the one the user gave; else `sha256:<hex>` of the one
 * file, or of the files' `sha256  name` lines (sha256sum's format, sorted by name) for several.
 * @example importedVectorsRevision({ name: 'm', files: [{ file: 'v.jsonl', sha256: 'ab…' }] }) // 'sha256:ab…'
 */
export function importedVectorsRevision(v: ImportedVectors): string {
  if (v.revision !== undefined && v.revision !== '') return v.revision;
  if (v.files.length === 1) return `sha256:${v.files[0].sha256}`;
  const lines = [...v.files].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)).map((f) => `${f.sha256}  ${f.file}\n`);
  return `sha256:${sha256Hex(new TextEncoder().encode(lines.join('')))}`;
}

/** The results' descriptor of imported vectors: kind `imported`, id `vectors:<name>`, each file with its SHA-256. */
export function importedVectorsDescriptor(v: ImportedVectors): ModelDescriptor {
  return { id: `vectors:${v.name}`, label: v.name, kind: 'imported', revision: importedVectorsRevision(v), dtype: 'fp32', device: '-', importedFiles: v.files.map((f) => ({ file: f.file, sha256: f.sha256 })) };
}

/** The ids and texts a run's tasks need vectors for: the first task's corpus, each task's queries, each twins shard's twins once. */
export function runVectorItems(tasks: readonly LoadedRetrieval[]): { readonly ids: VectorIds; readonly items: readonly VectorItem[] } {
  const first = tasks[0]?.subsets[0];
  const corpus = first?.subset.corpus.map((d) => d.id) ?? [];
  const items: VectorItem[] = corpus.map((id, i) => ({ id, text: tasks[0].corpusTexts[i], role: 'document' }));
  const queries = tasks.map((t) => t.subsets[0].subset.queries.map((q) => q.id));
  tasks.forEach((t, ti) => queries[ti].forEach((id, i) => items.push({ id, text: t.queryTexts[i], role: 'query' })));
  const twins: Record<string, string[]> = {};
  for (const t of tasks)
    for (const s of t.subsets) {
      if (!s.twinsShard || twins[s.twinsShard]) continue;
      twins[s.twinsShard] = s.subset.twins.map((x) => x.twinId);
      twins[s.twinsShard].forEach((id, i) => items.push({ id, text: s.twinTexts[i], role: 'document' }));
    }
  return { ids: { corpus, queries, twins }, items };
}

/** Row-major vectors in the order of `ids`. */
function rows(table: VectorTable, ids: readonly string[]): Float32Array {
  const out = new Float32Array(ids.length * table.dims);
  ids.forEach((id, i) => out.set(table.byId.get(id)!, i * table.dims));
  return out;
}

/**
 * Matches a table of vectors against the run's ids: the dense scoring inputs of the run.
 * @param file what the error names (the file, or the files, the table came from)
 * @throws {AuditInputError} naming `file` for missing or extra ids, the first few listed.
 */
export function matchVectorTable(table: VectorTable, ids: VectorIds, file: string): Extract<ModelScoring, { kind: 'dense' }> {
  const needed = new Set([...ids.corpus, ...ids.queries.flat(), ...Object.values(ids.twins).flat()]);
  const missing = [...needed].filter((id) => !table.byId.has(id));
  if (missing.length > 0) throw new AuditInputError(`no vector for these ids of the dataset: ${idList(missing)}`, file);
  const extra = [...table.byId.keys()].filter((id) => !needed.has(id));
  if (extra.length > 0) throw new AuditInputError(`vectors for ids the run does not have (another dataset or version?): ${idList(extra)}`, file);
  return {
    kind: 'dense' as const,
    dim: table.dims,
    corpus: rows(table, ids.corpus),
    queries: ids.queries.map((q) => rows(table, q)),
    twins: Object.fromEntries(Object.entries(ids.twins).map(([shard, t]) => [shard, rows(table, t)])),
  };
}

/** What an error about a set of files names: the file, or `a, b, c`. */
export function filesLabel(files: readonly { readonly file: string }[]): string {
  return files.map((f) => f.file).join(', ');
}

/**
 * Reads the run's tasks from the dataset and matches a table of vectors
 * against them: what an import form checks before it keeps anything.
 * @returns how many vectors of which dimension, and the items (id, text, role) to store them under.
 * @throws as matchVectorTable, or AuditInputError for an unknown task.
 */
export async function checkVectors(dataset: DatasetPort, tasks: readonly string[], table: VectorTable, file: string): Promise<{ readonly vectors: number; readonly dims: number; readonly items: readonly VectorItem[] }> {
  const loaded = [];
  for (const t of tasks) loaded.push(await loadRetrieval(dataset.read, selectTasks(dataset.manifest, t)));
  const { ids, items } = runVectorItems(loaded);
  matchVectorTable(table, ids, file);
  return { vectors: table.byId.size, dims: table.dims, items };
}
