import type { LinesChunk } from './lineSplitter.ts';
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

/**
 * linesText of a file read as chunks of whole lines (lineSplitter.ts `splitLineChunks`): the same
 * text — each line without its trailing CR, a blank line empty, nothing after the last non-blank
 * line — made from each chunk's string at once, not from a string and an object per line (for a
 * 720,000-line score file, a third of a second and most of the garbage of reading it).
 * @example linesChunksText([{ text: 'a\r\n  \nb', line: 1, count: 3 }]) // 'a\n\nb'
 */
export function linesChunksText(chunks: readonly LinesChunk[]): string {
  const parts: string[] = [];
  for (const chunk of chunks) if (chunk.count > 0) parts.push(chunkText(chunk.text));
  let text = parts.join('\n');
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x0a) end--;
  if (end < text.length) text = text.slice(0, end);
  return text;
}

/** A CR anywhere but before LF or at the end, or a line separator that a regular expression's ^ and $ would stop at. */
const AWKWARD = /\r(?!\n|$)|[\u2028\u2029]/;

/** One chunk's lines, each without its trailing CR and blank when it is all whitespace (String.trim's). */
function chunkText(text: string): string {
  if (AWKWARD.test(text)) {
    return text
      .split('\n')
      .map((line) => {
        const l = line.endsWith('\r') ? line.slice(0, -1) : line;
        return l.trim() === '' ? '' : l;
      })
      .join('\n');
  }
  // With no CR left but before LF and no other line separator, ^ and $ stop at LF only.
  return text.replace(/\r(?=\n|$)/g, '').replace(/^[^\S\n]+$/gm, '');
}
