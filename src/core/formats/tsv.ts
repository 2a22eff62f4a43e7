import { FormatError } from './formatError.ts';
import { strictNumber } from './strictNumber.ts';
import { numberedLines } from './lines.ts';

/** One row of a TSV file: its cells and its 1-based line number. */
export interface TsvRow {
  readonly line: number;
  readonly cells: readonly string[];
}

/**
 * Reads a tab-separated table with at least `columns.length` cells per row.
 * A first row whose cells equal the column names (case-insensitive, `_` and
 * `-` alike) is a header and is skipped; any other first row is data.
 * @throws {FormatError} on an empty file or a row with too few cells.
 */
export function readTsv(text: string, columns: readonly string[]): TsvRow[] {
  const lines = numberedLines(text);
  if (lines.length === 0) throw new FormatError('empty file: expected columns ' + columns.join(', '));
  const norm = (s: string) => s.trim().toLowerCase().replace(/[-_ ]/g, '');
  const first = lines[0].text.split('\t');
  const isHeader = first.length >= columns.length && columns.every((c, i) => norm(first[i]) === norm(c));
  const rows: TsvRow[] = [];
  for (const { line, text: t } of isHeader ? lines.slice(1) : lines) {
    const cells = t.split('\t');
    if (cells.length < columns.length) {
      throw new FormatError(`short row: expected ${columns.length} tab-separated columns (${columns.join(', ')}), found ${cells.length}`, line);
    }
    rows.push({ line, cells });
  }
  if (rows.length === 0) throw new FormatError('no data rows after the header', lines[0].line);
  return rows;
}

/**
 * Parses a numeric cell by strictNumber's rule (no surrounding spaces, no
 * `0x10`, `Infinity` or `1_000`). @throws {FormatError} naming the column
 * when the cell is not a finite number.
 */
export function parseNumberCell(cell: string, line: number, column: string): number {
  const n = strictNumber(cell);
  if (n === undefined) throw new FormatError(`${column} is not a number: "${cell}"`, line);
  return n;
}
