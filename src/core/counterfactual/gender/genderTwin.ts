import type { Edit } from '../edit.ts';
import { matchCase } from '../matchCase.ts';
import { isProtected } from '../protectedTerms.ts';
import { adjectiveChain, determinerWalk, gapBefore, type Changes } from './agreement.ts';
import { germanAgreement } from './germanAgreement.ts';
import { directLexicon, LEXICONS, type DirectedLexicon } from './lexicons.ts';
import type { Gender } from './lexicon/types.ts';
import { tokenize, type Token } from './tokens.ts';
import { euphony } from './euphony.ts';
import { statusChanges } from './statusWords.ts';

/** What a twin may change: `skip` names the tokens left as written (someone else's pronoun, a reference letter). */
export interface TwinOptions {
  readonly skip?: (token: Token) => boolean;
}

/** A twin: the text and its edits, or why none was made. */
export type GenderTwin = { readonly text: string; readonly edits: readonly Edit[] } | { readonly reason: string };

const SPACES = /^[ \t]+$/u;
/** The gap before a sentence's first word: a sentence or line end, then spaces, quotes, brackets. */
const SENTENCE_START = /[.!?:;\n•·*–—-][\s"'«“(]*$/u;
/** Whether token i opens the text, a line or a sentence. */
const opensSentence = (text: string, tokens: readonly Token[], i: number) =>
  i === 0 ? /^[\s"'«“(•·*–—-]*$/u.test(text.slice(0, tokens[0].start)) : SENTENCE_START.test(gapBefore(text, tokens, i));

/** Whether token i is the only word of its line (a bullet or punctuation around it allowed): a self-description in a list (`Asertivo`). */
function aloneOnLine(text: string, tokens: readonly Token[], i: number): boolean {
  const before = text.slice(i === 0 ? 0 : tokens[i - 1].end, tokens[i].start);
  const after = text.slice(tokens[i].end, i + 1 < tokens.length ? tokens[i + 1].start : text.length);
  const lineEnds = i + 1 < tokens.length ? /^[ \t.,;:!]*\n/u.test(after) : /^[\s.,;:!]*$/u.test(after);
  return (i === 0 || /\n[ \t•·*–—\-]*$/u.test(before)) && lineEnds;
}

/** Whether a preposition of `afterOpener` follows token i (`apasionado por`, `especializado en`): the adjective describes someone, predicatively. */
function complementFollows(text: string, tokens: readonly Token[], i: number, afterOpener: ReadonlySet<string>): boolean {
  const next = tokens[i + 1];
  return next !== undefined && SPACES.test(gapBefore(text, tokens, i + 1)) && afterOpener.has(next.lower);
}

/**
 * Whether token i follows a determiner and a word (`un sistema especializado en`): then it agrees
 * with that noun, not with the writer, and is left as written.
 */
function afterNounPhrase(text: string, tokens: readonly Token[], i: number, lex: DirectedLexicon): boolean {
  if (i < 2 || !SPACES.test(gapBefore(text, tokens, i)) || !SPACES.test(gapBefore(text, tokens, i - 1))) return false;
  const det = tokens[i - 2].lower;
  return lex.determiners.has(det) || [...lex.determiners.values()].includes(det) || PLURAL_DETERMINERS.has(det);
}

/** Plural determiners (FR, ES): a noun phrase before an adjective even when the lexicon lists only the singular ones. */
const PLURAL_DETERMINERS = new Set(['les', 'des', 'ces', 'los', 'las', 'unos', 'unas', 'estos', 'estas', 'sus', 'mes', 'ses', 'nos', 'vos', 'leurs']);

/** The noun form for a token, or undefined: exact, or (German) as the end of a capitalised compound. */
function nounAt(t: Token, lex: DirectedLexicon): string | undefined {
  const exact = lex.nouns.get(t.lower);
  if (exact !== undefined) return matchCase(t.text, exact);
  if (!lex.lexicon.compounds || t.text.charAt(0) === t.lower.charAt(0)) return undefined;
  let best: [string, string] | undefined;
  for (const [key, value] of lex.nouns) {
    if (key.length >= 4 && t.lower.length > key.length + 2 && t.lower.endsWith(key) && (!best || key.length > best[0].length)) best = [key, value];
  }
  if (!best) return undefined;
  const cut = t.text.length - best[0].length;
  return t.text.slice(0, cut) + matchCase(t.text.slice(cut), best[1]);
}

/**
 * Whether title token i is written as a title: capitalised (`Mr`, `Sra`), or in capitals with a
 * period (`MR.`, `SRA.`), and followed by a capitalised word (a name: `Mr. Smith`, not `MS Office`
 * or `als Frau in`). A one-letter title (French `M.`) needs its period.
 */
function isTitle(text: string, tokens: readonly Token[], i: number): boolean {
  const t = tokens[i];
  const next = tokens[i + 1];
  if (!next || next.text.charAt(0) === next.lower.charAt(0)) return false;
  const gap = gapBefore(text, tokens, i + 1);
  const period = /^\.[ \t]+$/u.test(gap);
  if (!period && !SPACES.test(gap)) return false;
  if (t.text.length === 1) return period;
  return t.text === matchCase('X', t.lower) || (period && t.text === t.text.toUpperCase());
}

function pronounAt(text: string, tokens: readonly Token[], i: number, lex: DirectedLexicon): string | undefined {
  const t = tokens[i];
  const next = tokens[i + 1];
  const nextJoined = next !== undefined && SPACES.test(gapBefore(text, tokens, i + 1));
  const amb = lex.lexicon.ambiguous?.find((a) => a.from === lex.from && a.word === t.lower);
  if (amb) return nextJoined && !amb.notNouns.has(next.lower) ? amb.beforeWord : amb.otherwise;
  const to = lex.pronouns.get(t.lower);
  if (to === undefined) return undefined;
  if (lex.lexicon.titles?.has(t.lower) && !isTitle(text, tokens, i)) return undefined;
  const guard = lex.lexicon.guards?.find((g) => g.word === t.lower);
  if (guard) {
    const prev = i > 0 && SPACES.test(gapBefore(text, tokens, i)) ? tokens[i - 1].lower : undefined;
    if (guard.needsNext && !nextJoined) return undefined;
    if (prev !== undefined && guard.notAfter?.has(prev)) return undefined;
    if (nextJoined && guard.notBefore?.has(next.lower)) return undefined;
  }
  return to;
}

/**
 * Rewrites the grammatically gendered words of `text` from `from` to `to` with the lexicon of
 * `lang` (en, fr, es, de, nl), leaving every other character as it is:
 * 1. pronouns and titles wherever they stand (ambiguous forms by their rule: EN `her` + a word
 *    that is not a function word → `his`, else `him`);
 * 2. lexicon nouns (German: also as the end of a compound), and what agrees with each: FR/ES the
 *    determiner and adjectives before it and the adjective chain after it; DE the article and
 *    adjective endings (germanAgreement);
 * 3. FR/ES adjective chains after a copula of the writer (`je suis`, `soy`) or opening a sentence
 *    when a comma or a preposition follows (`Passionnée par …`); an adjective alone on its line (a
 *    list of qualities: `Asertivo`); an adjective a preposition follows (`…, especializado en`)
 *    unless it follows a determiner and a noun it agrees with (`un sistema especializado en`);
 * 4. status words (statusWords.ts): civil status, sex and nationality after their field label
 *    (`Estado civil: soltero`, `Nacionalidad: peruano`), a civil status alone in its segment.
 * Titles change only written as titles, before a name (isTitle).
 * Only `from` forms change (a `to` form already in the text, e.g. a colleague's pronoun, is left);
 * protected terms (Java, Go, Swift…) are never touched, nor the tokens `options.skip` names (and
 * nothing agrees from them); case is kept per word.
 * @example genderTwin('Je suis un consultant expérimenté', 'fr', 'male', 'female'); // { text: 'Je suis une consultante expérimentée', edits: [...] }
 */
export function genderTwin(text: string, lang: string, from: Gender, to: Gender, options: TwinOptions = {}): GenderTwin {
  if (from === to) return { reason: `from and to are the same group (${from})` };
  const lexicon = LEXICONS[lang];
  if (!lexicon) return { reason: `no gender lexicon for language "${lang}"` };
  const lex = directLexicon(lexicon, from);
  const tokens = tokenize(text);
  const skip = options.skip ? tokens.map((t) => options.skip!(t)) : undefined;
  const lower: Changes = new Map(); // token → lower-case form (case applied at the end)
  const cased = new Map<number, string>(); // token → final form (nouns, cased already)
  const take = (changes: Changes) => {
    for (const [j, w] of changes) if (!cased.has(j) && !lower.has(j) && !skip?.[j]) lower.set(j, w);
  };
  tokens.forEach((t, i) => {
    if (isProtected(t.text) || skip?.[i]) return;
    const p = pronounAt(text, tokens, i, lex);
    if (p !== undefined) {
      lower.set(i, p);
      return;
    }
    const noun = nounAt(t, lex);
    if (noun === undefined) return;
    cased.set(i, noun);
    if (lexicon.compounds) take(germanAgreement(text, tokens, i, from));
    else {
      take(determinerWalk(text, tokens, i, lex));
      if (i + 1 < tokens.length && /^[ \t]*,?[ \t]*$/u.test(gapBefore(text, tokens, i + 1))) take(adjectiveChain(text, tokens, i + 1, lex)[0]);
    }
  });
  take(statusChanges(text, tokens, lex, skip));
  tokens.forEach((t, i) => {
    if (skip?.[i]) return;
    if (lexicon.copulas.has(t.lower) && i + 1 < tokens.length && SPACES.test(gapBefore(text, tokens, i + 1))) {
      take(adjectiveChain(text, tokens, i + 1, lex)[0]);
    }
    if (lexicon.afterOpener && lex.adjectives.has(t.lower) && opensSentence(text, tokens, i)) {
      const [changes, end] = adjectiveChain(text, tokens, i, lex);
      const gap = end < tokens.length ? gapBefore(text, tokens, end) : '';
      if (/^[ \t]*,/u.test(gap) || (SPACES.test(gap) && lexicon.afterOpener.has(tokens[end].lower))) take(changes);
    }
    if (lexicon.afterOpener && lex.adjectives.has(t.lower) && (aloneOnLine(text, tokens, i) || (complementFollows(text, tokens, i, lexicon.afterOpener) && !afterNounPhrase(text, tokens, i, lex)))) {
      take(adjectiveChain(text, tokens, i, lex)[0]);
    }
  });
  const final = (i: number) => cased.get(i) ?? (lower.has(i) ? matchCase(tokens[i].text, lower.get(i) as string) : tokens[i].text);
  const replacements: [number, number, string][] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!cased.has(i) && !lower.has(i)) continue;
    let form = final(i);
    const next = tokens[i + 1];
    if (lower.has(i) && next) form = euphony(lang, tokens[i].text, form, final(i + 1));
    let end = tokens[i].end;
    // French titles: `M.` takes its period, `Mme` and `Mlle` none (`M. Durand` ↔ `Mme Durand`)
    if (lang === 'fr' && lexicon.titles?.has(tokens[i].lower) && lower.has(i)) {
      if (tokens[i].lower === 'm' && text.charAt(end) === '.') end += 1;
      else if (lower.get(i) === 'm' && text.charAt(end) !== '.') form += '.';
    }
    replacements.push([tokens[i].start, end, form]);
  }
  return assemble(text, tokens, replacements, lexicon.contractions ?? []);
}

