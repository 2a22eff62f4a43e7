import { parquetMetadata, parquetReadObjects, parquetSchema } from 'hyparquet';
import type { FileMetaData, SchemaElement } from 'hyparquet';
import { FormatError } from './formatError.ts';
import type { ShardKind } from './manifest.ts';

/** What a column must hold: an identifier (string or integer), a string, or a number. */
type ColumnType = 'id' | 'string' | 'number';

interface ColumnRule {
  /** The record field it fills. */
  readonly field: string;
  /** Column names accepted, the first the MTEB one. */
  readonly names: readonly string[];
  readonly type: ColumnType;
  readonly optional?: boolean;
}

/** The columns read for each kind an MTEB dataset has, and the record field each fills (records.ts). */
const COLUMNS: Readonly<Partial<Record<ShardKind, readonly ColumnRule[]>>> = Object.freeze({
  corpus: [
    { field: '_id', names: ['_id', 'id'], type: 'id' },
    { field: 'title', names: ['title'], type: 'string', optional: true },
    { field: 'text', names: ['text'], type: 'string' },
    { field: 'lang', names: ['lang', 'language'], type: 'string', optional: true },
  ],
  queries: [
    { field: '_id', names: ['_id', 'id'], type: 'id' },
    { field: 'text', names: ['text'], type: 'string' },
    { field: 'lang', names: ['lang', 'language'], type: 'string', optional: true },
  ],
  qrels: [
    { field: 'query_id', names: ['query-id', 'query_id'], type: 'id' },
    { field: 'corpus_id', names: ['corpus-id', 'corpus_id'], type: 'id' },
    { field: 'score', names: ['score'], type: 'number' },
  ],
  // The fair-freelancer benchmark's twins: our field names first, then the MTEB-style spellings.
  twins: [
    { field: 'id', names: ['id', '_id', 'corpus-id', 'corpus_id', 'original_id'], type: 'id' },
    { field: 'twin_id', names: ['twin_id', 'twin-id'], type: 'id' },
    { field: 'twin_text', names: ['twin_text', 'twin-text'], type: 'string' },
    { field: 'group', names: ['group', 'original_group'], type: 'string' },
    { field: 'twin_group', names: ['twin_group', 'twin-group'], type: 'string' },
    { field: 'lang', names: ['lang', 'language'], type: 'string', optional: true },
  ],
});

/** The shard kinds a Parquet part may hold. */
export const PARQUET_KINDS = Object.freeze(Object.keys(COLUMNS) as ShardKind[]);

/** The Parquet type of a column in words, for messages. */
function typeName(e: SchemaElement): string {
  const annotation = e.logical_type?.type ?? e.converted_type;
  const physical = [e.type, annotation].filter(Boolean).join(' ');
  if (!e.type) return 'a nested group';
  if (fits(e, 'string')) return `a string column (${physical})`;
  const kind = e.repetition_type === 'REPEATED' ? 'a list' : e.type === 'INT32' || e.type === 'INT64' ? 'an integer' : e.type === 'FLOAT' || e.type === 'DOUBLE' ? 'a float' : 'a binary';
  return `${kind} column (${physical})`;
}

function fits(e: SchemaElement, type: ColumnType): boolean {
  const isString = e.type === 'BYTE_ARRAY' && (e.converted_type === undefined || e.converted_type === 'UTF8') &&
    (e.logical_type === undefined || e.logical_type.type === 'STRING');
  const isInteger = (e.type === 'INT32' || e.type === 'INT64') && e.converted_type !== 'DECIMAL';
  if (type === 'string') return isString;
  if (type === 'id') return isString || isInteger;
  return isInteger || e.type === 'FLOAT' || e.type === 'DOUBLE';
}

const WANT: Readonly<Record<ColumnType, string>> = Object.freeze({ id: 'a string or integer', string: 'a string', number: 'a number' });

