import { FormatError } from './formatError.ts';
import { numberedLines } from './lines.ts';

/** One JSON value of a JSON Lines text with its 1-based line number. */
export interface JsonLine {
  readonly line: number;
  readonly value: unknown;
}

/**
 * Parses JSON Lines (https://jsonlines.org): one JSON value per line, LF or
 * CRLF; blank lines are skipped. Values of any JSON type are returned as
 * parsed; checking their shape is the caller's job.
 * @throws {FormatError} naming the line of the first malformed value.
 * @example parseJsonLines('{"a":1}\n\n[2]\n') // [{line: 1, value: {a: 1}}, {line: 3, value: [2]}]
 */
export function parseJsonLines(text: string): JsonLine[] {
  return numberedLines(text).map(({ line, text: t }) => {
    try {
      return { line, value: JSON.parse(t) as unknown };
    } catch (e) {
      throw new FormatError(`malformed JSON: ${(e as Error).message}`, line);
    }
  });
}
