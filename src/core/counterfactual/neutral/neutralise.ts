/**
 * The neutral base of a CV (the screening protocol's Appendix A): the CV with the candidate's name
 * and contact details removed, explicit gender, age, date of birth, marital status and nationality
 * statements removed, and the pronouns that refer to the candidate made neutral — English *they*
 * with its verb agreement, Dutch *die/hen/hun*; French, Spanish and German have no neutral pronoun
 * in common use, so theirs are left as written and marked for review, as are the gendered words
 * the candidate uses of themself (`je suis passionnée`). Every variant of the screening audit is
 * this base plus one line; the audit compares them with the base, not with the CV as imported.
 *
 * Every edit is recorded with why it was made; edits that may be wrong are marked `uncertain`.
 */
import { applyEdits, type Edit, type EditReason } from '../edit.ts';
import type { CandidateDocument } from '../document.ts';
import { findName, type FoundName, type NewName } from '../findName.ts';
import { matchCase } from '../matchCase.ts';
import { genderTwin } from '../gender/genderTwin.ts';
import { LEXICONS } from '../gender/lexicons.ts';
import type { Gender } from '../gender/lexicon/types.ts';
import { tokenize, type Token } from '../gender/tokens.ts';
import { gapBefore } from '../gender/agreement.ts';
import { contactRemovals, removalOf, type Removal } from './contacts.ts';
import { nameSpans } from '../identity/name.ts';
import { tidyRemovals } from '../identity/collapse.ts';
import { referents, type Referents } from './referents.ts';
import { statementRemovals } from './statements.ts';
import { theyEdits } from './theyEn.ts';

/** A CV's neutral base: its text and the edits that made it from the CV. */
export interface NeutralBase {
  /** The CV's id. */
  readonly of: string;
  readonly text: string;
  readonly edits: readonly Edit[];
  /** The candidate's name as found (or given) and removed; undefined when none was found. */
  readonly name?: FoundName;
  /** How many edits are marked uncertain. */
  readonly uncertain: number;
}

export interface NeutraliseOptions {
  /** Put this name where the candidate's name stood, instead of removing it ("replace the name in place"). */
  readonly replaceNameWith?: NewName;
}

/** English gendered nouns with a neutral form in common use; others are marked for review. */
const NEUTRAL_EN: Readonly<Record<string, string>> = Object.freeze({
  chairman: 'chair', chairwoman: 'chair', chairmen: 'chairs', chairwomen: 'chairs',
  salesman: 'salesperson', saleswoman: 'salesperson', salesmen: 'salespeople', saleswomen: 'salespeople',
  spokesman: 'spokesperson', spokeswoman: 'spokesperson', businessman: 'businessperson', businesswoman: 'businessperson',
  businessmen: 'businesspeople', businesswomen: 'businesspeople', foreman: 'supervisor', forewoman: 'supervisor',
  waiter: 'server', waitress: 'server', waiters: 'servers', waitresses: 'servers',
  congressman: 'member of congress', congresswoman: 'member of congress', councilman: 'council member', councilwoman: 'council member',
  policeman: 'police officer', policewoman: 'police officer', fireman: 'firefighter', firewoman: 'firefighter',
  cameraman: 'camera operator', camerawoman: 'camera operator', repairman: 'repairer', repairwoman: 'repairer',
  headmaster: 'head teacher', headmistress: 'head teacher', alumnus: 'graduate', alumna: 'graduate',
  sportsman: 'athlete', sportswoman: 'athlete', craftsman: 'artisan', craftswoman: 'artisan',
});
const NO_NEUTRAL: Readonly<Record<string, string>> = Object.freeze({ fr: 'French', es: 'Spanish', de: 'German', nl: 'Dutch' });
/** The Dutch neutral pronouns (die/hen/hun). */
const NL_NEUTRAL: Readonly<Record<string, string>> = Object.freeze({ hij: 'die', zij: 'die', hem: 'hen', zijn: 'hun' });
const NL_NOT_NOUNS = LEXICONS.nl.ambiguous![0].notNouns;

const NAME_LINE = /^[ \t]*(?:full name|name|nom complet|nom|nombre completo|nombre|volledige naam|naam|vollständiger name)[ \t]*[:：][ \t]*/iu;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const TITLE_BEFORE = /(?:\b(?:Mr|Mrs|Ms|Miss|Mx|Dr|Herr|Frau|M|Mme|Mlle|Sr|Sra|Srta|Dhr|Mevr)\.?\s+)$/u;

