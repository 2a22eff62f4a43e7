import { DE } from './lexicon/de.ts';
import { EN } from './lexicon/en.ts';
import { ES } from './lexicon/es.ts';
import { FR } from './lexicon/fr.ts';
import { NL } from './lexicon/nl.ts';
import type { Gender, GenderLexicon, Pair } from './lexicon/types.ts';

/** The lexicons by ISO 639-1 code. */
export const LEXICONS: Readonly<Record<string, GenderLexicon>> = Object.freeze({ en: EN, fr: FR, es: ES, de: DE, nl: NL });

/** A lexicon turned into look-ups for one direction: each form of `from` → its form of the other gender. */
export interface DirectedLexicon {
  readonly lexicon: GenderLexicon;
  readonly from: Gender;
  readonly pronouns: ReadonlyMap<string, string>;
  readonly nouns: ReadonlyMap<string, string>;
  readonly determiners: ReadonlyMap<string, string>;
  readonly adjectives: ReadonlyMap<string, string>;
  readonly statements: ReadonlyMap<string, string>;
  readonly nationalities: ReadonlyMap<string, string>;
  /** Adjective forms of the other gender (they keep an adjective chain going, unchanged). */
  readonly targetAdjectives: ReadonlySet<string>;
}

function directed(list: readonly Pair[], from: Gender): Map<string, string> {
  const map = new Map<string, string>();
  for (const [m, f] of list) {
    const [key, value] = from === 'male' ? [m, f] : [f, m];
    if (!map.has(key)) map.set(key, value); // the first pair listed wins
  }
  return map;
}

/**
 * The look-ups of `lexicon` for changing `from` forms (first pair listed wins for a form that is
 * in several pairs).
 * @example directLexicon(FR, 'male').nouns.get('consultant'); // 'consultante'
 */
export function directLexicon(lexicon: GenderLexicon, from: Gender): DirectedLexicon {
  return {
    lexicon,
    from,
    pronouns: directed(lexicon.pronouns, from),
    nouns: directed(lexicon.nouns, from),
    determiners: directed(lexicon.determiners, from),
    adjectives: directed(lexicon.adjectives, from),
    statements: directed(lexicon.statements ?? [], from),
    nationalities: directed(lexicon.nationalities ?? [], from),
    targetAdjectives: new Set(lexicon.adjectives.map(([m, f]) => (from === 'male' ? f : m))),
  };
}
