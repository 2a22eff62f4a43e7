import { FormatError } from '../formats/formatError.ts';
import type { ImportedDocument } from './candidateDocument.ts';
import type { ColumnMapping } from './columnMapping.ts';
import { LABEL_WORDS, parseLabel } from './labels.ts';

/** Where a row is: its file, its 1-based number among the data rows, and the line it starts on. */
export interface RowPlace {
  readonly file: string;
  readonly stem: string;
  readonly row: number;
  readonly line: number;
}

/**
 * One row of a table (or one JSONL object) as a document, through the mapping. Empty optional
 * cells are left out; `id` falls back to `<file stem>-<row>`.
 * @throws {FormatError} naming the row: an empty text cell ("empty document"), an empty id
 *   cell, a label that is not one of the accepted words.
 */
export function documentOfRow(cell: (column: string) => string | undefined, mapping: ColumnMapping, at: RowPlace): ImportedDocument {
  const fail = (message: string): never => {
    throw new FormatError(`row ${at.row}: ${message}`, at.line, at.file);
  };
  const optional = (column: string | undefined) => {
    if (column === undefined) return undefined;
    const v = cell(column)?.trim();
    return v === undefined || v === '' ? undefined : v;
  };
  const text = cell(mapping.text) ?? '';
  if (text.trim() === '') fail(`empty document (the text column "${mapping.text}" is empty)`);
  let id = `${at.stem}-${at.row}`;
  if (mapping.id !== undefined) id = optional(mapping.id) ?? fail(`the id column "${mapping.id}" is empty`);
  const labelCell = optional(mapping.label);
  let label: 0 | 1 | undefined;
  if (labelCell !== undefined) {
    label = parseLabel(labelCell) ?? fail(`label "${labelCell}" is not one of ${LABEL_WORDS}`);
  }
  const doc: Record<string, unknown> = { id, text, source: `${at.file} row ${at.row}` };
  const parts = { name: optional(mapping.name), lang: optional(mapping.lang), group: optional(mapping.group), title: optional(mapping.title), label, job: optional(mapping.job) };
  for (const [k, v] of Object.entries(parts)) if (v !== undefined) doc[k] = v;
  return doc as unknown as ImportedDocument;
}

/**
 * Refuses a second document with the same id, naming both places.
 * @throws {FormatError} `id "x" appears twice: row 2 and row 7`.
 */
export function checkUniqueIds(rows: readonly { readonly doc: ImportedDocument; readonly at: RowPlace }[]): void {
  const first = new Map<string, RowPlace>();
  for (const { doc, at } of rows) {
    const seen = first.get(doc.id);
    if (seen) throw new FormatError(`id "${doc.id}" appears twice: row ${seen.row} (line ${seen.line}) and row ${at.row}`, at.line, at.file);
    first.set(doc.id, at);
  }
}
