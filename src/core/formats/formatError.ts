/**
 * A parse error in an input file, with the 1-based line where it was found.
 * Callers that know the file name (the CLI, the importer) add it when they
 * report the error; core parsers do not know where the text came from.
 */
export class FormatError extends Error {
  constructor(
    message: string,
    readonly line?: number,
    /** The file, when the caller that parsed it knew its name (parseFile). */
    readonly file?: string,
  ) {
    super(message);
    this.name = 'FormatError';
  }
}

/**
 * Parses `text`, naming `file` in any FormatError it throws (the line kept).
 * @example parseFile('tasks.json', text, parseTaskDeclarations)
 */
export function parseFile<T>(file: string, text: string, parse: (text: string) => T): T {
  try {
    return parse(text);
  } catch (error) {
    if (error instanceof FormatError && error.file === undefined) throw new FormatError(error.message, error.line, file);
    throw error;
  }
}

/** `file:line: message`, as the CLI's stderr and the browser's banners show a FormatError. */
export function formatErrorLine(error: FormatError): string {
  const where = error.file ? `${error.file}${error.line ? `:${error.line}` : ''}: ` : '';
  return `${where}${error.message}`;
}

/** `file:line: message` of a FormatError, `file: message` of any error that names a file, else the message. */
export function describeInputError(error: unknown): string {
  if (error instanceof FormatError) return formatErrorLine(error);
  const file = (error as { file?: unknown }).file;
  const message = error instanceof Error ? error.message : String(error);
  return typeof file === 'string' && file !== '' ? `${file}: ${message}` : message;
}
