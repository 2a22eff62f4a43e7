/**
 * The one rule by which Fairground reads a number written in a text file or on
 * the command line: a plain decimal, optionally signed, with an optional
 * fraction and exponent — what a person or a program writing a score, a
 * label or a count writes. JavaScript's Number() accepts far more and reads
 * it silently: `0x10` as 16, `  5` as 5, `1_000` as NaN but `Infinity` as a
 * number, `''` as 0. Those are refused here, so a wrong column or a typo is
 * reported with its file and line instead of becoming a score.
 */

/** `-1`, `+2.50`, `.5`, `5.`, `1e-3`, `6.02E23`; no spaces, no hex, no underscores, no words. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * The finite number `text` spells, or undefined when it is not a plain
 * decimal or overflows a double (`1e999`).
 * @example strictNumber('0.25') // 0.25
 * @example strictNumber('1e-3') // 0.001
 * @example strictNumber('0x10') // undefined
 * @example strictNumber('  5') // undefined
 */
export function strictNumber(text: string): number | undefined {
  if (!DECIMAL.test(text)) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * Whether `text` spells a finite number by strictNumber's rule.
 * @example isStrictNumber('Infinity') // false
 */
export function isStrictNumber(text: string): boolean {
  return strictNumber(text) !== undefined;
}
