/**
 * Bad input to the CLI: exit code 2 and one line on stderr naming the file
 * and, where known, the line (DESIGN.md, "Headless command line").
 */
export class InputError extends Error {
  constructor(
    message: string,
    readonly file?: string,
    readonly line?: number,
  ) {
    super(message);
    this.name = 'InputError';
  }

  /** The one line printed on stderr: `file:line: message`, control characters escaped. */
  toLine(): string {
    const where = this.file ? `${this.file}${this.line ? `:${this.line}` : ''}: ` : '';
    return `fairground: ${escapeControl(where + this.message)}`;
  }
}

/**
 * Escapes what a terminal would act on — C0 and C1 control characters, DEL,
 * and line and paragraph separators — as `\xNN` or `\uNNNN`, so a name in
 * an input file cannot move the cursor, recolour or rewrite the terminal,
 * nor break the one-line error in two.
 * @example escapeControl('a\u001b[2Jb') // 'a\\x1b[2Jb'
 */
export function escapeControl(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
