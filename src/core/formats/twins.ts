import { FormatError } from './formatError.ts';
import { parseJsonLines } from './jsonl.ts';
import { validateRecord, type TwinRecord } from './records.ts';

/** A twins record with the line it was read from. */
export interface TwinLine extends TwinRecord {
  readonly line: number;
}

/**
 * Parses a twins JSONL file (DESIGN.md, "Dataset package"): one
 * `{"id","twin_id","twin_text","group","twin_group","lang"?}` per line,
 * checked as the dataset importer checks it (records.ts).
 * @throws {FormatError} naming the line: malformed JSON, a missing field,
 * an empty file, or a document or twin identifier that appears twice (a
 * document has at most one twin per task).
 */
export function parseTwins(text: string): TwinLine[] {
  const rows = parseJsonLines(text);
  if (rows.length === 0) throw new FormatError('empty twins file: no records found');
  const originals = new Set<string>();
  const twins = new Set<string>();
  return rows.map(({ line, value }) => {
    const record = validateRecord('twins', value, line).data as TwinRecord;
    if (originals.has(record.id)) throw new FormatError(`document "${record.id}" has a second twin`, line);
    if (twins.has(record.twin_id)) throw new FormatError(`twin "${record.twin_id}" appears twice`, line);
    originals.add(record.id);
    twins.add(record.twin_id);
    return { ...record, line };
  });
}
