import { readTable } from '../formats/delimited.ts';
import { FormatError } from '../formats/formatError.ts';
import type { ImportedDocument } from './candidateDocument.ts';
import type { PartProgress } from './partProgress.ts';
import { checkMapping, suggestMapping, type ColumnMapping } from './columnMapping.ts';
import { decodeUtf8, fileStem } from './decodeText.ts';
import { checkUniqueIds, documentOfRow, type RowPlace } from './documentOfRow.ts';

/** A table's header row and its separator, for the mapping form. */
export interface TableHeader {
  readonly headers: readonly string[];
  readonly delimiter: ',' | ';' | '\t';
}

/**
 * The header row of a CSV/TSV file (UTF-8, BOM dropped; the separator guessed among `,` `;`
 * and tab, or tab for .tsv), so a form can offer the columns and `suggestMapping`.
 * @throws {FormatError} naming the file: bytes that are not UTF-8, an empty file.
 */
export function readTableHeader(bytes: Uint8Array, file: string): TableHeader {
  const { rows, delimiter } = table(bytes, file, 1);
  if (rows.length === 0) throw new FormatError('the file is empty', undefined, file);
  return { headers: rows[0].cells, delimiter };
}

/**
 * The documents of a CSV or TSV file, one per data row, through `mapping` (or, without one,
 * the mapping `suggestMapping` guesses from the header). A quoted cell may span lines.
 * @throws {FormatError} naming the file and the row or line: bytes that are not UTF-8, an
 *   unterminated quote, a mapped column the header lacks, a row with more or fewer cells than
 *   the header, an empty text cell, an unknown label, the same id twice.
 * @example csvDocuments(new TextEncoder().encode('id;text\na;Anna, nurse\n'), 'cvs.csv', { id: 'id', text: 'text' })
 *   // [{ id: 'a', text: 'Anna, nurse', source: 'cvs.csv row 1' }]
 */
export function csvDocuments(bytes: Uint8Array, file: string, mapping?: ColumnMapping, onPart?: PartProgress): ImportedDocument[] {
  const { rows } = table(bytes, file, undefined, onPart ? (n, read, total) => onPart({ done: read, total, unit: 'bytes', rows: n }) : undefined);
  if (rows.length === 0) throw new FormatError('the file is empty', undefined, file);
  const [header, ...data] = rows;
  const headers = header.cells;
  const map = mapping ?? suggestMapping(headers);
  if (map === undefined) {
    throw new FormatError(`no column looks like the text; map one of ${headers.map((h) => JSON.stringify(h)).join(', ')}`, header.line, file);
  }
  checkMapping(map, headers, file, header.line);
  const index = new Map(headers.map((h, i) => [h, i]));
  const stem = fileStem(file);
  const out = data.map((r, i) => {
    const at: RowPlace = { file, stem, row: i + 1, line: r.line };
    if (r.cells.length !== headers.length) {
      throw new FormatError(`row ${at.row} has ${r.cells.length} cells but the header has ${headers.length} (a missing or extra separator, or an unquoted separator inside a cell)`, r.line, file);
    }
    return { doc: documentOfRow((c) => r.cells[index.get(c)!], map, at), at };
  });
  if (out.length === 0) throw new FormatError('the file has a header but no rows', header.line, file);
  checkUniqueIds(out);
  return out.map((o) => o.doc);
}

function table(bytes: Uint8Array, file: string, limit?: number, onRows?: (rows: number, read: number, total: number) => void) {
  const text = decodeUtf8(bytes, file);
  const tsv = /\.tsv$/i.test(file);
  try {
    return readTable(text, tsv ? '\t' : 'guess', limit, onRows);
  } catch (e) {
    if (e instanceof FormatError) throw new FormatError(e.message, e.line, file);
    throw e;
  }
}
