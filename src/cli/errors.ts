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

  /** The one line printed on stderr: `file:line: message`. */
  toLine(): string {
    const where = this.file ? `${this.file}${this.line ? `:${this.line}` : ''}: ` : '';
    return `fairground: ${where}${this.message}`;
  }
}
