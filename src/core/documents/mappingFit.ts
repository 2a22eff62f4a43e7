/**
 * A column mapping that fits the file it maps (issue 30): a job-post file is mapped to job fields
 * (id, title, text, language), a CV file to candidate fields; the guessed mapping is shown with a
 * few sample rows; and a mapping that is plainly wrong — a "text" column whose values are all
 * shorter than a sentence, a column mapped twice — is caught before anything is imported.
 */
import { readTable } from '../formats/delimited.ts';
import type { ColumnMapping, MappedField } from './columnMapping.ts';
import { decodeUtf8 } from './decodeText.ts';

/** The fields each side maps: a CV's are the candidate's; a job post has an id, a title, a text and a language. */
export const SIDE_FIELDS: Readonly<Record<'cvs' | 'jobs', readonly MappedField[]>> = Object.freeze({
  cvs: Object.freeze(['id', 'text', 'name', 'lang', 'group', 'label', 'job'] as const),
  jobs: Object.freeze(['id', 'title', 'text', 'lang'] as const),
});

/** Values shorter than this in every sample row do not look like a document's text. */
export const MIN_TEXT_CHARS = 20;

/** The header and the first rows of a table, for the mapping form. */
export interface TableSample {
  readonly headers: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

/**
 * The header and up to `n` data rows of a CSV/TSV file (the separator guessed as the importer does).
 * @throws {FormatError} as the importer would: not UTF-8, an unterminated quote.
 * @example tableSample(new TextEncoder().encode('id,text\na,Nurse in Utrecht\n'), 'cvs.csv').rows // [['a', 'Nurse in Utrecht']]
 */
export function tableSample(bytes: Uint8Array, file: string, n = 3): TableSample {
  const text = decodeUtf8(bytes, file);
  const { rows } = readTable(text, /\.tsv$/iu.test(file) ? '\t' : 'guess', n + 1);
  return { headers: rows[0]?.cells ?? [], rows: rows.slice(1).map((r) => r.cells) };
}

/** A mapping cut to the fields of a side (a job-post file keeps only id, title, text, language). */
export function fitMapping(mapping: ColumnMapping | undefined, side: 'cvs' | 'jobs'): ColumnMapping | undefined {
  if (!mapping) return undefined;
  const fields = SIDE_FIELDS[side];
  return Object.fromEntries(Object.entries(mapping).filter(([f]) => (fields as readonly string[]).includes(f))) as unknown as ColumnMapping;
}

/**
 * What is wrong with `mapping` for this file, in words, empty when nothing is: no text column, a
 * field the side does not have, one column mapped to two fields, a text column whose sample
 * values are all shorter than MIN_TEXT_CHARS.
 * @example mappingProblems({ text: 'id' }, { headers: ['id', 'cv'], rows: [['1', 'Nurse …']] }, 'cvs') // ['the text column "id" holds short values ("1"): is it the text?']
 */
export function mappingProblems(mapping: ColumnMapping | undefined, sample: TableSample, side: 'cvs' | 'jobs'): string[] {
  const out: string[] = [];
  if (!mapping?.text) return ['choose the column that holds the text'];
  const fields = SIDE_FIELDS[side];
  for (const [field, column] of Object.entries(mapping)) {
    if (column === undefined || column === '') continue;
    if (!(fields as readonly string[]).includes(field)) out.push(`a ${side === 'jobs' ? 'job post' : 'CV'} has no ${field}: leave it unmapped`);
    if (!sample.headers.includes(column)) out.push(`the ${field} column "${column}" is not in the file`);
  }
  const columns = Object.values(mapping).filter((c): c is string => typeof c === 'string' && c !== '');
  for (const c of new Set(columns)) if (columns.filter((x) => x === c).length > 1) out.push(`the column "${c}" is mapped to two fields`);
  const at = sample.headers.indexOf(mapping.text);
  const values = sample.rows.map((r) => r[at] ?? '').filter((v) => v.trim() !== '');
  if (at >= 0 && values.length > 0 && values.every((v) => v.trim().length < MIN_TEXT_CHARS)) {
    out.push(`the text column "${mapping.text}" holds short values (${values.slice(0, 3).map((v) => JSON.stringify(v.trim())).join(', ')}): is it the text?`);
  }
  return out;
}
