/**
 * One replacement in a text: `before` (possibly empty, for an insertion) found at `offset` of the
 * ORIGINAL text is replaced by `after`. A variant's edits never overlap.
 */
export interface Edit {
  readonly offset: number;
  readonly before: string;
  readonly after: string;
  /** Why the neutral base made this edit (neutralise.ts); absent on a variant's own edits. */
  readonly why?: EditReason;
  /**
   * The edit may be wrong and is shown for review: a pronoun whose referent is unclear, a verb
   * agreement guessed, a gendered word left as written for want of a neutral form (then
   * `before === after`).
   */
  readonly uncertain?: boolean;
  /** One line for the reviewer: what was decided and why. */
  readonly note?: string;
}

/** What a neutral base's edit removed or rewrote (neutralise.ts). */
export type EditReason =
  | 'name'
  | 'title'
  | 'email'
  | 'phone'
  | 'address'
  | 'profile-link'
  | 'contact'
  | 'gender'
  | 'age'
  | 'birth'
  | 'marital-status'
  | 'nationality'
  | 'pronoun'
  | 'verb-agreement'
  | 'gendered-word';

/**
 * Applies non-overlapping edits to the text they were recorded on, in offset order (an insertion,
 * `before` empty, goes before a replacement at the same offset).
 * @throws {RangeError} when an edit's `before` is not at its offset, or two edits overlap.
 * @example applyEdits('Maria led.', [{ offset: 0, before: 'Maria', after: 'Aisha' }]); // 'Aisha led.'
 */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.offset - b.offset || a.before.length - b.before.length);
  let out = '';
  let at = 0;
  for (const e of sorted) {
    if (e.offset < at) throw new RangeError(`edits overlap at offset ${e.offset}`);
    if (text.slice(e.offset, e.offset + e.before.length) !== e.before) {
      throw new RangeError(`edit at offset ${e.offset} expects ${JSON.stringify(e.before)}`);
    }
    out += text.slice(at, e.offset) + e.after;
    at = e.offset + e.before.length;
  }
  return out + text.slice(at);
}

/**
 * Collects the edits that replace each `[start, end)` range of `text` by a new string, sorted by
 * offset, leaving out replacements that change nothing.
 * @example editsOf('ab', [[0, 1, 'x']]); // [{ offset: 0, before: 'a', after: 'x' }]
 */
export function editsOf(text: string, replacements: readonly (readonly [number, number, string])[]): Edit[] {
  return replacements
    .filter(([s, e, after]) => text.slice(s, e) !== after)
    .map(([s, e, after]) => ({ offset: s, before: text.slice(s, e), after }))
    .sort((a, b) => a.offset - b.offset);
}
