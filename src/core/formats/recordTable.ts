/**
 * A table of named columns read from CSV, TSV or JSON Lines — the input of the group-outcome
 * audit (METRICS.md §10). Cells stay strings; which columns mean what is decided later
 * (decisions.ts). One rule for missing data: an absent or null value is the empty string, the
 * same as an empty CSV cell.
 */
import { FormatError } from './formatError.ts';
import { parseJsonLines } from './jsonl.ts';
import { readDelimited, type TableRow } from './delimited.ts';

export type { TableRow } from './delimited.ts';

/** The formats a table is read from. */
export type TableFormat = 'csv' | 'tsv' | 'jsonl';

/** A parsed table: the column names (the header, or the JSON keys) and the data rows. */
export interface RecordTable {
  readonly format: TableFormat;
  readonly columns: readonly string[];
  /** The line that names the columns: the header row, or the first JSON line. */
  readonly headerLine: number;
  /** Data rows, each with exactly `columns.length` cells, with its 1-based line. */
  readonly rows: readonly TableRow[];
}

const EXTENSIONS: Readonly<Record<string, TableFormat>> = Object.freeze({
  csv: 'csv',
  tsv: 'tsv',
  tab: 'tsv',
  jsonl: 'jsonl',
  ndjson: 'jsonl',
});

/**
 * The format of a table: from the file name's extension (`.csv`; `.tsv`, `.tab`; `.jsonl`,
 * `.ndjson`; a trailing `.gz` ignored), else sniffed from the text: JSON Lines when the first
 * non-blank character is `{`, TSV when the first line holds a tab, else CSV.
 * @example tableFormatOf('decisions.tsv.gz', '') // 'tsv'
 */
export function tableFormatOf(fileName: string | undefined, text: string): TableFormat {
  const ext = /\.([a-z]+)(?:\.gz)?$/i.exec(fileName ?? '')?.[1].toLowerCase();
  if (ext !== undefined && ext in EXTENSIONS) return EXTENSIONS[ext];
  const head = text.replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('{')) return 'jsonl';
  return head.split(/\r?\n|\r/, 1)[0].includes('\t') ? 'tsv' : 'csv';
}

function checkColumns(columns: readonly string[], line: number): void {
  const seen = new Set<string>();
  for (const c of columns) {
    if (seen.has(c)) throw new FormatError(`the header names column "${c}" twice`, line);
    seen.add(c);
  }
}

function readDelimitedTable(text: string, format: 'csv' | 'tsv', limit?: number): RecordTable {
  const all = readDelimited(text, format === 'csv' ? ',' : '\t', limit === undefined ? undefined : limit + 1);
  if (all.length === 0) throw new FormatError('empty file: expected a header row naming the columns');
  const [header, ...rows] = all;
  const columns = header.cells.map((c) => c.trim());
  checkColumns(columns, header.line);
  for (const row of rows) {
    if (row.cells.length !== columns.length) {
      throw new FormatError(`row has ${row.cells.length} cells, the header ${columns.length} (${columns.join(', ')})`, row.line);
    }
  }
  return { format, columns, headerLine: header.line, rows };
}

function cellOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function readJsonLinesTable(text: string, limit?: number): RecordTable {
  const lines = parseJsonLines(text);
  if (lines.length === 0) throw new FormatError('empty file: expected one JSON object per line');
  const objects = (limit === undefined ? lines : lines.slice(0, limit)).map(({ line, value }) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new FormatError('expected a JSON object', line);
    return { line, value: value as Record<string, unknown> };
  });
  const columns = [...new Set(objects.flatMap((o) => Object.keys(o.value)))];
  const rows = objects.map(({ line, value }) => ({ line, cells: columns.map((c) => cellOf(value[c])) }));
  return { format: 'jsonl', columns, headerLine: lines[0].line, rows };
}

/**
 * Reads a table. CSV and TSV: the first non-blank row is the header (names trimmed), every
 * other row must have as many cells; quoting follows RFC 4180 (papaparse), in TSV too. JSON
 * Lines: one object per line; the columns are the keys in order of first appearance; a key
 * absent or null in a row is the empty string; numbers and booleans are written as JSON does.
 * `limit` reads only that many data rows (enough for the column names).
 * @throws {FormatError} on an empty file, a header naming a column twice, a row with the wrong
 * number of cells, an unterminated quote, or a JSON line that is not an object — naming the line.
 * @example readRecordTable('g,y\nf,1\n', 'csv') // {format: 'csv', columns: ['g', 'y'], headerLine: 1, rows: [{line: 2, cells: ['f', '1']}]}
 */
export function readRecordTable(text: string, format: TableFormat, limit?: number): RecordTable {
  return format === 'jsonl' ? readJsonLinesTable(text, limit) : readDelimitedTable(text, format, limit);
}
