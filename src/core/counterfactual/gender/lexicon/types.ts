/** A masculine form and its feminine form; the same word twice for an epicene noun (analyste). */
export type Pair = readonly [masculine: string, feminine: string];
/** The grammatical gender of a form, named as the group it signals. */
export type Gender = 'female' | 'male';

/**
 * A form whose replacement depends on the next word: `her` + a word (not a function word) → `his`,
 * else → `him`. Applies when changing away from `from`.
 */
export interface Ambiguity {
  readonly from: Gender;
  readonly word: string;
  /** The replacement when a word follows in the same clause and it is not one of `notNouns`. */
  readonly beforeWord: string;
  readonly otherwise: string;
  readonly notNouns: ReadonlySet<string>;
}

/** A pronoun form left alone after (or before) certain words, e.g. Dutch `zijn` as the verb "to be". */
export interface Guard {
  readonly word: string;
  readonly notAfter?: ReadonlySet<string>;
  readonly notBefore?: ReadonlySet<string>;
  /** Left alone when no word follows in the same clause. */
  readonly needsNext?: boolean;
}

/**
 * A reviewed lexicon of one language, both directions. Nouns are the heads whose determiners (and,
 * in FR/ES, adjacent adjectives) agree; pronouns and titles change wherever they stand; adjectives
 * change only in agreement (next to a changed noun, after a copula of the writer, or opening a
 * sentence).
 */
export interface GenderLexicon {
  readonly lang: string;
  readonly pronouns: readonly Pair[];
  readonly nouns: readonly Pair[];
  readonly determiners: readonly Pair[];
  readonly adjectives: readonly Pair[];
  /** Words after which an adjective describes the writer (je suis, soy). */
  readonly copulas: ReadonlySet<string>;
  /** Words an adjective chain goes through unchanged (et, y, senior, junior). */
  readonly chain: ReadonlySet<string>;
  /**
   * Words that may follow an adjective chain opening a sentence for it to describe the writer
   * (`Passionnée par …`, `Motivée et rigoureuse, je …` — a comma also does); absent: no such rule.
   */
  readonly afterOpener?: ReadonlySet<string>;
  /** Contractions to make after the change: [preposition, article, contraction], e.g. ['de', 'el', 'del']. */
  readonly contractions?: readonly (readonly [string, string, string])[];
  readonly ambiguous?: readonly Ambiguity[];
  /** Titles, changed only when written with a capital first letter and the rest lower case (`Mr`, not `MS Office`). */
  readonly titles?: ReadonlySet<string>;
  readonly guards?: readonly Guard[];
  /**
   * Words that state the writer's status (civil status, sex, `né`): changed after a field label
   * (`statusLabels`), alone in a line or a `|`/`•`/`,` segment, or opening a line (`Casado, 2 hijos`,
   * `Né le …`).
   */
  readonly statements?: readonly Pair[];
  /** Nationality adjectives: changed only after a field label (`Nacionalidad: peruano`); `Inglés` alone is a language. */
  readonly nationalities?: readonly Pair[];
  /** The field labels a status word follows (`Estado civil`, `Nationalité`, `Sexo`), matched at the end of the text before it with its colon. */
  readonly statusLabels?: RegExp;
  /** Nouns also match as the end of a compound (German `Softwareentwickler`). */
  readonly compounds?: boolean;
}

/**
 * Pairs from a compact list: entries separated by commas or new lines, each `masculine:feminine`,
 * or one word for an epicene noun.
 * @example pairs('un:une, analyste'); // [['un', 'une'], ['analyste', 'analyste']]
 */
export function pairs(list: string): Pair[] {
  return list
    .split(/[,\n]/u)
    .map((e) => e.trim())
    .filter((e) => e !== '')
    .map((e) => {
      const [m, f = m] = e.split(':').map((w) => w.trim());
      return [m, f] as const;
    });
}

/** A set of words from a space-separated list. */
export const words = (list: string): ReadonlySet<string> => new Set(list.split(/\s+/u).filter((w) => w !== ''));
