/**
 * One JSON document (a results file, a rules file) parsed with an error a person can read on one
 * line (issue 48): V8 quotes the text it could not read — `Unexpected token 'i', "id,text\na,hello"
 * is not valid JSON` — and a line break in that quote reached the terminal as a literal `\x0a` (the
 * CLI escapes control characters in its one-line errors). The quote is dropped, and the position,
 * where the runtime gives one, becomes the line.
 */
import { FormatError } from './formatError.ts';

/** The 1-based line of a character position. */
function lineAt(text: string, position: number): number {
  let line = 1;
  for (let i = 0; i < Math.min(position, text.length); i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * A JSON syntax error's message without the runtime's quote of the text, and its line when known.
 * @example jsonSyntaxProblem(new SyntaxError('Unexpected token \'i\', "id,text\na,hello" is not valid JSON'), 'id,text\na,hello')
 *   // { message: "Unexpected token 'i'" }
 * @example jsonSyntaxProblem(new SyntaxError('Unexpected number in JSON at position 12'), '{"a":1,\n"b" 2}') // { message: 'Unexpected number', line: 2 }
 */
export function jsonSyntaxProblem(error: unknown, text: string): { readonly message: string; readonly line?: number } {
  const raw = error instanceof Error ? error.message : String(error);
  const quoted = /^(.*?), ".*" is not valid JSON$/su.exec(raw);
  let message = quoted ? quoted[1] : raw;
  const at = /\s*(?:in JSON )?at position (\d+)(?: \(line \d+ column \d+\))?/u.exec(message);
  const line = at ? lineAt(text, Number(at[1])) : undefined;
  if (at) message = message.replace(at[0], '');
  message = message.replace(/\s*[\r\n]+\s*/gu, ' ').trim();
  return line === undefined ? { message } : { message, line };
}

/**
 * Parses one JSON document.
 * @throws {FormatError} `not JSON: …`, with the line where the runtime tells the position.
 * @example parseJsonText('{"a": 1}') // { a: 1 }
 */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    const p = jsonSyntaxProblem(e, text);
    throw new FormatError(`not JSON: ${p.message}`, p.line);
  }
}
