/**
 * A verdict: one sentence generated from a results object's numbers and intervals, never free text
 * that could drift from them, with the row of the table it comes from (the page links it there;
 * the report prints it under its section).
 */
export interface Verdict {
  /** Whose it is: a model id, or a grouping of an outcome audit. */
  readonly subject: string;
  /** The sentence. */
  readonly text: string;
  /** The row (a `data-verdict-anchor` in the table) the sentence is read off. */
  readonly anchor: string;
  /** The numbers show an effect: the interval excludes no effect (and, where there is one, exceeds the noise floor). */
  readonly distinguishable: boolean;
}
