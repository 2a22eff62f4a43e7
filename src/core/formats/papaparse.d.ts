/**
 * The part of papaparse's API (https://www.papaparse.com/docs) that delimited.ts uses: parsing a
 * whole string, one row at a time, without a header row. The package ships no types of its own;
 * this declares only what we call, so a change in it shows up here.
 */
declare module 'papaparse' {
  interface ParseError {
    readonly type: 'Quotes' | 'Delimiter' | 'FieldMismatch';
    readonly code: string;
    readonly message: string;
    /** Character offset in the input where the error was found, when known. */
    readonly index?: number;
  }

  interface ParseMeta {
    readonly delimiter: string;
    readonly linebreak: string;
    readonly aborted: boolean;
    /** Character offset just past the row (its line break included). */
    readonly cursor: number;
  }

  interface StepResult {
    readonly data: string[];
    readonly errors: readonly ParseError[];
    readonly meta: ParseMeta;
  }

  interface Parser {
    abort(): void;
  }

  interface ParseConfig {
    /** '' guesses it among `delimitersToGuess`. */
    readonly delimiter?: string;
    readonly delimitersToGuess?: readonly string[];
    /** '' auto-detects LF, CRLF or CR. */
    readonly newline?: string;
    readonly quoteChar?: string;
    readonly header?: false;
    readonly dynamicTyping?: false;
    readonly skipEmptyLines?: boolean;
    readonly step?: (results: StepResult, parser: Parser) => void;
  }

  interface PapaStatic {
    parse(input: string, config: ParseConfig): unknown;
  }

  const Papa: PapaStatic;
  export default Papa;
}
