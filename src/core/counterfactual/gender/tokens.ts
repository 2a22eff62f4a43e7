/** A run of letters (and combining marks) in a text, with its lower-case form. */
export interface Token {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly lower: string;
}

/** Where PDF extraction ran two words into one: two lower-case letters, then two capitals (`…roIN…`). */
const RUN_TOGETHER = /(?<=\p{Ll}\p{M}*\p{Ll}\p{M}*)(?=\p{Lu}\p{M}*\p{Lu})/u;

/**
 * The letter runs of `text` (Unicode letters and marks; digits, apostrophes and hyphens split). A
 * run is split where two lower-case letters meet two capitals: PDF extraction runs a line's last
 * word into the next line's first (`AlejandroINGENIERO`, issue 46), and a word in capitals starts
 * there (`iPhone`, `McDonald`, `INGENiERO` stay whole).
 * @example tokenize("l'ingénieur").map((t) => t.text); // ['l', 'ingénieur']
 * @example tokenize('RamírezINGENIERO DevOps').map((t) => t.text); // ['Ramírez', 'INGENIERO', 'DevOps']
 */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(/[\p{L}\p{M}]+/gu)) {
    let start = m.index;
    for (const part of m[0].split(RUN_TOGETHER)) {
      out.push({ start, end: start + part.length, text: part, lower: part.toLowerCase() });
      start += part.length;
    }
  }
  return out;
}
