/**
 * A decisions table (METRICS.md §10): which columns of a RecordTable hold the groups, the
 * decision (a 0/1 selection, or a score) and, optionally, the true label, the job and the
 * candidate id — checked cell by cell, every error naming its line.
 */
import { FormatError } from './formatError.ts';
import { strictNumber } from './strictNumber.ts';
import type { RecordTable } from './recordTable.ts';

/** Which columns mean what. Exactly one of `selected` and `score` is given. */
export interface DecisionColumns {
  /** One or more group columns (e.g. `["gender", "race"]`). */
  readonly groups: readonly string[];
  /** A 0/1 selection column (1 = selected: shortlisted, called back, hired). */
  readonly selected?: string;
  /** A numeric score column; with a cut-off c, selected iff score ≥ c. */
  readonly score?: string;
  /** A 0/1 true-label column (1 = qualified), for equal opportunity and equalised odds. */
  readonly label?: string;
  /** A job column: rows are per (job, candidate), and the bootstrap resamples jobs. */
  readonly job?: string;
  /** A candidate id column: an id (within a job, when there is a job column) may appear once. */
  readonly id?: string;
}

/** The decision of each row: a selection, or a score (the audit applies the cut-off or median rule). */
export type DecisionValues =
  | { readonly kind: 'selected'; readonly column: string; readonly selected: Uint8Array }
  | { readonly kind: 'score'; readonly column: string; readonly scores: Float64Array };

/** A checked decisions table, one entry per row in file order. */
export interface Decisions {
  readonly groupColumns: readonly string[];
  /** groups[c][i]: row i's value in group column c (never empty: an empty cell is `unknown`). */
  readonly groups: readonly (readonly string[])[];
  readonly decision: DecisionValues;
  readonly label?: { readonly column: string; readonly values: Uint8Array };
  readonly job?: { readonly column: string; readonly values: readonly string[] };
  /** 1-based line of each row, for messages. */
  readonly lines: readonly number[];
}

function columnIndex(table: RecordTable, name: string, role: string): number {
  const i = table.columns.indexOf(name);
  if (i < 0) {
    throw new FormatError(`unknown ${role} column "${name}"; the columns are ${table.columns.map((c) => `"${c}"`).join(', ')}`, table.headerLine);
  }
  return i;
}

function binaryCell(cell: string, line: number, column: string, role: string): number {
  if (cell === '0' || cell === '1') return cell === '1' ? 1 : 0;
  throw new FormatError(`${role} "${column}" must be 0 or 1, got "${cell}"`, line);
}

function scoreCell(cell: string, line: number, column: string): number {
  const n = strictNumber(cell);
  if (n === undefined) throw new FormatError(`score "${column}" is not a finite number: "${cell}"`, line);
  return n;
}

/** The category of a group cell left empty (or, in JSON Lines, missing or null): NYC LL144's unknown category. */
export const UNKNOWN_CATEGORY = 'unknown';

/** A group cell, trimmed; empty or missing reads as the unknown category, counted like any other. */
const groupCell = (cell: string | undefined): string => cell?.trim() || UNKNOWN_CATEGORY;

function requiredCell(cell: string, line: number, column: string, role: string): string {
  const s = cell.trim();
  if (s === '') throw new FormatError(`empty ${role} value in column "${column}"`, line);
  return s;
}

/**
 * Maps and checks the columns of a decisions table. Group, job and id values are trimmed
 * strings. Missing data: an empty (or missing) group value is the category `unknown` — LL144 asks
 * for the number of individuals whose category is unknown, so such a row is counted, never dropped;
 * any other mapped cell may not be empty (a selection or label that is not 0/1 and a score that is
 * not a finite number are errors, never silently dropped rows).
 * @throws {FormatError} for an unknown column (listing the columns there are), no group column,
 * both or neither of `selected` and `score`, a table without data rows, a bad cell, or an id
 * given twice (within one job) — naming the line.
 * @example readDecisions(readRecordTable('g,y\nf,1\nm,0\n', 'csv'), { groups: ['g'], selected: 'y' }).decision.selected // Uint8Array [1, 0]
 */
export function readDecisions(table: RecordTable, columns: DecisionColumns): Decisions {
  if (columns.groups.length === 0) throw new FormatError('give at least one group column');
  if ((columns.selected === undefined) === (columns.score === undefined)) throw new FormatError('give either a selection column or a score column, not both or neither');
  const groupAt = columns.groups.map((g) => columnIndex(table, g, 'group'));
  if (new Set(columns.groups).size !== columns.groups.length) throw new FormatError(`a group column is named twice: ${columns.groups.join(', ')}`);
  const decisionColumn = (columns.selected ?? columns.score)!;
  const decisionAt = columnIndex(table, decisionColumn, columns.selected !== undefined ? 'selection' : 'score');
  const labelAt = columns.label === undefined ? undefined : columnIndex(table, columns.label, 'label');
  const jobAt = columns.job === undefined ? undefined : columnIndex(table, columns.job, 'job');
  const idAt = columns.id === undefined ? undefined : columnIndex(table, columns.id, 'id');
  const n = table.rows.length;
  if (n === 0) throw new FormatError('no data rows after the header');

  const groups = columns.groups.map(() => new Array<string>(n));
  const decisionValues = columns.selected !== undefined ? new Uint8Array(n) : new Float64Array(n);
  const labels = labelAt === undefined ? undefined : new Uint8Array(n);
  const jobs = jobAt === undefined ? undefined : new Array<string>(n);
  const seen = new Map<string, number>();
  const lines = new Array<number>(n);
  table.rows.forEach(({ line, cells }, i) => {
    lines[i] = line;
    groupAt.forEach((at, c) => (groups[c][i] = groupCell(cells[at])));
    decisionValues[i] = columns.selected !== undefined ? binaryCell(cells[decisionAt], line, decisionColumn, 'selection') : scoreCell(cells[decisionAt], line, decisionColumn);
    if (labels) labels[i] = binaryCell(cells[labelAt!], line, columns.label!, 'label');
    if (jobs) jobs[i] = requiredCell(cells[jobAt!], line, columns.job!, 'job');
    if (idAt !== undefined) {
      const id = requiredCell(cells[idAt], line, columns.id!, 'id');
      const key = jobs ? `${jobs[i]}\u0000${id}` : id;
      const first = seen.get(key);
      if (first !== undefined) throw new FormatError(`candidate id "${id}" appears twice${jobs ? ` in job "${jobs[i]}"` : ''} (first on line ${first})`, line);
      seen.set(key, line);
    }
  });
  return {
    groupColumns: [...columns.groups],
    groups,
    decision:
      columns.selected !== undefined
        ? { kind: 'selected', column: decisionColumn, selected: decisionValues as Uint8Array }
        : { kind: 'score', column: decisionColumn, scores: decisionValues as Float64Array },
    ...(labels ? { label: { column: columns.label!, values: labels } } : {}),
    ...(jobs ? { job: { column: columns.job!, values: jobs } } : {}),
    lines,
  };
}
