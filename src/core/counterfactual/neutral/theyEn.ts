/**
 * English third-person pronouns of the candidate made singular *they*, with the verb agreement
 * English needs (the screening protocol's Appendix A: "pronouns referring to the candidate
 * replaced by they"): he/she → they, him → them, his → their (before a word) or theirs, her →
 * their (before a word that is not a function word, as the gender lexicon decides) or them, hers →
 * theirs, himself/herself → themselves; he's → they're (they've before a past participle), he'd →
 * they'd, he'll → they'll. After a subject pronoun (adverbs such as *also*, *currently* passed) the
 * present tense follows: is → are, was → were, has → have, does → do, isn't → aren't, a verb in
 * -s → its plain form (manages → manage, applies → apply, watches → watch). A plain form outside
 * the list of common CV verbs is marked uncertain.
 */
import type { Edit } from '../edit.ts';
import { matchCase } from '../matchCase.ts';
import { gapBefore } from '../gender/agreement.ts';
import { EN } from '../gender/lexicon/en.ts';
import type { Token } from '../gender/tokens.ts';

const SUBJECTS = new Set(['he', 'she']);
const ADVERBS = new Set(`also always often usually currently now still then never recently successfully consistently regularly
  frequently actively directly personally primarily mainly mostly generally typically routinely independently effectively
  quickly easily further already just really truly particularly especially continually continuously
  routinely proactively closely`.split(/\s+/u).filter(Boolean));
const IRREGULAR: Readonly<Record<string, string>> = Object.freeze({
  is: 'are', was: 'were', has: 'have', does: 'do', "isn't": "aren't", "wasn't": "weren't", "hasn't": "haven't", "doesn't": "don't",
  goes: 'go', focuses: 'focus',
});
/** Verbs CVs use in the third person, in their -s form: their plain form is certain. */
const COMMON = new Set(`manages leads works develops designs builds creates supports oversees coordinates maintains delivers
  handles provides ensures drives owns runs writes teaches trains mentors helps assists serves plans organizes organises
  analyzes analyses reports prepares implements improves reviews tests monitors negotiates sells speaks holds brings
  takes makes gives keeps enjoys loves likes believes thinks knows wants needs seeks looks brings combines collaborates
  communicates contributes demonstrates excels specializes specialises thrives uses applies carries tries`.split(/\s+/u).filter(Boolean));
/** Words ending in -s after *he* that are not verbs. */
const NOT_VERBS = new Set(['always', 'as', 'us', 'his', 'hers', 'its', 'this', 'thus', 'plus', 'across', 'less', 'unless', 'yes', 'perhaps', 'nevertheless', 'sometimes']);

/** The plain form of a verb in -s, and whether it is certain. */
function plainForm(word: string): [string, boolean] | undefined {
  const lower = word.toLowerCase();
  if (IRREGULAR[lower]) return [IRREGULAR[lower], true];
  if (!/s$/u.test(lower) || lower.length < 3 || NOT_VERBS.has(lower) || /ss$/u.test(lower) || /(?:ous|ics|ness)$/u.test(lower)) return undefined;
  let plain: string;
  if (/[^aeiou]ies$/u.test(lower)) plain = lower.slice(0, -3) + 'y';
  else if (/(?:sses|ches|shes|xes|zzes|oes)$/u.test(lower)) plain = lower.slice(0, -2);
  else plain = lower.slice(0, -1);
  return [plain, COMMON.has(lower)];
}

const SPACES = /^[ \t]+$/u;
const POSSESSIVE_NOT_NOUNS = EN.ambiguous!.find((a) => a.word === 'her')!.notNouns;

