/**
 * The header block of a CV: its first `lines` non-empty lines, where the candidate's name and
 * contact details stand. Links and places outside it are the candidate's only with other evidence.
 */

/**
 * The offset where the header block of `text` ends (after the line break of its last line).
 * @example headerEnd('A\n\nB\nC\nD', 2) // 5
 */
export function headerEnd(text: string, lines = 10): number {
  let end = 0;
  let seen = 0;
  for (const line of text.split(/(?<=\n)/u)) {
    if (seen >= lines) break;
    end += line.length;
    if (line.trim() !== '') seen++;
  }
  return end;
}
