/**
 * Label agreement from a file's text, for the Datasets view: read the table, map its columns,
 * score — with a bad input returned as its one-line message (`file:line: …`, as the CLI prints
 * it) instead of thrown. The same core functions, and so the same numbers, as
 * `fairground eval agreement`.
 */
import { readAnnotations, type AnnotationColumns } from '../../formats/annotations.ts';
import { FormatError, formatErrorLine } from '../../formats/formatError.ts';
import { readRecordTable, tableFormatOf } from '../../formats/recordTable.ts';
import { evalAgreement, type AgreementResults } from './agreement.ts';

export interface AgreementRequest {
  readonly text: string;
  /** The file's name: it picks the format (tableFormatOf) and names the file in messages. */
  readonly fileName: string;
  readonly columns: AnnotationColumns;
  readonly threshold: number;
}

export type AgreementRun = { readonly ok: true; readonly results: AgreementResults } | { readonly ok: false; readonly error: string };
export type TableColumns = { readonly ok: true; readonly columns: readonly string[] } | { readonly ok: false; readonly error: string };

function failure(error: unknown, fileName: string): { ok: false; error: string } {
  if (error instanceof FormatError) return { ok: false, error: formatErrorLine(new FormatError(error.message, error.line, error.file ?? fileName)) };
  throw error;
}

/**
 * Reads an annotation file and scores it: `evalAgreement(readAnnotations(readRecordTable(text)))`.
 * @example runAgreement({ text: 'item,annotator,label\nq,a,1\nq,b,1\n', fileName: 'l.csv', columns: DEFAULT_ANNOTATION_COLUMNS, threshold: 1 }).ok // true
 */
export function runAgreement(request: AgreementRequest): AgreementRun {
  try {
    const table = readRecordTable(request.text, tableFormatOf(request.fileName, request.text));
    return { ok: true, results: evalAgreement(readAnnotations(table, request.columns), { threshold: request.threshold }) };
  } catch (error) {
    return failure(error, request.fileName);
  }
}

/**
 * The column names of an annotation file, from its header (CSV, TSV) or its first 1,000 lines
 * (JSON Lines: the keys seen there), for the column-mapping form.
 * @example annotationColumns('item,annotator,label\nq,a,1\n', 'l.csv') // {ok: true, columns: ['item', 'annotator', 'label']}
 */
export function annotationColumns(text: string, fileName: string): TableColumns {
  try {
    const format = tableFormatOf(fileName, text);
    return { ok: true, columns: readRecordTable(text, format, format === 'jsonl' ? 1000 : 0).columns };
  } catch (error) {
    return failure(error, fileName);
  }
}