/** Sorts the replacements, merges contractions (`de` + `el` → `del`), drops no-ops, builds the text. */
function assemble(text: string, tokens: readonly Token[], reps: [number, number, string][], contractions: readonly (readonly [string, string, string])[]): GenderTwin {
  const byStart = new Map(reps.map((r) => [r[0], r]));
  const edits: Edit[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const r = byStart.get(tokens[i].start);
    const prev = tokens[i - 1];
    if (r && prev && SPACES.test(text.slice(prev.end, tokens[i].start))) {
      const c = contractions.find(([p, a]) => p === prev.lower && a === r[2].toLowerCase());
      if (c) {
        if (edits.length > 0 && edits[edits.length - 1].offset === prev.start) edits.pop();
        edits.push({ offset: prev.start, before: text.slice(prev.start, r[1]), after: matchCase(prev.text, c[2]) });
        continue;
      }
    }
    if (r && r[2] !== text.slice(r[0], r[1])) edits.push({ offset: r[0], before: text.slice(r[0], r[1]), after: r[2] });
  }
  if (edits.length === 0) return { reason: 'nothing gendered to change' };
  let out = '', at = 0;
  for (const e of edits) {
    out += text.slice(at, e.offset) + e.after;
    at = e.offset + e.before.length;
  }
  return { text: out + text.slice(at), edits };
}
