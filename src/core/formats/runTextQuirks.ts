/**
 * Where the run readers part ways. parseRun (trecRun.ts) trims a line and splits TREC fields with
 * String.trim and /\s+/, which know every Unicode space; RunLineReader (runColumns.ts), the fast
 * reader of large runs, knows ASCII spaces and tabs only, and trims a TSV id of any character up
 * to U+0020. On text without the characters below the two read every line alike, except that
 * RunLineReader refuses a few lines parseRun accepts (a TSV line ending in a tab or a space). A
 * caller that must answer exactly as parseRun does (`eval twins`) streams with RunLineReader
 * while `hasRunTextQuirk` is false and refusal-free, and reads the file with parseRun otherwise.
 */

/**
 * ASCII controls other than TAB, LF and CR (RunLineReader trims them off a TSV id, String.trim
 * does not); CR not before LF or the end (a line break for neither reader, \s for parseRun); the
 * spaces of String.trim and /\s/ beyond U+0020 and TAB (VT, FF, NBSP, the Zs spaces, LS, PS,
 * BOM).
 */
const QUIRK = /[\x00-\x08\x0b\x0c\x0e-\x1f\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]|\r(?!\n|$)/;

/**
 * Whether `text` (lines of a run, LF-separated) holds a character the two run readers treat
 * differently: a control character, a CR inside a line, or a Unicode space other than U+0020.
 * @example hasRunTextQuirk('q1\td1\t0.5\r\nq1\td2\t0.4') // false
 * @example hasRunTextQuirk('q1\u00a0Q0 d1 1 0.5 t') // true
 */
export function hasRunTextQuirk(text: string): boolean {
  return QUIRK.test(text);
}

/** A run's text holds a character the fast reader and parseRun read differently (hasRunTextQuirk): read it with parseRun. */
export class RunTextQuirkError extends Error {
  constructor(readonly line: number) {
    super(`line ${line} or one near it holds a control character or a Unicode space that parseRun reads differently`);
    this.name = 'RunTextQuirkError';
  }
}
