import { editsOf, type Edit } from './edit.ts';
import type { FoundName, NewName } from './findName.ts';
import { matchCase } from './matchCase.ts';
import { emailRanges, swapEmailLocal } from './emailLocal.ts';

export type { NewName } from './findName.ts';

/** Text and the edits that made it from the original. */
export interface Rewritten {
  readonly text: string;
  readonly edits: readonly Edit[];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A whole-word (Unicode letters, marks, digits) case-insensitive pattern for a word sequence. */
const wholeWords = (words: readonly string[]) =>
  new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])${words.map(escape).join('\\s+')}(?![\\p{L}\\p{M}\\p{N}])`, 'giu');
/** Characters that mark a lower-case occurrence as part of a handle or URL (`/in/maria-garcia`). */
const HANDLE = /[./_@-]/u;

/**
 * Replaces the candidate's name by `to`: every whole-word occurrence (Unicode-aware, any case) of
 * the full name, then of the first name alone and the last name alone (so possessives follow:
 * `Maria's` → `Aisha's`), each written in the case of the occurrence (`MARIA GARCIA` →
 * `AISHA WILLIAMS`), and the parts of e-mail local parts that spell the name (see
 * swapEmailLocal). A lower-case occurrence outside an e-mail is replaced only inside a handle or
 * URL (next to `.`, `/`, `_`, `@` or `-`), so a name that is also a word (`Will`, `Rose`) is left
 * where it is written as a word. When `to` has no last name, the last name stays.
 * @example swapName("Maria Garcia. Maria's team", { full: 'Maria Garcia', first: 'Maria', last: 'Garcia', source: 'mapped' }, { first: 'Aisha', last: 'Williams' }).text; // "Aisha Williams. Aisha's team"
 */
export function swapName(text: string, from: FoundName, to: NewName): Rewritten {
  const taken: [number, number][] = [];
  const replacements: [number, number, string][] = [];
  const free = (s: number, e: number) => taken.every(([a, b]) => e <= a || s >= b);
  for (const r of emailRanges(text)) {
    for (const [s, e, after] of swapEmailLocal(text.slice(r[0], r[1]), from, to)) replacements.push([r[0] + s, r[0] + e, after]);
    taken.push(r);
  }
  const fullWords = from.full.split(' ');
  const newFull = to.last === undefined ? [to.first, ...fullWords.slice(1)] : [to.first, to.last];
  const passes: [readonly string[], (occurrence: string) => string][] = [];
  if (fullWords.length > 1) {
    passes.push([fullWords, (o) => {
      const ow = o.split(/\s+/u);
      return newFull.map((w, i) => matchCase(ow[i === newFull.length - 1 ? ow.length - 1 : Math.min(i, ow.length - 1)], w)).join(' ');
    }]);
  }
  passes.push([[from.first], (o) => matchCase(o, to.first)]);
  if (from.last !== undefined && to.last !== undefined) {
    const last = to.last;
    passes.push([[from.last], (o) => matchCase(o, last)]);
  }
  for (const [words, rewrite] of passes) {
    for (const m of text.matchAll(wholeWords(words))) {
      const s = m.index, e = s + m[0].length;
      if (!free(s, e)) continue;
      const c = m[0].charAt(0);
      const lower = c === c.toLowerCase() && c !== c.toUpperCase();
      if (lower && !HANDLE.test(text.charAt(s - 1)) && !HANDLE.test(text.charAt(e))) continue;
      replacements.push([s, e, rewrite(m[0])]);
      taken.push([s, e]);
    }
  }
  const edits = editsOf(text, replacements);
  let out = '', at = 0;
  for (const ed of edits) {
    out += text.slice(at, ed.offset) + ed.after;
    at = ed.offset + ed.before.length;
  }
  return { text: out + text.slice(at), edits };
}
