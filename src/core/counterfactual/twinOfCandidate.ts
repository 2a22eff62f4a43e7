/**
 * The grammatical gender twin of a CV (the retrieval protocol's twins), changed only where the
 * words refer to the candidate: someone else's pronoun (a referee, a manager, a named colleague)
 * and everything in a reference letter or a quotation but the candidate's own pronouns stay as
 * written (neutral/referents.ts decides). A CV that carries the candidate's name has its first name
 * swapped for one of the target gender (a White name of the bundled list, as the screening
 * protocol's gender names; the last name kept), so a twin never shows a name of one gender with
 * the grammar of the other. The twin is made only when it keeps no gendered cue of the candidate in
 * the original gender (coherence/twinCoherence.ts); otherwise a NotMade says which cue, where.
 */
import type { CandidateDocument } from './document.ts';
import { docRng } from './docRng.ts';
import { drawNames } from './drawNames.ts';
import { applyEdits, type Edit } from './edit.ts';
import { findName } from './findName.ts';
import { detectGrammaticalGender } from './gender/detectGender.ts';
import { genderTwin } from './gender/genderTwin.ts';
import { LEXICONS } from './gender/lexicons.ts';
import type { Gender } from './gender/lexicon/types.ts';
import { tokenize, type Token } from './gender/tokens.ts';
import type { NameList } from './nameList.ts';
import { nameGender, referents } from './neutral/referents.ts';
import { swapName } from './swapName.ts';
import { describeLeftovers, twinCoherence } from './coherence/twinCoherence.ts';
import type { NotMade, Variant } from './variant.ts';

const GENDERS = ['female', 'male'] as const;

/**
 * What a twin of `text` may not change: pronouns of someone else (or of no one in particular),
 * titles before another person's name, and every other word in a reference or quoted block.
 * @example twinSkip('Jane Doe, my manager. She agreed.', 'en', undefined)(token of "She") // true
 */
export function twinSkip(text: string, lang: string, name: ReturnType<typeof findName>): (t: Token) => boolean {
  const r = referents(text, lang, name);
  const pronoun = new Map(r.pronouns.map((p) => [p.token.start, p.referent]));
  const othersTitles = r.mentions.filter((m) => m.by === 'title' && m.who === 'other');
  const inName = properNameWords(text, lang);
  return (t: Token) => {
    const referent = pronoun.get(t.start);
    if (referent !== undefined) return referent === 'other' || referent === 'generic';
    if (othersTitles.some((m) => t.start >= m.start && t.end <= m.end)) return true;
    return inName.has(t.start) || r.inBlock(t.start);
  };
}

const TITLE_CASE = /^\p{Lu}\p{Ll}/u;
const AGREEING_NAMES = new Set(['es', 'fr']);

/**
 * The starts of the words inside a capitalised name of several words — an institution, a degree, a
 * prize (`Universidad Autónoma`, `Sociedad Científica`, `Ciencias Físicas`): a Title-Case word
 * after another on the same line, one space between. They agree with the name's own noun, not with
 * the candidate, so a twin leaves them and the source gender is not read off them. The lexicon's
 * titles and pronouns are not names' words (`Dear Mr Smith`).
 */
function properNameWords(text: string, lang: string): Set<number> {
  const lexicon = LEXICONS[lang];
  // German capitalises every noun, and Dutch and English adjectives do not agree: French and Spanish only.
  if (!AGREEING_NAMES.has(lang)) return new Set();
  const own = new Set([...(lexicon?.titles ?? []), ...(lexicon?.pronouns ?? []).flat()]);
  const tokens = tokenize(text);
  const out = new Set<number>();
  for (let i = 1; i < tokens.length; i++) {
    const [prev, t] = [tokens[i - 1], tokens[i]];
    if (!TITLE_CASE.test(t.text) || !TITLE_CASE.test(prev.text) || text.slice(prev.end, t.start) !== ' ' || own.has(t.lower)) continue;
    out.add(t.start);
  }
  return out;
}

