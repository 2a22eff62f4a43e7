/**
 * Whom a third-person pronoun of a CV refers to: the candidate, someone else (a referee, a
 * manager, a named colleague), or unclear. The rule, by the nearest antecedent (the screening
 * protocol's Appendix A neutralises "pronouns referring to the candidate" only):
 * 1. `he or she`, `his/her`, `s/he` and the like refer to no one in particular: left alone.
 * 2. The nearest mention before the pronoun, in its sentence or the one before: the candidate's
 *    name → the candidate; another person's name (a known first name, or a title such as `Mr`,
 *    `Dr`, `Frau` before a capitalised word) or a definite role (`the Vice President`, `my
 *    manager`, a capitalised `Office Manager`) in the same sentence → someone else. With no name of
 *    the candidate known, a named person may be the candidate under another name: still someone
 *    else, but shown for review (`unsure`). A name or title of the other gender than the pronoun's
 *    is never its antecedent.
 * 3. Else the nearest pronoun before it in the same sentence decides (a chain).
 * 4. Else, in a reference or quoted block of a CV whose candidate's name is known, someone else
 *    named further back in the block and of its gender: theirs (unsure, marked) (`Ingrid Halvorsen, Head of
 *    Analytics. … In her report she observed his care`: `she` is Ingrid's, `his` is not). A name
 *    of unknown gender learns the gender of the pronoun that refers to it.
 * 5. Else: outside a reference or quoted block the candidate (a third-person CV: "He led …"),
 *    unclear when someone else is named nearby; inside one, unclear (a testimonial about the
 *    candidate): made neutral and marked.
 * A reference block runs from a heading such as `References`, `Letter of recommendation`,
 * `Referenzen` (or a line opening `To whom it may concern`) to the next heading; a quoted block is
 * text between quotation marks of five words or more. Their first person is the author, not the
 * candidate.
 */
import { BUNDLED_NAME_LISTS } from '../bundledNameLists.ts';
import { fold } from '../emailLocal.ts';
import type { FoundName } from '../foundName.ts';
import { tokenize, type Token } from '../gender/tokens.ts';
import { isProtected } from '../protectedTerms.ts';

/** Whom a pronoun refers to. */
export type Referent = 'candidate' | 'other' | 'unclear' | 'generic';

/** The third-person pronouns (and possessives) whose referent is decided, by language. */
export const THIRD_PERSON: Readonly<Record<string, ReadonlySet<string>>> = Object.freeze({
  en: new Set(['he', 'she', 'him', 'her', 'his', 'hers', 'himself', 'herself']),
  fr: new Set(['il', 'elle']),
  es: new Set(['él', 'ella']),
  de: new Set(['er', 'ihn', 'ihm', 'sein', 'seine', 'seinem', 'seinen', 'seiner', 'seines']),
  nl: new Set(['hij', 'zij', 'hem', 'haar', 'zijn']),
});