/** The plain-form edit of the verb at token j (a negative contraction with it), or undefined when it needs none. */
function agreement(text: string, tokens: readonly Token[], j: number, uncertain: boolean, note: string, markUnknown: boolean): Edit | undefined {
  const verb = tokens[j];
  // a negative contraction is one word for the look-up (isn't, doesn't)
  const neg = tokens[j + 1] && /^['’]$/u.test(gapBefore(text, tokens, j + 1)) && tokens[j + 1].lower === 't' ? tokens[j + 1] : undefined;
  const plain = plainForm(neg ? `${verb.lower}'t` : verb.text);
  if (!plain) return undefined;
  const [p, certain] = plain;
  const end = neg ? neg.end : verb.end;
  const after = neg ? matchCase(verb.text, p.replace(/'t$/u, '')) + text.slice(verb.end, neg.start) + 't' : matchCase(verb.text, p);
  const unsure = uncertain || (!certain && markUnknown);
  return { offset: verb.start, before: text.slice(verb.start, end), after, why: 'verb-agreement', note: certain ? note : `${note} (is "${verb.text}" a verb here?)`, ...(unsure ? { uncertain: true } : {}) };
}

/** Words that join the verbs of one predicate. */
const JOINERS = new Set(['and', 'or', 'but']);
/** Another person as subject: the predicate of "they" ends there. */
const NEW_SUBJECT = new Set(['he', 'she', 'they', 'i', 'we', 'you']);
/**
 * Where an embedded clause may start (a relative clause, or *it* as the subject or the object of a
 * verb): "she was able to handle it and was …", "she led a team that grew fast and was …". The
 * predicate of "they" may go on after it, so a joined verb in the same form as the first verb
 * (was … and was) still agrees — marked uncertain, since it may be the embedded clause's own.
 */
const EMBEDDED = new Set(['it', 'who', 'which', 'that', 'where', 'when', 'while', 'whose']);

/**
 * The verbs joined to the first verb of a subject pronoun's predicate (`and`, `or`, `but`, or a
 * comma of a list: "designs, builds and runs"), from token `from` to the end of the sentence or a
 * new subject, each made plain. A joined word counts as a verb when it is a listed -s form (is,
 * has, was, does…) or a common CV verb followed by more of the clause; one at the end of the clause
 * (`manages budgets and reports.`) is more likely a noun and is left, and so is a word after a comma
 * unless the commas list verbs from the first one on.
 */
function coordinatedVerbs(text: string, tokens: readonly Token[], first: number, uncertain: boolean): Edit[] {
  const out: Edit[] = [];
  // a comma joins verbs only in a list that starts at the first verb ("designs, builds and runs"), not after its object ("manages budgets, reports")
  const commaList = first + 1 < tokens.length && /^[ \t]*,[ \t]*$/u.test(gapBefore(text, tokens, first + 1));
  let embedded = false;
  for (let k = first + 1; k < tokens.length; k++) {
    const gap = gapBefore(text, tokens, k);
    if (/[.!?;:\n()]/u.test(gap)) break;
    if (NEW_SUBJECT.has(tokens[k].lower)) break;
    if (EMBEDDED.has(tokens[k].lower)) embedded = true;
    let v = -1;
    if (JOINERS.has(tokens[k].lower) && k + 1 < tokens.length && SPACES.test(gapBefore(text, tokens, k + 1))) v = k + 1;
    else if (commaList && /^[ \t]*,[ \t]*$/u.test(gap)) v = k;
    if (v < 0) continue;
    while (v < tokens.length - 1 && SPACES.test(gapBefore(text, tokens, v + 1)) && ADVERBS.has(tokens[v].lower)) v++;
    const word = tokens[v].lower;
    const next = tokens[v + 1];
    const more = next !== undefined && !/[.!?;\n]/u.test(gapBefore(text, tokens, v + 1));
    if (embedded) {
      // after an embedded clause, only the first verb's own form again: "was … that grew … and was"
      if (word !== tokens[first].lower || !IRREGULAR[word]) continue;
      const e = agreement(text, tokens, v, true, `agrees with "they" (the first verb's form again, after a clause that may have its own subject)`, false);
      if (e) out.push(e);
      k = v;
      continue;
    }
    if (!(IRREGULAR[word] || (COMMON.has(word) && more))) continue;
    const e = agreement(text, tokens, v, uncertain, `agrees with "they" (a verb joined to the first)`, false);
    if (e) out.push(e);
    k = v;
  }
  return out;
}

/** The replacement of candidate pronoun token i (with the contraction after it), and the verb agreement edit it needs. */
export function theyEdits(text: string, tokens: readonly Token[], i: number, note: string, uncertain: boolean): Edit[] {
  const t = tokens[i];
  const next = tokens[i + 1];
  const joined = next !== undefined && SPACES.test(gapBefore(text, tokens, i + 1));
  const edit = (start: number, end: number, after: string, why: Edit['why'], u: boolean, n: string): Edit => ({
    offset: start, before: text.slice(start, end), after, why, note: n, ...(u ? { uncertain: true } : {}),
  });
  const out: Edit[] = [];
  // a contraction: he's / she'd / he'll (the apostrophe splits tokens)
  const apostrophe = next !== undefined && /^['’]$/u.test(gapBefore(text, tokens, i + 1)) ? next.lower : undefined;
  if (SUBJECTS.has(t.lower) && apostrophe && ['s', 'd', 'll'].includes(apostrophe)) {
    const after = tokens[i + 2];
    const participle = apostrophe === 's' && after !== undefined && /^(?:been|got|gotten|had|done|worked|led|managed|made|taken|seen|become)$/u.test(after.lower);
    const contraction = apostrophe === 's' ? (participle ? 've' : 're') : apostrophe;
    const apo = gapBefore(text, tokens, i + 1);
    return [edit(t.start, next.end, `${matchCase(t.text, 'they')}${apo}${matchCase(next.text, contraction)}`, 'pronoun', uncertain, note)];
  }
  let form: string;
  switch (t.lower) {
    case 'he':
    case 'she':
      form = 'they';
      break;
    case 'him':
      form = 'them';
      break;
    case 'his':
      form = joined && !POSSESSIVE_NOT_NOUNS.has(next.lower) ? 'their' : 'theirs';
      break;
    case 'her':
      form = joined && !POSSESSIVE_NOT_NOUNS.has(next.lower) ? 'their' : 'them';
      break;
    case 'hers':
      form = 'theirs';
      break;
    default:
      form = 'themselves';
  }
  out.push(edit(t.start, t.end, matchCase(t.text, form), 'pronoun', uncertain, note));
  if (SUBJECTS.has(t.lower)) {
    let j = i + 1;
    while (j < tokens.length && SPACES.test(gapBefore(text, tokens, j)) && ADVERBS.has(tokens[j].lower)) j++;
    const verb = tokens[j];
    if (verb && SPACES.test(gapBefore(text, tokens, j))) {
      const first = agreement(text, tokens, j, uncertain, 'agrees with "they"', true);
      if (first) out.push(first);
      // every verb of the predicate agrees, also when the first needs no change: "they led the team and mentor engineers"
      out.push(...coordinatedVerbs(text, tokens, j, uncertain));
    }
  }
  return out;
}
