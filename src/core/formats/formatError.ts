/**
 * A parse error in an input file, with the 1-based line where it was found.
 * Callers that know the file name (the CLI, the importer) add it when they
 * report the error; core parsers do not know where the text came from.
 */
export class FormatError extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(message);
    this.name = 'FormatError';
  }
}
