/**
 * Whether a gender twin is coherent: no gendered cue of the candidate is left in the source gender
 * (issue 46: a twin that keeps `Mr. Okafor` beside `she had assisted me`, or `Consultora` beside
 * `Estado civil: Soltero`, signals two genders at once and is worse than none). Pure; the gate of
 * genderTwinOfCandidate.
 *
 * A cue of the source gender in the twin, found by the gender lexicon of the language (a twin in
 * the same direction run on the twin, nothing skipped: pronouns, titles, role nouns and what agrees
 * with them, status words), is a leftover when it is the candidate's:
 * - a pronoun the referent rule (neutral/referents.ts, on the twin with its new name) gives to the
 *   candidate, leaves unclear, or gives to someone else unsurely — it may be the candidate's;
 * - a title before a word of the candidate's name (the original's or the twin's), or, with no name
 *   known, a title in the first lines (the header);
 * - any other word outside a reference block or quotation;
 * - the original first name still written anywhere (any case), a new first name of the source
 *   gender, or a first name of the source gender in the first three lines (a name not found).
 * German third-person pronouns (`er`, `ihn`, `ihm`) count though the lexicon does not change them.
 */
import { fold } from '../emailLocal.ts';
import type { FoundName, NewName } from '../findName.ts';
import { genderTwin } from '../gender/genderTwin.ts';
import { directLexicon, LEXICONS } from '../gender/lexicons.ts';
import type { Gender } from '../gender/lexicon/types.ts';
import { tokenize, type Token } from '../gender/tokens.ts';
import { titleCase } from '../matchCase.ts';
import { nameGender, referents } from '../neutral/referents.ts';

/** A cue of the source gender left in a twin: what, where (offset in the twin, line from 1) and why it counts. */
export interface Leftover {
  readonly kind: 'name' | 'pronoun' | 'title' | 'word';
  readonly cue: string;
  readonly offset: number;
  readonly line: number;
  readonly why: string;
}

export interface CoherenceOptions {
  /** The gender the twin was made from (the original's). */
  readonly from: Gender;
  /** The candidate's name in the original, when known. */
  readonly name?: FoundName;
  /** The name the twin put in its place. */
  readonly newName?: NewName;
}

const GERMAN_MALE = new Set(['er', 'ihn', 'ihm']);
const HEADER_LINES = 3;

/** The offset where the first `n` non-empty lines of `text` end. */
function headerEnd(text: string, n: number): number {
  let seen = 0;
  let at = 0;
  for (const line of text.split(/(?<=\n)/u)) {
    at += line.length;
    if (line.trim() !== '' && ++seen >= n) break;
  }
  return at;
}

/**
 * The cues of the source gender that a twin left (rule above), in text order; none: coherent.
 * @example twinCoherence('Mr. Okafor led. He assisted me.', 'Mr. Okafor led. She assisted me.', 'en', { from: 'male', name: { full: 'Ade Okafor', first: 'Ade', last: 'Okafor', source: 'mapped' } })
 *   // [{ kind: 'title', cue: 'Mr', offset: 0, line: 1, why: "a title before the candidate's name (Okafor)" }]
 */
