/**
 * Several annotators' grades of the same items (METRICS.md §11), read from a long table — one row
 * per (item, annotator, label), in CSV, TSV or JSON Lines (recordTable.ts) — checked cell by
 * cell, every error naming its line.
 */
import { FormatError } from './formatError.ts';
import { strictNumber } from './strictNumber.ts';
import type { RecordTable } from './recordTable.ts';

/** Which columns mean what. An item may be named by several columns (e.g. `job_id,cv_id`). */
export interface AnnotationColumns {
  readonly item: readonly string[];
  readonly annotator: string;
  readonly label: string;
}

/** The default mapping: columns `item`, `annotator`, `label`. */
export const DEFAULT_ANNOTATION_COLUMNS: AnnotationColumns = Object.freeze({ item: Object.freeze(['item']), annotator: 'annotator', label: 'label' });

/** A checked annotation table. */
export interface Annotations {
  readonly columns: AnnotationColumns;
  /** The annotators, in order of first appearance. */
  readonly annotators: readonly string[];
  /** Each annotator's grade of each item it judged; an item key joins the item cells with U+0000. */
  readonly grades: ReadonlyMap<string, ReadonlyMap<string, number>>;
  /** Distinct items judged by anyone. */
  readonly nItems: number;
  readonly nRows: number;
}

function columnIndex(table: RecordTable, name: string, role: string): number {
  const i = table.columns.indexOf(name);
  if (i < 0) throw new FormatError(`unknown ${role} column "${name}"; the columns are ${table.columns.map((c) => `"${c}"`).join(', ')}`, table.headerLine);
  return i;
}

function requiredCell(cell: string, line: number, column: string, role: string): string {
  const s = cell.trim();
  if (s === '') throw new FormatError(`empty ${role} value in column "${column}"`, line);
  return s;
}

/**
 * Maps and checks the columns of an annotation table. Item and annotator values are trimmed
 * strings; a label must be a finite number (a grade). One rule for missing data: a mapped cell may
 * not be empty — never a silently dropped row.
 * @throws {FormatError} for an unknown column (listing the columns there are), a table without
 *   data rows, an empty cell, a label that is not a finite number, or an annotator grading the
 *   same item twice (naming the first line) — naming the line.
 * @example readAnnotations(readRecordTable('item,annotator,label\nq1,ann,2\nq1,bob,3\n', 'csv')).annotators // ['ann', 'bob']
 */
export function readAnnotations(table: RecordTable, columns: AnnotationColumns = DEFAULT_ANNOTATION_COLUMNS): Annotations {
  if (columns.item.length === 0) throw new FormatError('give at least one item column');
  const itemAt = columns.item.map((c) => columnIndex(table, c, 'item'));
  const annotatorAt = columnIndex(table, columns.annotator, 'annotator');
  const labelAt = columnIndex(table, columns.label, 'label');
  if (table.rows.length === 0) throw new FormatError('no data rows after the header');
  const grades = new Map<string, Map<string, number>>();
  const firstLine = new Map<string, number>();
  const items = new Set<string>();
  for (const { line, cells } of table.rows) {
    const item = itemAt.map((at, c) => requiredCell(cells[at], line, columns.item[c], 'item')).join('\u0000');
    const annotator = requiredCell(cells[annotatorAt], line, columns.annotator, 'annotator');
    requiredCell(cells[labelAt], line, columns.label, 'label');
    const label = strictNumber(cells[labelAt]);
    if (label === undefined) throw new FormatError(`label "${columns.label}" is not a finite number: "${cells[labelAt]}"`, line);
    const key = `${annotator}\u0000${item}`;
    const first = firstLine.get(key);
    if (first !== undefined) throw new FormatError(`annotator "${annotator}" grades item "${item.replaceAll('\u0000', ', ')}" twice (first on line ${first})`, line);
    firstLine.set(key, line);
    let own = grades.get(annotator);
    if (!own) grades.set(annotator, (own = new Map()));
    own.set(item, label);
    items.add(item);
  }
  return { columns, annotators: [...grades.keys()], grades, nItems: items.size, nRows: table.rows.length };
}
