import type { DirectedLexicon } from './lexicons.ts';
import type { Token } from './tokens.ts';
import { isProtected } from '../protectedTerms.ts';

/** Changes being collected: token index → the lower-case form it takes. */
export type Changes = Map<number, string>;

const SPACES = /^[ \t]+$/u;
const SPACES_OR_COMMA = /^[ \t]*,?[ \t]*$/u;

/** The text between token i-1 and token i ('' before the first). */
export const gapBefore = (text: string, tokens: readonly Token[], i: number): string =>
  i === 0 ? text.slice(0, tokens[0].start) : text.slice(tokens[i - 1].end, tokens[i].start);

/**
 * Follows an adjective chain from token `start` (FR/ES): lexicon adjectives of the `from` gender
 * change; adjectives of the other gender, epicene ones and chain words (et, y, senior) are passed
 * unchanged; anything else ends it. Tokens after the first must be joined by spaces or a comma.
 * Returns the changes and the index just past the chain.
 * @example // 'consultant expérimenté spécialisé dans', start 1, FR from male → [{1: 'expérimentée', 2: 'spécialisée'}, 3]
 */
export function adjectiveChain(text: string, tokens: readonly Token[], start: number, lex: DirectedLexicon): [Changes, number] {
  const out: Changes = new Map();
  let j = start;
  for (; j < tokens.length; j++) {
    if (j > start && !SPACES_OR_COMMA.test(gapBefore(text, tokens, j))) break;
    const t = tokens[j];
    if (isProtected(t.text)) break;
    const to = lex.adjectives.get(t.lower);
    if (to !== undefined) out.set(j, to);
    else if (!lex.targetAdjectives.has(t.lower) && !lex.lexicon.chain.has(t.lower)) break;
  }
  // a chain word at the end (`… et`) is not part of it
  while (j > start && lex.lexicon.chain.has(tokens[j - 1].lower) && !out.has(j - 1)) j--;
  return [out, j];
}

/**
 * The determiner and pre-nominal adjectives before a noun at `head` (FR/ES): walking back over
 * words joined by spaces (a hyphenated prefix such as `vice-` is passed), `from` adjectives change,
 * other-gender adjectives are passed, a `from` determiner changes and ends the walk; anything else
 * ends it. At most four words back.
 * @example // 'un consultant', head 1, FR from male → {0: 'une'}
 */
export function determinerWalk(text: string, tokens: readonly Token[], head: number, lex: DirectedLexicon): Changes {
  const out: Changes = new Map();
  for (let j = head - 1, steps = 0; j >= 0 && steps < 4; j--, steps++) {
    const gap = gapBefore(text, tokens, j + 1);
    if (gap === '-') continue;
    if (!SPACES.test(gap)) break;
    const t = tokens[j];
    if (isProtected(t.text)) break;
    const det = lex.determiners.get(t.lower);
    if (det !== undefined) {
      out.set(j, det);
      break;
    }
    const adj = lex.adjectives.get(t.lower);
    if (adj !== undefined) out.set(j, adj);
    else if (!lex.targetAdjectives.has(t.lower)) break;
  }
  return out;
}
