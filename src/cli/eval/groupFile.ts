/**
 * The group file of `eval exposure`: each document's group label, one row per document. Pure (no
 * I/O), throwing core's FormatError with the line, so the CLI names file and line.
 *
 * Three layouts, told apart by the first non-blank line:
 * - CSV (a comma and no tab), read with papaparse (core/formats/delimited.ts); the first row is a
 *   header naming the columns;
 * - tab-separated, the cells trimmed;
 * - whitespace-separated (spaces), exactly two fields a row.
 * Tab- and whitespace-separated files may start with a header, recognised by its first cell
 * (`doc_id`, `doc-id`, `docid`, `docno`, `id`, `corpus-id`, `corpus_id`, any case). The first column
 * is the document id. The group is the second column, or — with a header — the column `fields`
 * names, or the intersection of two (`gender,seniority` → "female × senior"). A blank group cell
 * leaves the document unlabelled.
 */
import { FormatError } from '../../core/formats/formatError.ts';
import { readDelimited, type TableRow } from '../../core/formats/delimited.ts';
import { groupLabelOf } from '../../core/metrics/groupFairness/index.ts';

/** A group file read: each listed document's label (undefined: unlabelled). */
export interface GroupFile {
  readonly labels: ReadonlyMap<string, string | undefined>;
  /** The header's column names, when the file has a header. */
  readonly columns: readonly string[] | undefined;
}

const ID_HEADER = /^(doc[-_]?id|docno|id|corpus[-_]id)$/iu;

/**
 * Reads a group file (layouts above).
 * @throws {FormatError} naming the line: an empty file, a row with another number of cells than the
 * first, an empty or repeated document id, a `fields` column the header lacks, `fields` without a
 * header.
 * @example readGroupFile('d1 female\nd2 male\n').labels.get('d2') // 'male'
 */
export function readGroupFile(text: string, fields?: readonly [string] | readonly [string, string]): GroupFile {
  const rows = groupRows(text);
  if (rows.length === 0) throw new FormatError('empty group file: give one line per document, "doc_id group"');
  const csv = isCsv(text);
  const header = csv || ID_HEADER.test(rows[0].cells[0]) ? rows[0].cells : undefined;
  if (fields && !header) throw new FormatError('the group file has no header line, so its columns cannot be picked by name: start it with "doc_id<TAB>group…", or leave out --field', rows[0].line);
  const names = header ?? ['doc_id', 'group'];
  const picked = fields ?? ([names[1] ?? 'group'] as const);
  if (names.length < 2) throw new FormatError('the group file needs two columns: the document id, then its group', rows[0].line);
  for (const field of picked) if (!names.includes(field)) throw new FormatError(`no column "${field}" in the header (columns: ${names.join(', ')})`, rows[0].line);
  return { labels: labelsOf(header ? rows.slice(1) : rows, names, picked), columns: header };
}

/** Each row's label by document id. @throws {FormatError} for a bad row. */
function labelsOf(rows: readonly TableRow[], names: readonly string[], fields: readonly [string] | readonly [string, string]): Map<string, string | undefined> {
  const labels = new Map<string, string | undefined>();
  const lineOf = new Map<string, number>();
  for (const { line, cells } of rows) {
    if (cells.length !== names.length) throw new FormatError(`expected ${names.length} cells (${names.join(', ')}), found ${cells.length}`, line);
    const id = cells[0];
    if (id === '') throw new FormatError('empty document id', line);
    if (labels.has(id)) throw new FormatError(`document "${id}" appears twice (lines ${lineOf.get(id)} and ${line})`, line);
    labels.set(id, groupLabelOf(Object.fromEntries(names.map((n, i) => [n, cells[i]])), fields));
    lineOf.set(id, line);
  }
  return labels;
}

/** The first non-blank line has a comma and no tab. */
function isCsv(text: string): boolean {
  const first = text.split(/\r\n|\r|\n/u).find((l) => l.trim() !== '') ?? '';
  return first.includes(',') && !first.includes('\t');
}

/** The non-blank rows with their cells, by the layout of the first non-blank line. */
function groupRows(text: string): TableRow[] {
  if (isCsv(text)) return readDelimited(text, ',').map((r) => ({ line: r.line, cells: r.cells.map((c) => c.trim()) }));
  const lines = text.split(/\r\n|\r|\n/u);
  const first = lines.find((l) => l.trim() !== '') ?? '';
  const split = first.includes('\t') ? (l: string) => l.split('\t').map((c) => c.trim()) : (l: string) => l.trim().split(/\s+/u);
  const rows: TableRow[] = [];
  lines.forEach((l, i) => {
    if (l.trim() !== '') rows.push({ line: i + 1, cells: split(l.charCodeAt(0) === 0xfeff ? l.slice(1) : l) });
  });
  return rows;
}
