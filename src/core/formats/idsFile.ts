/**
 * The ids of a matrix of vectors, row by row: a JSON array of strings, or
 * one id per line (blank lines at the end ignored, a trailing \r trimmed).
 */
import { FormatError } from './formatError.ts';

/**
 * Parses an ids file or a safetensors `"ids"` metadata string.
 * @throws {FormatError} (with the line) for an empty id, an id twice, a JSON array that holds a non-string, or no ids.
 * @example parseIdList('d1\nd2\n') // ['d1', 'd2']
 * @example parseIdList('["d1", "d2"]') // ['d1', 'd2']
 */
export function parseIdList(text: string): string[] {
  const body = text.replace(/^\uFEFF/, '');
  let ids: string[];
  if (body.trimStart().startsWith('[')) {
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      throw new FormatError('starts with "[" but is not a JSON array of ids');
    }
    if (!Array.isArray(value)) throw new FormatError('not a JSON array of ids');
    const bad = value.findIndex((v) => typeof v !== 'string' || v === '');
    if (bad >= 0) throw new FormatError(`id ${bad} of the JSON array is not a non-empty string (${JSON.stringify(value[bad])})`);
    ids = value as string[];
  } else {
    ids = body.split('\n').map((l) => l.replace(/\r$/, ''));
    while (ids.length > 0 && ids[ids.length - 1] === '') ids.pop();
    const blank = ids.indexOf('');
    if (blank >= 0) throw new FormatError('empty id (a blank line among the ids)', blank + 1);
  }
  if (ids.length === 0) throw new FormatError('no ids');
  const seen = new Map<string, number>();
  for (const [i, id] of ids.entries()) {
    if (seen.has(id)) throw new FormatError(`id "${id}" appears twice (rows ${seen.get(id)! + 1} and ${i + 1})`, body.trimStart().startsWith('[') ? undefined : i + 1);
    seen.set(id, i);
  }
  return ids;
}