/** A first name of the target gender for the twin: a White name of the first list with gender and ethnicity, seeded per CV. */
function twinName(lists: readonly NameList[], to: Gender, original: NonNullable<ReturnType<typeof findName>>, seed: number, docId: string) {
  const list = lists.find((l) => l.attributes.includes('gender'));
  if (!list) return undefined;
  const signals: Record<string, string> = Object.fromEntries(list.attributes.map((b) => [b, b === 'gender' ? to : b === 'ethnicity' ? 'white' : list.reference[b]]));
  const entry = list.groups.find((g) => list.attributes.every((b) => g.signals[b] === signals[b]));
  const [drawn] = entry ? drawNames(entry, original, 1, docRng(seed, docId, `twin-name:${to}`)) : [];
  return drawn ? { first: drawn.first } : undefined;
}

/**
 * The twin of `doc` toward the other group of `doc.group`, else of its grammatical gender as
 * detected on the words that refer to the candidate (the candidate's name's gender breaks a tie).
 * @example genderTwinOfCandidate({ id: 'cv1', source: 'cv1.txt', lang: 'en', text: 'Emily Walsh\nShe led a team. Jane Doe, her manager: she agreed.' }, BUNDLED_NAME_LISTS, 1)
 *   // a twin whose first name is a man's, "He led a team", and Jane's "she" kept
 */
export function genderTwinOfCandidate(doc: CandidateDocument, lists: readonly NameList[], seed: number): Variant | NotMade {
  const lang = doc.lang?.toLowerCase().split(/[-_]/u)[0];
  if (!lang) return { of: doc.id, kind: 'gender', reason: 'the document has no language (lang)' };
  if (!LEXICONS[lang]) return { of: doc.id, kind: 'gender', reason: `no gender lexicon for language "${lang}"` };
  const name = findName(doc);
  const skip = twinSkip(doc.text, lang, name);
  const own = GENDERS.find((g) => g === doc.group);
  const from = own ?? detectGrammaticalGender(doc.text, lang, { skip }) ?? (name ? nameGender(name.first) : undefined);
  if (!from) return { of: doc.id, kind: 'gender', reason: "cannot tell the text's grammatical gender" };
  const to: Gender = from === 'male' ? 'female' : 'male';
  const r = genderTwin(doc.text, lang, from, to, { skip });
  if ('reason' in r) return { of: doc.id, kind: 'gender', group: to, reason: r.reason };
  let edits: Edit[] = [...r.edits];
  let newName: string | undefined;
  let newFirst: { first: string } | undefined;
  if (name) {
    const first = twinName(lists, to, name, seed, doc.id);
    newFirst = first;
    if (first) {
      const swapped = swapName(doc.text, name, first);
      const taken = swapped.edits.map((e) => [e.offset, e.offset + e.before.length] as const);
      edits = [...swapped.edits, ...edits.filter((e) => taken.every(([s, end]) => e.offset + e.before.length <= s || e.offset >= end))];
      edits.sort((a, b) => a.offset - b.offset);
      newName = name.last === undefined ? first.first : `${first.first} ${name.full.split(' ').slice(1).join(' ')}`;
    }
  }
  const text = applyEdits(doc.text, edits);
  // the gate: a twin that keeps any cue of the original gender is not made
  const leftovers = twinCoherence(doc.text, text, lang, { from, ...(name ? { name } : {}), ...(newFirst ? { newName: newFirst } : {}) });
  if (leftovers.length > 0) return { of: doc.id, kind: 'gender', group: to, reason: describeLeftovers(leftovers) };
  return {
    id: `${doc.id}.twin.gender`, of: doc.id, kind: 'gender', attribute: 'gender', group: to, signal: 'implicit', from: 'original',
    text, edits, ...(newName ? { name: newName } : {}),
  };
}
