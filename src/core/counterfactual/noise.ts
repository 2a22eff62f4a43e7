import type { Rng } from '../stats/rng.ts';
import { editsOf, type Edit } from './edit.ts';
import { emailRanges, fold } from './emailLocal.ts';
import type { FoundName } from './findName.ts';
import { isProtected } from './protectedTerms.ts';

/** Text and edits, or why nothing changed. */
export type Noised = { readonly text: string; readonly edits: readonly Edit[] } | { readonly reason: string };

function build(text: string, edits: Edit[], reason: string): Noised {
  if (edits.length === 0) return { reason };
  let out = '', at = 0;
  for (const e of edits) {
    out += text.slice(at, e.offset) + e.after;
    at = e.offset + e.before.length;
  }
  return { text: out + text.slice(at), edits };
}

/**
 * Collapses whitespace: each run of spaces and tabs of two or more characters, or a single tab,
 * becomes one space; each run of three or more line breaks (LF or CRLF) becomes two.
 * @example collapseWhitespace('a  b\n\n\n\nc'); // { text: 'a b\n\nc', edits: [...] }
 */
export function collapseWhitespace(text: string): Noised {
  const reps: [number, number, string][] = [];
  for (const m of text.matchAll(/[ \t]{2,}|\t|(?:\r?\n){3,}/gu)) {
    const eol = m[0].includes('\r\n') ? '\r\n' : '\n';
    reps.push([m.index, m.index + m[0].length, m[0].includes('\n') ? eol + eol : ' ']);
  }
  return build(text, editsOf(text, reps), 'no whitespace to collapse');
}

/**
 * A word eligible for a typo: a whitespace-separated chunk whose core (punctuation stripped at
 * both ends) is four or more letters, lower case after the first, not a protected term, not a
 * part of the candidate's name, and not inside an e-mail address.
 */
function eligibleWords(text: string, name: FoundName | undefined): [number, string][] {
  const nameParts = new Set((name?.full.split(' ') ?? []).map(fold));
  const emails = emailRanges(text);
  const out: [number, string][] = [];
  for (const m of text.matchAll(/\S+/gu)) {
    const core = /^[("'“‘«[]*([\p{L}]+)[)"'”’»\],.;:!?]*$/u.exec(m[0]);
    if (!core) continue;
    const w = core[1];
    const at = m.index + m[0].indexOf(w);
    if (w.length < 4 || w.slice(1) !== w.slice(1).toLowerCase() || isProtected(w) || nameParts.has(fold(w))) continue;
    if (emails.some(([s, e]) => at >= s && at < e)) continue;
    out.push([at, w]);
  }
  return out;
}

/** One typo in the inner letters of `w` (never the first or last): swap two adjacent, drop one, or double one. */
function typo(w: string, rng: Rng): string {
  const op = rng.int(3);
  if (op === 0) {
    const i = 1 + rng.int(w.length - 3); // swap i and i+1, both inner
    if (w[i] !== w[i + 1]) return w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
  }
  const i = 1 + rng.int(w.length - 2);
  return op === 1 ? w.slice(0, i) + w.slice(i + 1) : w.slice(0, i + 1) + w.slice(i);
}

/**
 * Seeded character typos: each eligible word (see above) gets one typo with probability `rate`
 * (rng.next() < rate), at least one word in all (drawn uniformly when none was picked). A typo is
 * a swap of two adjacent inner letters (a double letter falls back to doubling), a dropped inner
 * letter or a doubled inner letter, drawn with rng.int(3).
 * @example addTypos('The quarterly report was delivered', undefined, 0.02, createRng(1)); // one word changed
 */
export function addTypos(text: string, name: FoundName | undefined, rate: number, rng: Rng): Noised {
  const words = eligibleWords(text, name);
  if (words.length === 0) return { reason: 'no word long enough for a typo' };
  let picked = words.filter(() => rng.next() < rate);
  if (picked.length === 0) picked = [words[rng.int(words.length)]];
  const edits = picked.map(([at, w]) => ({ offset: at, before: w, after: typo(w, rng) }));
  return build(text, edits, 'no typo made');
}
