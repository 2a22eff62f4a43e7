import type { Gender } from './lexicon/types.ts';
import type { Token } from './tokens.ts';

/** Lower-case words before a noun that end like an adjective but are not one. */
const NOT_ADJECTIVES = new Set(
  'aber oder über unter hinter wider wieder immer weiter später früher vorher nachher bereits sowie sondern denn wenn dann gerne ohne gegen zwischen neben hier dort sehr oben unten innen außen'.split(' '),
);
const STEMS = ['ein', 'kein', 'mein', 'dein', 'sein', 'ihr', 'unser'];
const WEAK = ['dies', 'jed', 'jen', 'welch'];

/** How the adjectives between a determiner and the noun change, besides the determiner itself. */
type Ending = 'er>e' | 'en>e' | 'e>er' | 'same';

/**
 * The determiner's form for the other gender and the adjective-ending change that goes with it.
 * Masculine → feminine: `ein` (nominative) → `eine` with -er → -e; `einen`, `den` (accusative) →
 * `eine`, `die` with -en → -e; `einem`, `dem` → `einer`, `der`; `eines`, `des` → `einer`, `der`.
 * Feminine → masculine reads `eine` and `die` as nominative (→ `ein` with -e → -er, `der`) and
 * `einer`, `der` as dative (→ `einem`, `dem`): the case cannot be told from the words alone, and a
 * CV's self-description (`Ich bin eine …`) is nominative.
 */
function determinerFor(lower: string, from: Gender): [string, Ending] | undefined {
  if (from === 'male') {
    const definite: Record<string, [string, Ending]> = { der: ['die', 'same'], den: ['die', 'en>e'], dem: ['der', 'same'], des: ['der', 'same'] };
    if (definite[lower]) return definite[lower];
    for (const s of STEMS) {
      if (lower === s) return [`${s}e`, 'er>e'];
      if (lower === `${s}en`) return [`${s}e`, 'en>e'];
      if (lower === `${s}em` || lower === `${s}es`) return [`${s}er`, 'same'];
    }
    for (const s of WEAK) {
      if (lower === `${s}er`) return [`${s}e`, 'same'];
      if (lower === `${s}en`) return [`${s}e`, 'en>e'];
      if (lower === `${s}em` || lower === `${s}es`) return [`${s}er`, 'same'];
    }
    return undefined;
  }
  if (lower === 'die') return ['der', 'same'];
  if (lower === 'der') return ['dem', 'same'];
  for (const s of STEMS) {
    if (lower === `${s}e`) return [s, 'e>er'];
    if (lower === `${s}er`) return [`${s}em`, 'same'];
  }
  for (const s of WEAK) {
    if (lower === `${s}e`) return [`${s}er`, 'same'];
    if (lower === `${s}er`) return [`${s}em`, 'same'];
  }
  return undefined;
}

/** An adjective-like word: lower case, or capitalised as the first word of a line or sentence. */
function isAdjective(text: string, tokens: readonly Token[], j: number): boolean {
  const t = tokens[j];
  const c = t.text.charAt(0);
  const opens = j === 0
    ? /^[\s"'„“(•·*–—-]*$/u.test(text.slice(0, t.start))
    : /[.!?:;\n•·*–—-][\s"'„“(]*$/u.test(text.slice(tokens[j - 1].end, t.start));
  return (c === c.toLowerCase() || opens) && t.lower.length >= 4 && /(?:e|er|en|es|em)$/u.test(t.lower) && !NOT_ADJECTIVES.has(t.lower);
}

function changeEnding(word: string, ending: Ending): string {
  if (ending === 'er>e' && word.endsWith('er')) return word.slice(0, -1);
  if (ending === 'en>e' && word.endsWith('en')) return word.slice(0, -1);
  if (ending === 'e>er' && word.endsWith('e')) return `${word}r`;
  return word;
}

/**
 * The changes (token index → lower-case form) that make the words before a German noun at
 * `head` agree with its new gender: the adjectives (lower-case words with an adjective ending,
 * joined by spaces) and the determiner before them. Without a determiner the adjectives are read
 * as strong nominative (`erfahrener Entwickler` ↔ `erfahrene Entwicklerin`).
 * @example // tokens of 'ein erfahrener Softwareentwickler', head 2, from 'male' → Map { 0 => 'eine', 1 => 'erfahrene' }
 */
export function germanAgreement(text: string, tokens: readonly Token[], head: number, from: Gender): Map<number, string> {
  const adjectives: number[] = [];
  let j = head - 1;
  let det: [number, string, Ending] | undefined;
  while (j >= 0 && /^[ \t]+$/u.test(text.slice(tokens[j].end, tokens[j + 1].start))) {
    const d = determinerFor(tokens[j].lower, from);
    if (d) {
      det = [j, d[0], d[1]];
      break;
    }
    if (!isAdjective(text, tokens, j)) break;
    adjectives.push(j);
    j--;
  }
  const out = new Map<number, string>();
  const ending: Ending = det ? det[2] : from === 'male' ? 'er>e' : 'e>er';
  if (det) out.set(det[0], det[1]);
  for (const a of adjectives) out.set(a, changeEnding(tokens[a].lower, ending));
  return out;
}
