/**
 * Delimited text (CSV per RFC 4180, or TSV) read with papaparse, row by row, each row with the
 * 1-based line it starts on — a quoted cell may span lines, so rows and lines differ.
 */
import Papa from 'papaparse';
import { FormatError } from './formatError.ts';

/** One record of a table: its cells and the 1-based line it starts on. */
export interface TableRow {
  readonly line: number;
  readonly cells: readonly string[];
}

/**
 * The 1-based line of each character offset: a sorted list of the offsets where lines start,
 * searched by bisection. A line ends at LF, CRLF or a lone CR.
 */
export function lineLocator(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

/** The separators `readTable` guesses among (papaparse's `delimitersToGuess`). */
export const GUESSED_DELIMITERS = Object.freeze([',', ';', '\t'] as const);
export type Delimiter = (typeof GUESSED_DELIMITERS)[number];

/**
 * Parses delimited text into rows of string cells (no type guessing: `"007"` stays `"007"`).
 * Blank lines are skipped, as everywhere in Fairground's readers; a leading byte-order mark is
 * ignored. `limit` stops after that many rows (the header of a large file).
 * @throws {FormatError} on an unterminated quoted cell, naming its line.
 * @example readDelimited('a,b\n"x, y",2\n', ',') // [{line: 1, cells: ['a', 'b']}, {line: 2, cells: ['x, y', '2']}]
 */
export function readDelimited(text: string, delimiter: ',' | '\t', limit?: number): TableRow[] {
  return readTable(text, delimiter, limit).rows;
}

/** readTable's `onRows` is told every this many rows (and once at the end). */
export const ROWS_PER_REPORT = 2000;

/**
 * `readDelimited` that may also guess the separator (`'guess'`: papaparse picks among `,`, `;`
 * and tab from the first rows, `,` when none fits), and says which one it used.
 * @throws {FormatError} on an unterminated quoted cell, naming its line.
 * @example readTable('a;b\n1;2\n', 'guess').delimiter // ';'
 */
export function readTable(text: string, delimiter: Delimiter | 'guess', limit?: number, onRows?: (rows: number, bytesRead: number, bytes: number) => void): { rows: TableRow[]; delimiter: Delimiter } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lineOf = lineLocator(body);
  const rows: TableRow[] = [];
  let start = 0;
  const used = delimiter === 'guess' ? guessDelimiter(body) : delimiter;
  let failure: FormatError | undefined;
  Papa.parse(body, {
    delimiter: used,
    newline: '',
    quoteChar: '"',
    header: false,
    dynamicTyping: false,
    skipEmptyLines: false,
    step(result, parser) {
      const error = result.errors[0];
      if (error) {
        failure = new FormatError(`${error.message.charAt(0).toLowerCase()}${error.message.slice(1)} (${error.code})`, lineOf(error.index ?? start));
        parser.abort();
        return;
      }
      const cells = result.data;
      if (!(cells.length === 1 && cells[0].trim() === '')) rows.push({ line: lineOf(start), cells });
      start = result.meta.cursor;
      if (onRows && rows.length % ROWS_PER_REPORT === 0) onRows(rows.length, start, body.length);
      if (rows.length === limit) parser.abort();
    },
  });
  if (failure) throw failure;
  onRows?.(rows.length, body.length, body.length);
  return { rows, delimiter: used };
}

/**
 * The separator papaparse finds most consistent over the first ten non-blank rows, `,` when
 * none gives every row at least two cells. (Blank rows are left out of the guess: papaparse
 * counts a final empty line as a row of one cell, which defeats the guess on short files.)
 */
function guessDelimiter(body: string): Delimiter {
  let found = ',';
  Papa.parse(body, {
    delimiter: '',
    delimitersToGuess: [...GUESSED_DELIMITERS],
    newline: '',
    quoteChar: '"',
    header: false,
    dynamicTyping: false,
    skipEmptyLines: true,
    step(result, parser) {
      found = result.meta.delimiter;
      parser.abort();
    },
  });
  return (GUESSED_DELIMITERS as readonly string[]).includes(found) ? (found as Delimiter) : ',';
}
