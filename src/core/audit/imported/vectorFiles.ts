/**
 * A set of vector files — what a pipeline that embeds elsewhere hands over —
 * read into one table of vectors by id. Files pair by name:
 *
 * | file | ids from |
 * | --- | --- |
 * | `NAME.npy` (float32/float16, [n, d]) | `NAME.ids.txt` (one per line) or `NAME.ids.json` (a JSON array) |
 * | `NAME.safetensors` (one F32/F16 tensor [n, d]) | its `__metadata__.ids` (a JSON-encoded array), or `NAME.ids.txt`/`.json` |
 * | `NAME.jsonl` / `NAME.ndjson` | each line's `{"id", "vector"}` |
 *
 * NAME is free (`corpus`, `queries`, `twins` by convention); the files
 * together must hold one vector per id, all of one dimension, every value
 * finite. Files whose name starts with "." are ignored.
 */
import type { DenseMatrix } from '../../formats/denseMatrix.ts';
import { FormatError } from '../../formats/formatError.ts';
import { parseIdList } from '../../formats/idsFile.ts';
import { parseNpy } from '../../formats/npy.ts';
import { parseSafetensors } from '../../formats/safetensors.ts';
import { AuditInputError } from '../common/index.ts';
import { parseVectorLines, type VectorTable } from './vectors.ts';

/** One file as read: its name (no folder) and its bytes. */
export interface VectorFileBytes {
  readonly file: string;
  readonly bytes: Uint8Array;
}

const IDS = /\.ids\.(txt|json)$/;
const MATRIX = /\.(npy|safetensors)$/;
const LINES = /\.(jsonl|ndjson)$/;

/** What the import takes, in words (the error for an unknown file, the docs). */
export const VECTOR_FILE_NAMES = 'NAME.npy or NAME.safetensors with NAME.ids.txt / NAME.ids.json (ids may be in the safetensors metadata instead), or NAME.jsonl';

function named<T>(file: string, parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    if (e instanceof FormatError && e.file === undefined) throw new FormatError(e.message, e.line, file);
    throw e;
  }
}

function text(f: VectorFileBytes): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(f.bytes);
  } catch {
    throw new FormatError('not UTF-8 text', undefined, f.file);
  }
}

/** The ids of a matrix file: its sibling ids file, or a safetensors file's `ids` metadata. */
function idsOf(file: string, idFiles: ReadonlyMap<string, VectorFileBytes>, metadata?: Readonly<Record<string, string>>): { ids: string[]; from: string } {
  const stem = file.replace(MATRIX, '');
  const siblings = [`${stem}.ids.txt`, `${stem}.ids.json`].filter((n) => idFiles.has(n));
  if (siblings.length > 1) throw new AuditInputError(`two ids files for one matrix (${siblings.join(', ')}); keep one`, file);
  const meta = metadata?.ids;
  if (siblings.length === 1 && meta !== undefined) throw new AuditInputError(`ids both in the file's metadata and in ${siblings[0]}; keep one`, file);
  if (meta !== undefined) return { ids: named(file, () => { try { return parseIdList(meta); } catch (e) { throw e instanceof FormatError ? new FormatError(`__metadata__.ids: ${e.message}`) : e; } }), from: file };
  if (siblings.length === 0) throw new AuditInputError(`no ids for its rows: put them in ${stem}.ids.txt (one per line) or ${stem}.ids.json (a JSON array)${file.endsWith('.safetensors') ? ', or in the header\'s __metadata__ "ids" (a JSON-encoded array)' : ''}`, file);
  const f = idFiles.get(siblings[0])!;
  return { ids: named(f.file, () => parseIdList(text(f))), from: f.file };
}

