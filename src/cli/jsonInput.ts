/**
 * A JSON file the CLI reads whole (results, rules, name lists): parsed by core's parseJsonText, its
 * syntax error one readable line naming the file and, where known, the line.
 */
import { FormatError } from '../core/formats/formatError.ts';
import { parseJsonText } from '../core/formats/jsonText.ts';
import { InputError } from './errors.ts';

/**
 * Parses `text`, the contents of `file`.
 * @throws {InputError} `file:line: not JSON: …`.
 */
export function readJsonInput(text: string, file?: string): unknown {
  try {
    return parseJsonText(text);
  } catch (e) {
    if (e instanceof FormatError) throw new InputError(e.message, file, e.line);
    throw e;
  }
}
