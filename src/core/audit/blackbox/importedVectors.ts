/**
 * Embeddings computed elsewhere (a GPU box, a batch job): JSON Lines
 * `{"id": …, "vector": [...]}`, one line per corpus document, query and
 * twin of the run's tasks, matched against the dataset — every id there,
 * none extra, one dimension, finite values — and audited like an embedding
 * model's (cosine; core/audit/scoring.ts denseScorer).
 */
import { FormatError, parseFile } from '../../formats/formatError.ts';
import { numberedLines } from '../../formats/lines.ts';
import { AuditInputError, loadRetrieval, selectTasks } from '../retrievalData.ts';
import type { DatasetPort } from '../run/ports.ts';
import { idList } from './idList.ts';
import type { ImportedScores } from './retrievalScores.ts';

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

/** Row-major vectors in the order of `ids`. */
function rows(table: VectorTable, ids: readonly string[]): Float32Array {
  const out = new Float32Array(ids.length * table.dims);
  ids.forEach((id, i) => out.set(table.byId.get(id)!, i * table.dims));
  return out;
}

/**
 * Parses and matches imported vectors: the dense scoring inputs of the run.
 * @throws {FormatError} (file and line) for a malformed line.
 * @throws {AuditInputError} naming the file for missing or extra ids.
 */
export function matchVectors(imported: ImportedScores, ids: VectorIds) {
  const table = parseFile(imported.file, imported.text, parseVectorLines);
  const needed = new Set([...ids.corpus, ...ids.queries.flat(), ...Object.values(ids.twins).flat()]);
  const missing = [...needed].filter((id) => !table.byId.has(id));
  if (missing.length > 0) throw new AuditInputError(`no vector for these ids of the dataset: ${idList(missing)}`, imported.file);
  const extra = [...table.byId.keys()].filter((id) => !needed.has(id));
  if (extra.length > 0) throw new AuditInputError(`vectors for ids the run does not have (another dataset or version?): ${idList(extra)}`, imported.file);
  return {
    kind: 'dense' as const,
    dim: table.dims,
    corpus: rows(table, ids.corpus),
    queries: ids.queries.map((q) => rows(table, q)),
    twins: Object.fromEntries(Object.entries(ids.twins).map(([shard, t]) => [shard, rows(table, t)])),
  };
}

/**
 * Reads the run's tasks from the dataset and matches imported vectors
 * against them: what an import form checks before it keeps a file.
 * @returns how many vectors of which dimension.
 * @throws as matchVectors, or AuditInputError for an unknown task.
 */
export async function checkVectors(dataset: DatasetPort, tasks: readonly string[], imported: ImportedScores): Promise<{ readonly vectors: number; readonly dims: number }> {
  const loaded = [];
  for (const t of tasks) loaded.push(await loadRetrieval(dataset.read, selectTasks(dataset.manifest, t)));
  const twins: Record<string, string[]> = {};
  for (const l of loaded) for (const s of l.subsets) if (s.twinsShard && !twins[s.twinsShard]) twins[s.twinsShard] = s.subset.twins.map((t) => t.twinId);
  const ids: VectorIds = { corpus: loaded[0]?.subsets[0].subset.corpus.map((d) => d.id) ?? [], queries: loaded.map((l) => l.subsets[0].subset.queries.map((q) => q.id)), twins };
  const scoring = matchVectors(imported, ids);
  return { vectors: scoring.corpus.length / scoring.dim + scoring.queries.reduce((n, q) => n + q.length / scoring.dim, 0) + Object.values(scoring.twins).reduce((n, t) => n + t.length / scoring.dim, 0), dims: scoring.dim };
}
