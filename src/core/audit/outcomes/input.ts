/**
 * The group-outcome audit from a file's text, for the compute worker and the Outcomes view:
 * read the table, map its columns, audit — with a bad input returned as its one-line message
 * (`file:line: …`, as the CLI prints it) instead of thrown, since an error crossing the worker
 * boundary keeps only its message.
 */
import { readDecisions, type DecisionColumns } from '../../formats/decisions.ts';
import { FormatError, formatErrorLine } from '../../formats/formatError.ts';
import { readRecordTable, tableFormatOf, type TableFormat } from '../../formats/recordTable.ts';
import type { CiOptions } from '../common/index.ts';
import { auditOutcomes, type OutcomesOptions } from './audit.ts';
import type { OutcomesResults } from './results.ts';
import { outcomesSource } from './source.ts';

/** What the Outcomes view asks for. */
export interface OutcomesRequest {
  readonly text: string;
  /** The file's name: it picks the format (tableFormatOf) and names the file in messages. */
  readonly fileName: string;
  readonly columns: DecisionColumns;
  readonly options?: OutcomesOptions;
  readonly ci?: CiOptions;
  /** The audit's time (ISO 8601); now when absent. */
  readonly createdAt?: string;
  /** Whether the decisions are the tool's historical use; absent: not stated. */
  readonly historical?: boolean;
}

export type OutcomesRun = { readonly ok: true; readonly results: OutcomesResults } | { readonly ok: false; readonly error: string };

/** A bad-input error as its one-line message naming the file; anything else is rethrown. */
function failure(error: unknown, fileName: string): { ok: false; error: string } {
  if (error instanceof FormatError) return { ok: false, error: formatErrorLine(new FormatError(error.message, error.line, error.file ?? fileName)) };
  if (error instanceof RangeError) return { ok: false, error: error.message };
  throw error;
}

/**
 * Reads a decisions file and audits it: `auditOutcomes(readDecisions(readRecordTable(text)))`,
 * the same numbers as `fairground eval outcomes` on the same file, with the audit's time and the
 * file's name, size and SHA-256 (of the text's UTF-8 bytes: a file's own bytes when it is UTF-8).
 * @example runOutcomesAudit({ text, fileName: 'd.csv', columns: { groups: ['race'], selected: 'callback' } })
 */
export function runOutcomesAudit(request: OutcomesRequest): OutcomesRun {
  try {
    const table = readRecordTable(request.text, tableFormatOf(request.fileName, request.text));
    const results = auditOutcomes(readDecisions(table, request.columns), request.options, request.ci);
    const source = outcomesSource(request.fileName, new TextEncoder().encode(request.text));
    const historical = request.historical === undefined ? {} : { historical: request.historical };
    return { ok: true, results: { ...results, created_at: request.createdAt ?? new Date().toISOString(), source, ...historical } };
  } catch (error) {
    return failure(error, request.fileName);
  }
}

/** The columns of a decisions file (for the column-mapping form), read from its first rows. */
export type OutcomesColumns = { readonly ok: true; readonly format: TableFormat; readonly columns: readonly string[] } | { readonly ok: false; readonly error: string };

/**
 * The format and column names of a decisions file, reading only its header (CSV, TSV) or its
 * first 1,000 lines (JSON Lines: the keys seen there).
 * @example decisionsColumns('race,callback\nwhite,1\n', 'd.csv') // {ok: true, format: 'csv', columns: ['race', 'callback']}
 */
export function decisionsColumns(text: string, fileName: string): OutcomesColumns {
  try {
    const format = tableFormatOf(fileName, text);
    return { ok: true, format, columns: readRecordTable(text, format, format === 'jsonl' ? 1000 : 0).columns };
  } catch (error) {
    return failure(error, fileName);
  }
}