const GENERIC = /\b(?:he\s+or\s+she|she\s+or\s+he|his\s+or\s+her|her\s+or\s+his|him\s+or\s+her|her\s+or\s+him|himself\s+or\s+herself|herself\s+or\s+himself|s\/he|\(s\)he|he\/she|she\/he|his\/her|her\/his|him\/her|her\/him|il\s+ou\s+elle|elle\s+ou\s+il|il\/elle|él\s+o\s+ella|ella\s+o\s+él|er\s+oder\s+sie|sie\s+oder\s+er|hij\s+of\s+zij|zij\s+of\s+hij|hij\/zij)\b/giu;
const HEADING = /^[ \t]*(?:references?|referees?|reference letters?|letters? of (?:recommendation|reference)|recommendations?|testimonials?|endorsements?|références|lettres? de recommandation|recommandations?|referencias|cartas? de recomendaci[oó]n|recomendaciones|referenzen|empfehlungs?schreiben|empfehlungen|referenties|aanbevelingen?|aanbevelingsbrief)\b[^\n]{0,40}$/imu;
const LETTER_OPENING = /^[ \t]*(?:to whom it may concern|dear (?:sir|madam|hiring)|à qui de droit|a quien corresponda|sehr geehrte|geachte)\b/imu;
/** A line that is a section heading: short, no sentence end, capitalised or all capitals. */
const SECTION = /^[ \t]*(?:[\p{Lu}][\p{L}&/ ]{1,40}|[\p{Lu}\s&/]{3,40})[ \t]*:?[ \t]*$/u;
const TITLE = /\b(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Herr|Frau|M|Mme|Mlle|Sr|Sra|Srta|Dhr|Mevr|Mw)\.?\s+\p{Lu}[\p{L}'’-]+/gu;
const ROLE_NOUNS = 'manager|supervisor|director|president|boss|ceo|cfo|cto|coo|ciso|cio|vp|head|chair|chairman|chairwoman|owner|founder|client|customer|patient|student|pupil|employee|colleague|coworker|co-worker|person|user|teacher|parent|child|member|physician|doctor|referee|professor|executive|officer|partner|coordinator|administrator|assistant|secretary|principal|dean|applicant|guest|resident|caller|mentor|mentee|trainee|intern|author|writer|speaker|driver|passenger|vendor|supplier|consumer|visitor|buyer|seller|tenant|player|athlete|reader|viewer|listener|recipient|sender|holder|worker|leader|interviewer|interviewee|recruiter|employer|hiring manager|contractor|consultant|attorney|lawyer|judge|officer|agent|representative|rep|technician|nurse|surgeon|therapist|counselor|counsellor|coach|trainer|instructor|tutor|advisor|adviser|sponsor|donor|volunteer|candidate';
/** A definite role (`the driver`, `my manager`, `the CEO`), any case. */
const ROLE = new RegExp(`\\b(?:the|my|our|their|his|her|its)\\s+(?:[\\p{L}-]+\\s+){0,2}?(?:${ROLE_NOUNS})s?\\b`, 'giu');
/** A capitalised title standing for someone (`Office Manager`, `Vice President`). */
const ROLE_TITLE = /\b(?:Vice President|President|Office Manager|General Manager|Managing Director|Executive Director|Director|Supervisor|Chairman|Chairwoman|Principal|Dean|Professor|Senator|Governor|Mayor|CEO|CFO|CTO|COO|CISO|CIO)\b/gu;

/**
 * A capitalised name right after a verb that takes a person (`I managed Dmitri for two years`,
 * `reported to Ingrid Halvorsen`), ending the clause or followed by a word that ends the object: a
 * person, whether or not the name lists know the name (not a protected term: `trained Python models`).
 */
const PERSON_AFTER = /\b(?:managed|manage|manages|managing|supervised|supervise|supervises|supervising|mentored|mentor|mentoring|hired|know|knew|known|met|taught|coached|trained|recommend|recommends|recommended|replaced|introduced|reported\s+to|reports\s+to|assisted|thank|thanked)\s+(\p{Lu}\p{Ll}[\p{L}'’-]*(?:\s+\p{Lu}\p{Ll}[\p{L}'’-]*)?)(?=\s*(?:[,;.!?)—–"”»]|$)|\s+(?:for|since|at|in|during|on|when|while|as|and|who|from|between|over|throughout|until|before|after)\b)/gmu;
/** Capitalised words that open an object but are not names. */
const NOT_PERSONS = new Set(['the', 'a', 'an', 'our', 'my', 'his', 'her', 'their', 'its', 'this', 'that', 'these', 'those', 'several', 'many', 'all', 'both', 'each', 'every', 'some', 'him', 'them', 'it', 'people', 'teams', 'team', 'staff', 'students', 'clients']);

/** Every first name of the bundled lists, folded: a capitalised word among them names a person. */
const FIRST_NAMES: ReadonlySet<string> = new Set(
  BUNDLED_NAME_LISTS.flatMap((l) => l.groups.flatMap((g) => [...g.first, ...(g.full ?? []).map((n) => n.split(' ')[0])])).map(fold),
);

/** A mention of a person: where, and whether it is the candidate. */
export interface Mention {
  readonly start: number;
  readonly end: number;
  readonly who: 'candidate' | 'other';
  /** What kind of mention: a name, a title and name, or a role. */
  readonly by: 'name' | 'title' | 'role';
  /** The gender the name or title signals, when the name lists or the title say. */
  readonly gender?: 'female' | 'male';
}

/** The grammatical gender of each third-person pronoun form (a pronoun does not refer to someone of the other). */
const PRONOUN_GENDER: Readonly<Record<string, 'female' | 'male'>> = Object.freeze({
  he: 'male', him: 'male', his: 'male', himself: 'male', she: 'female', her: 'female', hers: 'female', herself: 'female',
  il: 'male', elle: 'female', él: 'male', ella: 'female', er: 'male', ihn: 'male', ihm: 'male', sein: 'male', seine: 'male',
  seinem: 'male', seinen: 'male', seiner: 'male', seines: 'male', hij: 'male', hem: 'male', zijn: 'male', zij: 'female', haar: 'female',
});
const TITLE_GENDER: Readonly<Record<string, 'female' | 'male'>> = Object.freeze({
  mr: 'male', mrs: 'female', ms: 'female', miss: 'female', herr: 'male', frau: 'female', m: 'male', mme: 'female', mlle: 'female',
  sr: 'male', sra: 'female', srta: 'female', dhr: 'male', mevr: 'female', mw: 'female',
});

/** The gender a first name signals in the bundled lists, when every list that has it agrees. */
const NAME_GENDER: ReadonlyMap<string, 'female' | 'male' | 'both'> = (() => {
  const out = new Map<string, 'female' | 'male' | 'both'>();
  for (const l of BUNDLED_NAME_LISTS) {
    for (const g of l.groups) {
      const gender = g.signals.gender as 'female' | 'male' | undefined;
      if (!gender) continue;
      for (const n of [...g.first, ...(g.full ?? []).map((f) => f.split(' ')[0])]) {
        const f = fold(n);
        const seen = out.get(f);
        out.set(f, seen === undefined || seen === gender ? gender : 'both');
      }
    }
  }
  return out;
})();

/** The gender a first name signals, or undefined (unknown, or used for both). */
export function nameGender(first: string): 'female' | 'male' | undefined {
  const g = NAME_GENDER.get(fold(first));
  return g === 'both' ? undefined : g;
}

/** The `[start, end)` ranges of the reference blocks and quoted blocks of `text`. */
export function quotedBlocks(text: string): [number, number][] {
  const out: [number, number][] = [];
  const lines = text.split(/(?<=\n)/u);
  let at = 0;
  let open: number | undefined;
  for (const line of lines) {
    const body = line.replace(/\r?\n$/u, '');
    if (open === undefined && (HEADING.test(body) || LETTER_OPENING.test(body))) open = at;
    else if (open !== undefined && SECTION.test(body) && !HEADING.test(body) && body.trim().split(/\s+/u).length <= 4) {
      out.push([open, at]);
      open = undefined;
    }
    at += line.length;
  }
  if (open !== undefined) out.push([open, text.length]);
  for (const m of text.matchAll(/["“«„]([^"”»“„\n]{20,})["”»“]/gu)) {
    if (m[1].trim().split(/\s+/u).length >= 5) out.push([m.index, m.index + m[0].length]);
  }
  return out.sort((a, b) => a[0] - b[0]);
}

/**
 * The people mentioned in `text`: each occurrence of the candidate's name (full, first or last,
 * capitalised, whole words), other people's names (a capitalised known first name; a title and a
 * capitalised word) and definite roles.
 */
export function mentions(text: string, candidate: FoundName | undefined): Mention[] {
  const out: Mention[] = [];
  const free = (s: number, e: number) => out.every((m) => e <= m.start || s >= m.end);
  const own = new Set(candidate ? candidate.full.split(/\s+/u).map(fold) : []);
  for (const m of text.matchAll(TITLE)) {
    const parts = m[0].split(/\s+/u);
    const gender = TITLE_GENDER[fold(parts[0])];
    out.push({ start: m.index, end: m.index + m[0].length, who: own.has(fold(parts[parts.length - 1])) ? 'candidate' : 'other', by: 'title', ...(gender ? { gender } : {}) });
  }
  const tokens = tokenize(text);
  tokens.forEach((t) => {
    const c = t.text.charAt(0);
    if (c === c.toLowerCase() || !free(t.start, t.end)) return;
    const f = fold(t.text);
    if (own.has(f) && (t.text.length > 1)) out.push({ start: t.start, end: t.end, who: 'candidate', by: 'name' });
    else if (FIRST_NAMES.has(f) && t.text.slice(1) === t.text.slice(1).toLowerCase()) {
      const gender = nameGender(t.text);
      out.push({ start: t.start, end: t.end, who: 'other', by: 'name', ...(gender ? { gender } : {}) });
    }
  });
  // a referee's entry: a line of a reference block opening with a capitalised name and a comma or dash (`Tom Berg, my manager`)
  for (const [s, e] of quotedBlocks(text)) {
    for (const m of text.slice(s, e).matchAll(/^[ \t]*(\p{Lu}[\p{L}'’-]+(?:[ \t]+\p{Lu}[\p{L}'’.-]+){1,2})[ \t]*(?:,|[-–—]|\()/gmu)) {
      const at = s + m.index + m[0].indexOf(m[1]);
      if (free(at, at + m[1].length) && !m[1].split(/\s+/u).some((w) => own.has(fold(w)))) out.push({ start: at, end: at + m[1].length, who: 'other', by: 'name' });
    }
  }
  for (const m of text.matchAll(PERSON_AFTER)) {
    const at = m.index + m[0].lastIndexOf(m[1]);
    const parts = m[1].split(/\s+/u);
    if (NOT_PERSONS.has(fold(parts[0])) || isProtected(parts[0]) || !free(at, at + m[1].length)) continue;
    const gender = nameGender(parts[0]);
    out.push({ start: at, end: at + m[1].length, who: parts.some((w) => own.has(fold(w))) ? 'candidate' : 'other', by: 'name', ...(gender ? { gender } : {}) });
  }
  for (const re of [ROLE, ROLE_TITLE]) {
    for (const m of text.matchAll(re)) if (free(m.index, m.index + m[0].length)) out.push({ start: m.index, end: m.index + m[0].length, who: 'other', by: 'role' });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Sentence numbers: a sentence ends at `.`, `!` or `?` before white space (not a title's `Mr.`), and at every line break. */
function sentenceIndex(text: string): (offset: number) => number {
  const ends: number[] = [];
  // not after a title's period (`Mr. Brown` is one sentence)
  for (const m of text.matchAll(/(?<!\b(?:Mr|Mrs|Ms|Mx|Dr|Prof|Sr|Sra|Srta|Jr|M|Dhr|Mevr|Mw))[.!?](?=\s)|\n/gu)) ends.push(m.index);
  return (offset: number) => {
    let lo = 0;
    let hi = ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ends[mid] < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** One pronoun and whom it refers to. */
export interface PronounReferent {
  readonly token: Token;
  readonly referent: Referent;
  /** Someone else's, as far as the text says, but it may be the candidate's (shown for review, left as written). */
  readonly unsure?: boolean;
  /** Why, in one line, for the reviewer. */
  readonly note: string;
}

/** The analysis of one text: its blocks, mentions, and whom each third-person pronoun refers to. */
export interface Referents {
  readonly blocks: readonly [number, number][];
  readonly mentions: readonly Mention[];
  readonly pronouns: readonly PronounReferent[];
  /** Whether an offset lies in a reference or quoted block (its first person is the author). */
  inBlock(offset: number): boolean;
}

/**
 * Decides the referent of every third-person pronoun of `text` (rule above), in language `lang`.
 * @example referents('Jane Doe, my manager. She can be reached by phone.', 'en', undefined).pronouns[0].referent // 'other'
 * @example referents('Senior engineer. He led a team of 8.', 'en', undefined).pronouns[0].referent // 'candidate'
 */
export function referents(text: string, lang: string, candidate: FoundName | undefined): Referents {
  const blocks = quotedBlocks(text);
  const inBlock = (o: number) => blocks.some(([s, e]) => o >= s && o < e);
  const sentence = sentenceIndex(text);
  // a role in apposition to a name (`Jane Doe, Director at Acme`) is that person: it takes the name's gender
  const found = mentions(text, candidate).map((m, i, all) => {
    const prev = all[i - 1];
    return m.by === 'role' && m.gender === undefined && prev?.gender && prev.by !== 'role' && m.start - prev.end <= 40 && sentence(prev.start) === sentence(m.start) ? { ...m, gender: prev.gender } : m;
  });
  const generic = [...text.matchAll(GENERIC)].map((m) => [m.index, m.index + m[0].length] as const);
  const words = THIRD_PERSON[lang] ?? new Set<string>();
  const out: PronounReferent[] = [];
  const blockOf = (o: number) => blocks.findIndex(([s, e]) => o >= s && o < e);
  // the gender a pronoun gave a name of unknown gender (`Ingrid Halvorsen … she`), by the name as written
  const learnt = new Map<string, 'female' | 'male'>();
  const genderOf = (m: Mention) => m.gender ?? (m.by === 'role' ? undefined : learnt.get(fold(text.slice(m.start, m.end))));
  for (const t of tokenize(text)) {
    if (!words.has(t.lower)) continue;
    if (generic.some(([s, e]) => t.start >= s && t.end <= e)) {
      out.push({ token: t, referent: 'generic', note: 'refers to no one in particular (he or she, his/her)' });
      continue;
    }
    const here = sentence(t.start);
    const block = blockOf(t.start);
    const gender = PRONOUN_GENDER[t.lower];
    // an antecedent of the other gender is someone else, whatever comes before it
    const agrees = (g: 'female' | 'male' | undefined) => g === undefined || gender === undefined || g === gender;
    const before = found.filter((m) => m.end <= t.start && blockOf(m.start) === block);
    // names and titles count from the sentence before; roles from the same sentence only (in a reference block, from the one before too)
    const near = [...before].reverse().find((m) => sentence(m.start) >= here - 1 && agrees(genderOf(m)) && (m.who === 'candidate' || m.by === 'name' || m.by === 'title' || block >= 0 || sentence(m.start) === here));
    const chain = [...out].reverse().find((p) => p.token.end <= t.start && sentence(p.token.start) === here && p.referent !== 'generic' && agrees(PRONOUN_GENDER[p.token.lower]));
    // further back in a reference block or quotation: anywhere before it in the block (outside one, someone named
    // further back is too far to be sure of: rule 5 makes it unclear)
    // (with no name of the candidate known, a person named in a letter is most often the candidate: rule 5)
    const far = near || chain || block < 0 || !candidate ? undefined : [...before].reverse().find((m) => m.by !== 'role' && agrees(genderOf(m)));
    const learn = (m: Mention) => {
      if (gender && m.by !== 'role' && genderOf(m) === undefined) learnt.set(fold(text.slice(m.start, m.end)), gender);
    };
    if (near && (!chain || near.start > chain.token.start)) {
      const name = text.slice(near.start, near.end);
      learn(near);
      if (near.who === 'candidate') out.push({ token: t, referent: 'candidate', note: `after the candidate's name (${name})` });
      else if (!candidate && near.by !== 'role') out.push({ token: t, referent: 'other', unsure: true, note: `refers to ${name} — or is "${name}" the candidate? If so, give their name as the name used in the original` });
      else out.push({ token: t, referent: 'other', note: `refers to ${name}, not the candidate` });
    } else if (chain) {
      out.push({ token: t, referent: chain.referent, ...(chain.unsure ? { unsure: true } : {}), note: `as "${chain.token.text}" before it in the sentence` });
    } else if (far) {
      const name = text.slice(far.start, far.end);
      learn(far);
      out.push(far.who === 'candidate'
        ? { token: t, referent: 'candidate', note: `the candidate's name (${name}) is the last person named before it` }
        : { token: t, referent: 'other', unsure: true, note: `${name} is the last person named before it${block >= 0 ? ' in this reference or quotation' : ''}: whose is it?` });
    } else if (block >= 0) {
      // nobody of its gender named before it in the block: a testimonial or letter about the candidate (`Jane Doe … She can confirm his skills`)
      out.push({ token: t, referent: 'unclear', note: 'in a reference or a quotation, with no one of its gender named before it: the candidate?' });
    } else {
      const others = found.some((m) => m.who === 'other' && Math.abs(sentence(m.start) - here) <= 2);
      out.push({ token: t, referent: others ? 'unclear' : 'candidate', note: others ? 'someone else is named nearby' : 'a third-person CV: the candidate' });
    }
  }
  return { blocks, mentions: found, pronouns: out, inBlock };
}