/** The lines of `text` with their start offsets. */
function lines(text: string): { start: number; line: string }[] {
  const out: { start: number; line: string }[] = [];
  let at = 0;
  for (const line of text.split(/(?<=\n)/u)) {
    out.push({ start: at, line });
    at += line.length;
  }
  return out;
}

/**
 * Where the candidate's name stands as a header field (identity/name.ts, any case, spacing and
 * line breaks): at the start of its line or after a separator, and followed by the line's end, a
 * separator, another field or a run-together word, not by a sentence (`Bill's work`, `Bill, he`).
 * With the `(She/Her)` pronouns written beside it. Each goes with its separator (removalOf).
 */
function nameFieldRemovals(text: string, name: FoundName, keepName: boolean): Removal[] {
  const out: Removal[] = [];
  for (const span of nameSpans(text, name.full)) {
    if (span.kind === 'name') {
      const lineStart = text.lastIndexOf('\n', span.start - 1) + 1;
      const before = text.slice(lineStart, span.start);
      // a `Name:` label before it goes with it; a Markdown heading mark or a title (`# Dr. `) stays
      // (a title is a qualification: the gold set keeps it)
      const field = NAME_LINE.exec(before);
      const lead = field ? before.slice(field[0].length) : before.replace(/(?:#+[ \t]+)?(?:(?:Dr|Prof|Mr|Mrs|Ms|Mx|Herr|Frau|Ing|Mag|Drs|Dhr|Mevr)\.?[ \t]+)*$/u, '');
      const atStart = /^[ \t|•·;,–—*-]*$/u.test(lead);
      const after = text.slice(span.end, span.end + 40);
      const ends = /^(?:[ \t]*(?:\r?\n|$|[|•·;,(–—-])|[ \t]+(?:\p{Lu}|\S+@|\+?\d)|\p{Lu})/u.test(after);
      if (!atStart || !ends || keepName) continue;
      const label = field ? { start: lineStart + field.index, end: lineStart + field.index + field[0].length } : undefined;
      out.push(removalOf(text, { ...span, ...(label ? { label } : {}), ...(name.unsure ? { confidence: 'unsure' as const } : {}) }));
    } else out.push(removalOf(text, span));
  }
  return out;
}

/** A word in any case, letter by letter (`ORVEDaNA` as PDF fonts extract small capitals). */
const anyCase = (w: string) => [...w].map((c) => (c.toLowerCase() === c.toUpperCase() ? escape(c) : `[${escape(c.toLowerCase())}${escape(c.toUpperCase())}]`)).join('');
/** A word as written, capitalised and in capitals (`ZELIA` found, `Quorve` in the text). */
const forms = (w: string) => {
  const title = w.charAt(0).toUpperCase() + w.slice(1).toLowerCase();
  return `(?:${[...new Set([w, title, w.toUpperCase()])].map(escape).join('|')})`;
};

/**
 * Occurrences of the candidate's name outside the header field, each with a title before it: two
 * or more of its words in a row, in any order and case (`Anselmino Orvedana Tesmo` for `Orvedana
 * Tesmo Anselmino`), then (with `citations`) the forms of author lists (`Quorve, D.`, `Martin,
 * Ulrich`, `Pravo JD`, `Leroy B`, `D. Das`, `Ferrando-Oyelda, J. R.`), then the first and the last
 * name alone, as written, capitalised or in capitals.
 */
function nameOccurrences(text: string, name: FoundName, citations: boolean): [number, number][] {
  const words = name.full.split(/\s+/u).filter((w) => w.length > 1 && !/^\p{Lu}\.$/u.test(w));
  const word = `(?:${words.map(anyCase).join('|')})`;
  const patterns = [name.full.split(/\s+/u).map(forms).join('\\s+'), ...(words.length > 1 ? [`${word}(?:[ \\t]+${word})+`] : [])];
  if (citations && name.last !== undefined && name.last !== name.first) {
    // a double surname may be hyphenated in citations (`Ferrando Oyelda` → `Ferrando-Oyelda`)
    const before = words.length >= 3 ? `(?:${forms(words[words.length - 2])}[- ])?` : '';
    const last = before + forms(name.last), first = forms(name.first), initial = escape(name.first.charAt(0).toUpperCase());
    patterns.push(
      `${last},\\s*${first}`,
      // `Quorve, D.` · `Brannic, A .` · `Tolvane, M`; `Quorve D.,` · `Quorve. D.,` · `Pravo JD` (without a
      // comma, the dot of an initial only when the author list goes on: `Quorin Z. Another` ends a sentence)
      `${last},\\s*${initial}(?:\\p{Lu}{1,2}(?![\\p{L}\\p{M}\\p{N}])|(?:[ ]?\\.(?:\\s?-?\\p{Lu}\\.)*)?)`,
      `${last}\\.?\\s+${initial}(?:\\p{Lu}{1,2}(?![\\p{L}\\p{M}\\p{N}])|(?:[ ]?\\.(?:\\s?-?\\p{Lu}\\.)*(?=\\s*[,;&(]|\\s+(?:and|et|y|und|en)\\b))?)`,
      `${initial}\\.(?:\\s?-?\\p{Lu}\\.)*\\s*${last}`,
    );
  }
  // a word alone is not a name before a number (`June 2020`, `May 12` when the name is JUNE MAY)
  patterns.push(`${forms(name.first)}(?![ \\t]+\\d)`, ...(name.last ? [`${forms(name.last)}(?![ \\t]+\\d)`] : []));
  const found: [number, number][] = [];
  const nameWords = new Set(words.map((w) => w.toLowerCase()));
  const alone = new Set([name.first, name.last].filter((w): w is string => w !== undefined).map((w) => w.toLowerCase()));
  const firstOnly = new Set(words.slice(0, -1).map((w) => w.toLowerCase()));
  for (const pattern of patterns) {
    const re = new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])${pattern}(?![\\p{L}\\p{M}\\p{N}])`, 'gu');
    for (const m of text.matchAll(re)) {
      let s = m.index;
      const e = s + m[0].length;
      if (found.some(([a, b]) => s < b && e > a)) continue;
      const matched = m[0].toLowerCase().split(/\s+/u);
      // a word alone inside a hyphenated compound is part of another name (`Roe` in `Doe-Roe, D.`)
      if (matched.length === 1 && alone.has(matched[0]) && (/\p{L}-$/u.test(text.slice(Math.max(0, s - 2), s)) || /^-\p{L}/u.test(text.slice(e, e + 2)))) continue;
      // first names followed on their line by a surname not the candidate's are someone else's
      // (`José Andrés Herrera` when the candidate is José Andrés Ferrando)
      // (the capitalised words right after it on its line, the candidate's first names skipped)
      const capitalsAfter = /^(?:[ \t]+\p{Lu}[\p{L}\p{M}'’-]*)+/u.exec(text.slice(e))?.[0].trim().split(/[ \t]+/u) ?? [];
      const surnameAfter = capitalsAfter.find((w) => !firstOnly.has(w.toLowerCase()));
      if (matched.every((w) => firstOnly.has(w)) && surnameAfter !== undefined && !nameWords.has(surnameAfter.toLowerCase()) && !/^(?:The|I|In|At|And|Is|Was)$/u.test(surnameAfter)) continue;
      const title = TITLE_BEFORE.exec(text.slice(Math.max(0, s - 8), s));
      if (title) s -= title[0].length;
      found.push([s, e]);
    }
  }
  return found.sort((a, b) => a[0] - b[0]);
}

/** What may stand between a sentence's start and its first word: spaces, opening quotes and brackets, bullets and dashes, symbols. */
const SENTENCE_OPENER = /[ \t\p{Pi}\p{Ps}\p{Pd}"'*•·‣◦▪▫●○■□►▶➢✓✔]|\p{So}/u;

/**
 * Whether `at` starts a sentence: before it, past spaces, quotes, brackets and bullets, the text
 * starts, a line ends or a sentence ends (`.`, `!`, `?`, `:`).
 * @example sentenceStartAt('Done. “Anna', 7) // true
 */
export function sentenceStartAt(text: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && text[i] !== '\n' && SENTENCE_OPENER.test(text[i])) i--;
  return i < 0 || text[i] === '\n' || /[.!?:]/u.test(text[i]);
}

/** "the candidate", capitalised at the start of a sentence or line (after a bullet or a quote too). */
function placeholder(text: string, at: number): string {
  return sentenceStartAt(text, at) ? 'The candidate' : 'the candidate';
}

/** The other gender. */
const other = (g: Gender): Gender => (g === 'male' ? 'female' : 'male');

/**
 * The gendered words of the candidate a twin would change but no neutral form exists for (FR/ES
 * agreement, DE nouns, EN nouns without a neutral form): marked for review, left as written; EN
 * nouns with a neutral form are rewritten. Pronouns are left to the pronoun pass.
 */
function genderedWords(text: string, lang: string, r: Referents, pronounAt: ReadonlySet<number>): Edit[] {
  if (!LEXICONS[lang]) return [];
  const skip = (t: Token) => pronounAt.has(t.start) || r.inBlock(t.start);
  const out: Edit[] = [];
  const seen = new Set<number>();
  for (const from of ['male', 'female'] as const) {
    const twin = genderTwin(text, lang, from, other(from), { skip });
    if (!('edits' in twin)) continue;
    for (const e of twin.edits) {
      if (seen.has(e.offset)) continue;
      seen.add(e.offset);
      const neutral = lang === 'en' ? NEUTRAL_EN[e.before.toLowerCase()] : undefined;
      if (neutral) out.push({ offset: e.offset, before: e.before, after: matchCase(e.before, neutral), why: 'gendered-word', note: `a gendered word: its neutral form` });
      else {
        out.push({
          offset: e.offset, before: e.before, after: e.before, why: 'gendered-word', uncertain: true,
          note: lang === 'en' ? `a gendered word with no neutral form here: left as written` : `gendered agreement; ${NO_NEUTRAL[lang] ?? 'this language'} has no neutral form: left as written`,
        });
      }
    }
  }
  return out;
}

/** The pronoun edits of the candidate (and of unclear referents, marked uncertain). */
function pronounEdits(text: string, lang: string, r: Referents, tokens: readonly Token[]): Edit[] {
  const out: Edit[] = [];
  const index = new Map(tokens.map((t, i) => [t.start, i]));
  for (const p of r.pronouns) {
    if (p.unsure) {
      out.push({ offset: p.token.start, before: p.token.text, after: p.token.text, why: 'pronoun', uncertain: true, note: `${p.note}: left as written` });
      continue;
    }
    if (p.referent !== 'candidate' && p.referent !== 'unclear') continue;
    const uncertain = p.referent === 'unclear';
    const i = index.get(p.token.start)!;
    if (lang === 'en') out.push(...theyEdits(text, tokens, i, p.note, uncertain));
    else if (lang === 'nl') {
      const next = tokens[i + 1];
      const joined = next !== undefined && /^[ \t]+$/u.test(gapBefore(text, tokens, i + 1));
      const form = p.token.lower === 'haar' ? (joined && !NL_NOT_NOUNS.has(next.lower) ? 'hun' : 'hen') : NL_NEUTRAL[p.token.lower];
      if (form) out.push({ offset: p.token.start, before: p.token.text, after: matchCase(p.token.text, form), why: 'pronoun', note: p.note, ...(uncertain ? { uncertain } : {}) });
    } else {
      out.push({
        offset: p.token.start, before: p.token.text, after: p.token.text, why: 'pronoun', uncertain: true,
        note: `${p.note}; ${NO_NEUTRAL[lang] ?? 'this language'} has no neutral pronoun in common use: left as written`,
      });
    }
  }
  return out;
}

/**
 * Widens deletions so that no line is left with nothing but white space and separators: such a
 * line goes whole, with its line break.
 */
function wholeLines(text: string, removals: readonly Removal[]): Removal[] {
  const out: Removal[] = [...removals];
  for (const { start, line } of lines(text)) {
    const end = start + line.length;
    const inside = removals.filter((r) => r.start < end && r.end > start);
    if (inside.length === 0 || inside.some((r) => r.start <= start && r.end >= end)) continue;
    let rest = '';
    let at = start;
    for (const r of [...inside].sort((a, b) => a.start - b.start)) {
      rest += text.slice(at, Math.max(at, r.start));
      at = Math.max(at, r.end);
    }
    rest += text.slice(at, end);
    if (rest.replace(/[\s|•·;,:/–—-]+/gu, '') === '') out.push({ start, end, why: inside[0].why, ...(inside.every((r) => r.uncertain) ? { uncertain: true } : {}) });
  }
  return out;
}

/**
 * The neutral base of `doc` (rule above). Its language is `doc.lang` (`fr-FR` read as `fr`);
 * without one, or in another language, names, contacts and statements are still removed, and no
 * pronoun is changed.
 * @example neutralise({ id: 'cv1', source: 'cv1.txt', lang: 'en', text: 'Maria Garcia\nmaria@x.com\nShe leads a team.' }).text // 'They lead a team.'
 */
export function neutralise(doc: CandidateDocument, options: NeutraliseOptions = {}): NeutralBase {
  const text = doc.text;
  const lang = doc.lang?.toLowerCase().split(/[-_]/u)[0] ?? '';
  const name = findName(doc);
  const removals: Removal[] = [];
  const replaceWith = options.replaceNameWith;
  if (name) removals.push(...nameFieldRemovals(text, name, replaceWith !== undefined));
  // overlapping removals (a labelled statement and the contact in it) are merged below
  removals.push(...statementRemovals(text), ...contactRemovals(text, lang, name?.full.split(/\s+/u) ?? []));
  const widened = wholeLines(text, removals);
  const edits: Edit[] = [];
  const taken: [number, number][] = [];
  const isFree = (s: number, e: number) => taken.every(([a, b]) => e <= a || s >= b);
  const push = (e: Edit) => {
    const end = e.offset + e.before.length;
    if (!isFree(e.offset, Math.max(end, e.offset + 1))) return;
    edits.push(e);
    taken.push([e.offset, Math.max(end, e.offset + 1)]);
  };
  // deletions, merged where they touch or overlap
  const merged: Removal[] = [];
  for (const r of [...widened].sort((a, b) => a.start - b.start || b.end - a.end)) {
    const last = merged[merged.length - 1];
    // a sure removal that holds an unsure one confirms it (`Phone: (555) 123-4567` as a labelled statement)
    if (last && r.start < last.end) merged[merged.length - 1] = { ...last, end: Math.max(last.end, r.end), uncertain: r.end <= last.end ? last.uncertain : last.uncertain || r.uncertain };
    else merged.push(r);
  }
  // the separators several removals of one line leave dangling go too (identity/collapse.ts)
  for (const r of tidyRemovals(text, merged)) {
    push({ offset: r.start, before: text.slice(r.start, r.end), after: '', why: r.why, note: `removed: ${describe(r.why)}`, ...(r.uncertain ? { uncertain: true } : {}) });
  }
  if (name) {
    for (const [s, e] of nameOccurrences(text, name, !replaceWith)) {
      if (!isFree(s, e)) continue;
      const written = text.slice(s, e);
      const after = replaceWith ? replacedName(written, name, replaceWith) : placeholder(text, s);
      push({
        offset: s, before: written, after, why: 'name', note: replaceWith ? 'the name put in its place' : "the candidate's name: a neutral placeholder",
        // a name found in the header by its shape alone (identity/name.ts) is shown for review
        ...(name.unsure ? { uncertain: true } : {}),
      });
    }
  }
  if (THIRD_PERSON_LANGS.has(lang)) {
    const r = referents(text, lang, name);
    const tokens = tokenize(text);
    const pronounAt = new Set(r.pronouns.map((p) => p.token.start));
    for (const e of pronounEdits(text, lang, r, tokens)) push(e);
    for (const e of genderedWords(text, lang, r, pronounAt)) push(e);
  }
  edits.sort((a, b) => a.offset - b.offset || a.before.length - b.before.length);
  return { of: doc.id, text: applyEdits(text, edits), edits, ...(name ? { name } : {}), uncertain: edits.filter((e) => e.uncertain).length };
}

const THIRD_PERSON_LANGS: ReadonlySet<string> = new Set(['en', 'fr', 'es', 'de', 'nl']);

/** The new name written as the old one was (full name → full new name; first or last alone → its counterpart). */
function replacedName(written: string, name: FoundName, to: NewName): string {
  const title = TITLE_BEFORE.exec(written)?.[0] ?? '';
  const bare = written.slice(title.length);
  const words = bare.split(/\s+/u);
  if (words.length > 1) return title + [to.first, to.last ?? words.slice(1).join(' ')].map((w, i) => matchCase(words[Math.min(i, words.length - 1)], w)).join(' ');
  if (name.last !== undefined && bare.toLowerCase() === name.last.toLowerCase() && bare.toLowerCase() !== name.first.toLowerCase()) return title + matchCase(bare, to.last ?? bare);
  return title + matchCase(bare, to.first);
}

const DESCRIPTIONS: Readonly<Partial<Record<EditReason, string>>> = Object.freeze({
  name: "the candidate's name", email: 'an e-mail address', phone: 'a phone number', address: 'a street address',
  'profile-link': 'a link to a profile or site', contact: 'contact details', gender: 'a statement of gender', age: 'a statement of age',
  birth: 'a date or place of birth', 'marital-status': 'a statement of marital status', nationality: 'a statement of nationality or citizenship',
});

function describe(why: EditReason): string {
  return DESCRIPTIONS[why] ?? why;
}