/** The file's column chosen for each rule, checked against the rules. @throws {FormatError} naming the column. */
function columnsOf(metadata: FileMetaData, kind: ShardKind): { rule: ColumnRule; column: string }[] {
  const rules = COLUMNS[kind];
  if (!rules) throw new FormatError(`a ${kind} shard cannot be Parquet; only ${PARQUET_KINDS.join(', ')} can`);
  const top = new Map(parquetSchema(metadata).children.map((c) => [c.element.name, c]));
  const out: { rule: ColumnRule; column: string }[] = [];
  for (const rule of rules) {
    const column = rule.names.find((n) => top.has(n));
    if (column === undefined) {
      if (rule.optional) continue;
      const needed = rules.filter((r) => !r.optional).map((r) => `"${r.names[0]}"`).join(', ');
      throw new FormatError(`Parquet column "${rule.names[0]}" is missing: a ${kind} file needs ${needed}; this one has ${[...top.keys()].map((n) => `"${n}"`).join(', ')}`);
    }
    const node = top.get(column)!;
    if (node.children.length > 0 || node.element.repetition_type === 'REPEATED' || !fits(node.element, rule.type)) {
      throw new FormatError(`Parquet column "${column}" is ${typeName(node.element)}; it must be ${WANT[rule.type]}`);
    }
    out.push({ rule, column });
  }
  return out;
}

/** One cell as its record field: identifiers as strings, integers as numbers. @throws {FormatError} for a null or mistyped cell. */
function cell(value: unknown, rule: ColumnRule, column: string, row: number): unknown {
  if (value === null || value === undefined) {
    if (rule.optional) return undefined;
    throw new FormatError(`Parquet column "${column}" is null in row ${row}`, row);
  }
  const v = typeof value === 'bigint' ? (rule.type === 'id' ? String(value) : Number(value)) : value;
  if (rule.type === 'id') return typeof v === 'number' ? String(v) : v;
  if (rule.type === 'string' && typeof v !== 'string') throw new FormatError(`Parquet column "${column}" does not hold text in row ${row}`, row);
  if (rule.type === 'number' && (typeof v !== 'number' || !Number.isFinite(v))) throw new FormatError(`Parquet column "${column}" is not a finite number in row ${row}`, row);
  return v;
}

/**
 * The records of a Parquet part (MTEB's corpus, queries or qrels columns) as
 * JSON Lines of the records the shard kind expects (records.ts), one array
 * of lines per row group, so a large file is decoded one row group at a
 * time. Row `n` (1-based) is line `n`. Columns: corpus `_id`, `text`,
 * `title` and `lang` (optional); queries `_id`, `text`, `lang` (optional);
 * qrels `query-id`, `corpus-id`, `score` (or `query_id`, `corpus_id`); twins
 * `id`, `twin_id`, `twin_text`, `group`, `twin_group`, `lang` (optional; or
 * `corpus-id`, `twin-id`, `twin-text`, …); other columns are ignored. Integer
 * ids become strings, as in a JSON Lines import.
 *
 * @param file the whole file (Parquet keeps its index at the end).
 * @throws {FormatError} for a file that is not Parquet or is truncated, a
 *   missing or mistyped column (named), or a null cell (row named).
 * @example for await (const lines of parquetRecordLines(bytes, 'queries')) lines // ['{"_id":"q1","text":"…"}', …]
 */
export async function* parquetRecordLines(file: ArrayBuffer, kind: ShardKind): AsyncGenerator<string[]> {
  let metadata: FileMetaData;
  try {
    metadata = parquetMetadata(file);
  } catch (e) {
    throw new FormatError(`not a readable Parquet file, truncated or corrupt (${(e as Error).message})`);
  }
  const columns = columnsOf(metadata, kind);
  let rowStart = 0;
  for (const group of metadata.row_groups) {
    const rowEnd = rowStart + Number(group.num_rows);
    let rows: Record<string, unknown>[];
    try {
      rows = await parquetReadObjects({ file, metadata, columns: columns.map((c) => c.column), rowStart, rowEnd });
    } catch (e) {
      throw new FormatError(`rows ${rowStart + 1}–${rowEnd}: the Parquet data cannot be decoded, truncated or corrupt (${(e as Error).message})`);
    }
    yield rows.map((r, i) => {
      const record: Record<string, unknown> = {};
      for (const { rule, column } of columns) {
        const v = cell(r[column], rule, column, rowStart + i + 1);
        if (v !== undefined) record[rule.field] = v;
      }
      return JSON.stringify(record);
    });
    rowStart = rowEnd;
  }
}