export function twinCoherence(original: string, twin: string, lang: string, options: CoherenceOptions): Leftover[] {
  void original; // the twin is read on its own; the original is for the caller's messages and future checks
  const { from, name, newName } = options;
  const to: Gender = from === 'male' ? 'female' : 'male';
  const out: Leftover[] = [];
  const lineOf = (o: number) => twin.slice(0, o).split('\n').length;
  const add = (kind: Leftover['kind'], t: { start: number; text: string }, why: string) => out.push({ kind, cue: t.text, offset: t.start, line: lineOf(t.start), why });
  const tokens = tokenize(twin);
  const header = headerEnd(twin, HEADER_LINES);
  const nameWords = new Set([...(name ? name.full.split(/\s+/u) : []), ...(newName ? [newName.first, ...(newName.last ? newName.last.split(/\s+/u) : [])] : [])].map(fold));
  // the name: the original first name anywhere, a new one of the source gender, a source-gender first name in the header
  for (const t of tokens) {
    const capitalised = t.text.charAt(0) !== t.lower.charAt(0);
    if (!capitalised) continue;
    if (name && fold(t.text) === fold(name.first) && (!newName || fold(newName.first) !== fold(name.first))) add('name', t, "the original's first name");
    else if (newName && fold(t.text) === fold(newName.first) && nameGender(newName.first) === from) add('name', t, `the new first name is of the ${from} gender`);
    else if (t.start < header && !nameWords.has(fold(t.text)) && nameGender(titleCase(t.text)) === from && !LEXICONS[lang]?.pronouns.some((p) => p.includes(t.lower))) add('name', t, `a ${from} first name in the header`);
  }
  const lexicon = LEXICONS[lang];
  if (!lexicon) return out.sort((a, b) => a.offset - b.offset);
  const twinName: FoundName | undefined = newName ? { full: [newName.first, newName.last ?? name?.last].filter(Boolean).join(' '), first: newName.first, ...(newName.last ?? name?.last ? { last: newName.last ?? name?.last } : {}), source: 'mapped' } : name;
  const r = referents(twin, lang, twinName);
  const pronouns = new Map(r.pronouns.map((p) => [p.token.start, p]));
  const directed = directLexicon(lexicon, from);
  const pronounCue = (t: Token) => directed.pronouns.has(t.lower) && !lexicon.titles?.has(t.lower);
  const checkPronoun = (t: Token) => {
    const p = pronouns.get(t.start);
    // a form the referent rule does not read (Dutch meneer): a word like any other
    if (!p) return r.inBlock(t.start) ? undefined : add('word', t, 'a gendered form outside a reference or quotation');
    if (p.referent === 'candidate' || p.referent === 'unclear') add('pronoun', t, `the candidate's pronoun (${p.note})`);
    else if (p.unsure) add('pronoun', t, `may be the candidate's (${p.note})`);
  };
  const left = genderTwin(twin, lang, from, to);
  const byStart = new Map(tokens.map((t) => [t.start, t]));
  if ('edits' in left) {
    for (const e of left.edits) {
      // a contraction edit (de la → del) starts at the preposition: the gendered word is its last token
      const t = tokenize(e.before).map((x) => byStart.get(e.offset + x.start)!).pop()!;
      if (pronounCue(t)) checkPronoun(t);
      else if (lexicon.titles?.has(t.lower)) {
        const i = tokens.indexOf(t);
        const next = tokens[i + 1];
        if (next && nameWords.has(fold(next.text))) add('title', t, `a title before the candidate's name (${next.text})`);
        else if (nameWords.size === 0 && t.start < header) add('title', t, 'a title in the header, and no name of the candidate known');
      } else if (!r.inBlock(t.start)) add('word', t, 'a gendered word outside a reference or quotation');
    }
  }
  if (lang === 'de' && from === 'male') for (const t of tokens) if (GERMAN_MALE.has(t.lower)) checkPronoun(t);
  return out.sort((a, b) => a.offset - b.offset);
}

/**
 * One line for a NotMade reason: the first leftovers, where.
 * @example describeLeftovers([{ kind: 'title', cue: 'Mr', offset: 0, line: 1, why: "a title before the candidate's name (Okafor)" }]) // 'a cue of the original gender would stay: "Mr" (line 1: a title before …)'
 */
export function describeLeftovers(leftovers: readonly Leftover[], max = 3): string {
  const shown = leftovers.slice(0, max).map((l) => `"${l.cue}" (line ${l.line}: ${l.why})`);
  const more = leftovers.length > max ? ` and ${leftovers.length - max} more` : '';
  return `a cue of the original gender would stay: ${shown.join('; ')}${more}`;
}
