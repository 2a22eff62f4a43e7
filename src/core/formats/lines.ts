/** One non-blank line of a text file with its 1-based line number. */
export interface NumberedLine {
  readonly line: number;
  readonly text: string;
}

/**
 * Splits a whole text into its non-blank lines (LF or CRLF), keeping line
 * numbers so that errors can name them. Blank lines are skipped, not errors.
 */
export function numberedLines(text: string): NumberedLine[] {
  const out: NumberedLine[] = [];
  const raw = text.split('\n');
  for (let i = 0; i < raw.length; i++) {
    const t = raw[i].endsWith('\r') ? raw[i].slice(0, -1) : raw[i];
    if (t.trim() !== '') out.push({ line: i + 1, text: t });
  }
  return out;
}
