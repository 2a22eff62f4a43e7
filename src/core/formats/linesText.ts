import type { NumberedLine } from './lines.ts';

/**
 * Joins numbered lines back into a text whose line numbers are the same
 * (the blank lines splitLineBatches skipped come back empty), for parsers
 * that take a whole text.
 * @example linesText([{ line: 1, text: 'a' }, { line: 3, text: 'b' }]) // 'a\n\nb'
 */
export function linesText(lines: readonly NumberedLine[]): string {
  const out: string[] = [];
  for (const { line, text } of lines) {
    while (out.length < line - 1) out.push('');
    out.push(text);
  }
  return out.join('\n');
}
