import { FormatError } from '../formats/formatError.ts';
import { parseJsonLines } from '../formats/jsonl.ts';
import type { ImportedDocument } from './candidateDocument.ts';
import type { ColumnMapping } from './columnMapping.ts';
import { decodeUtf8, fileStem } from './decodeText.ts';
import { checkUniqueIds, documentOfRow, type RowPlace } from './documentOfRow.ts';

/**
 * The documents of a JSON Lines file, one per object, the mapping naming fields instead of
 * columns. Without a mapping: the id is `_id`, else `id`, the text `text`, and `name`, `lang`,
 * `group`, `label`, `job`, `title` are read when present. Numbers and booleans are read as
 * their text (`"label": 1`, `"_id": 42`); a missing field is an empty cell.
 * @throws {FormatError} naming the file and the line: bytes that are not UTF-8, malformed JSON,
 *   a line that is not an object, a field that is an object or array, an empty text, an
 *   unknown label, the same id twice.
 * @example jsonlDocuments(new TextEncoder().encode('{"_id":"a","text":"Anna"}\n'), 'cvs.jsonl')
 *   // [{ id: 'a', text: 'Anna', source: 'cvs.jsonl row 1' }]
 */
export function jsonlDocuments(bytes: Uint8Array, file: string, mapping?: ColumnMapping): ImportedDocument[] {
  let lines;
  try {
    lines = parseJsonLines(decodeUtf8(bytes, file));
  } catch (e) {
    if (e instanceof FormatError && e.file === undefined) throw new FormatError(e.message, e.line, file);
    throw e;
  }
  if (lines.length === 0) throw new FormatError('the file is empty', undefined, file);
  const stem = fileStem(file);
  const out = lines.map(({ line, value }, i) => {
    const at: RowPlace = { file, stem, row: i + 1, line };
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new FormatError(`row ${at.row}: a document must be a JSON object`, line, file);
    }
    const record = value as Record<string, unknown>;
    const cell = (field: string) => {
      const v = record[field];
      if (v === undefined || v === null) return undefined;
      if (typeof v === 'object') throw new FormatError(`row ${at.row}: "${field}" must be a string, not ${Array.isArray(v) ? 'an array' : 'an object'}`, line, file);
      return String(v);
    };
    return { doc: documentOfRow(cell, mapping ?? defaultMapping(record), at), at };
  });
  checkUniqueIds(out);
  return out.map((o) => o.doc);
}

/** `_id` (MTEB) else `id`; the other fields by their own names. */
function defaultMapping(record: Record<string, unknown>): ColumnMapping {
  return {
    id: '_id' in record ? '_id' : 'id' in record ? 'id' : undefined,
    text: 'text', name: 'name', lang: 'lang', group: 'group', label: 'label', job: 'job', title: 'title',
  };
}
