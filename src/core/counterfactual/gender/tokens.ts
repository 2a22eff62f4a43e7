/** A run of letters (and combining marks) in a text, with its lower-case form. */
export interface Token {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly lower: string;
}

/**
 * The letter runs of `text` (Unicode letters and marks; digits, apostrophes and hyphens split).
 * @example tokenize("l'ingénieur").map((t) => t.text); // ['l', 'ingénieur']
 */
export function tokenize(text: string): Token[] {
  return [...text.matchAll(/[\p{L}\p{M}]+/gu)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    text: m[0],
    lower: m[0].toLowerCase(),
  }));
}