/** The rows of a matrix as vectors by id: as many ids as rows, every value finite. */
function matrixRows(file: string, m: DenseMatrix, ids: readonly string[], from: string): Map<string, Float32Array> {
  if (ids.length !== m.rows) throw new AuditInputError(`${m.rows} rows of vectors but ${ids.length} ids in ${from}`, file);
  const out = new Map<string, Float32Array>();
  for (let r = 0; r < m.rows; r++) {
    const row = m.data.subarray(r * m.dims, (r + 1) * m.dims);
    const bad = row.findIndex((x) => !Number.isFinite(x));
    if (bad >= 0) throw new AuditInputError(`the vector of "${ids[r]}" (row ${r + 1}) has ${Number.isNaN(row[bad]) ? 'NaN' : row[bad] > 0 ? 'Infinity' : '-Infinity'} at value ${bad}`, file);
    // A copy: each vector owns its buffer (a view would carry the whole matrix into every cache entry's structured clone).
    out.set(ids[r], row.slice());
  }
  return out;
}

/**
 * Reads a set of vector files into one table.
 * @throws {FormatError} (naming the file, and the line for text) for a malformed file: wrong dtype or shape, truncated, a bad ids file or JSON line.
 * @throws {AuditInputError} naming the file: an unknown file name, a matrix without ids or an ids file without matrix, rows ≠ ids, a NaN or infinite value (with its id), a dimension other than the first file's, an id in two files.
 * @example readVectorFiles([{ file: 'corpus.npy', bytes }, { file: 'corpus.ids.txt', bytes: ids }]) // { dims: 100, byId: Map(120) }
 */
export function readVectorFiles(files: readonly VectorFileBytes[]): VectorTable {
  const kept = files.filter((f) => !f.file.startsWith('.'));
  if (kept.length === 0) throw new AuditInputError(`no vector files (${VECTOR_FILE_NAMES})`);
  const names = new Set<string>();
  for (const f of kept) {
    if (names.has(f.file)) throw new AuditInputError('given twice', f.file);
    names.add(f.file);
  }
  const idFiles = new Map(kept.filter((f) => IDS.test(f.file)).map((f) => [f.file, f]));
  for (const f of kept) if (!IDS.test(f.file) && !MATRIX.test(f.file) && !LINES.test(f.file)) throw new AuditInputError(`not a vector file; expected ${VECTOR_FILE_NAMES}`, f.file);
  for (const name of idFiles.keys()) {
    const stem = name.replace(IDS, '');
    if (!names.has(`${stem}.npy`) && !names.has(`${stem}.safetensors`)) throw new AuditInputError(`ids file without its vectors (${stem}.npy or ${stem}.safetensors)`, name);
  }
  const byId = new Map<string, Float32Array>();
  const origin = new Map<string, string>();
  let dims = 0;
  let first = '';
  for (const f of kept.filter((x) => !IDS.test(x.file))) {
    let part: { dims: number; byId: ReadonlyMap<string, Float32Array> };
    if (f.file.endsWith('.npy')) {
      const m = named(f.file, () => parseNpy(f.bytes));
      const { ids, from } = idsOf(f.file, idFiles);
      part = { dims: m.dims, byId: matrixRows(f.file, m, ids, from) };
    } else if (f.file.endsWith('.safetensors')) {
      const s = named(f.file, () => parseSafetensors(f.bytes));
      const { ids, from } = idsOf(f.file, idFiles, s.metadata);
      part = { dims: s.matrix.dims, byId: matrixRows(f.file, s.matrix, ids, from) };
    } else {
      part = named(f.file, () => parseVectorLines(text(f)));
    }
    if (dims === 0) [dims, first] = [part.dims, f.file];
    if (part.dims !== dims) throw new AuditInputError(`vectors of ${part.dims} dimensions; ${first} has ${dims}: every file must come from one model`, f.file);
    for (const [id, v] of part.byId) {
      if (byId.has(id)) throw new AuditInputError(`id "${id}" has a vector in ${origin.get(id)} too`, f.file);
      byId.set(id, v);
      origin.set(id, f.file);
    }
  }
  return { dims, byId };
}
