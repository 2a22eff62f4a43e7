/**
 * The vocabulary of character bigrams of the TF-IDF baseline (tfidf.ts): a
 * bigram of two Unicode code points gets a dense id in the order it is first
 * added. A text is read once into the ids of its bigrams, in text order, so
 * counting them needs typed arrays indexed by id instead of a Map per text.
 *
 * Bigrams whose two code points are below 256 (Latin-1: nearly every bigram of
 * European text) are found in a flat table of 65,536 ids; any other bigram in a
 * Map keyed by its number a · 0x110000 + b. Code points are read as
 * `Array.from` reads them: a surrogate pair is one code point, a lone surrogate
 * is one too.
 */

/** One past the largest Unicode code point: bigram (a, b) is numbered a · CODE_POINTS + b (below 2^53). */
const CODE_POINTS = 0x110000;

export class BigramVocabulary {
  /** Id of the bigram (a, b) at a · 256 + b, for a, b < 256; −1 when absent. */
  readonly #latin = new Int32Array(65536).fill(-1);
  /** Id of any other bigram by its number. */
  readonly #other = new Map<number, number>();
  #size = 0;
  /** The bigram ids of the last text read (`read`), grown as needed. */
  #ids = new Int32Array(1024);

  /** Number of bigrams in the vocabulary; ids are 0 … size − 1. */
  get size(): number {
    return this.#size;
  }

  /**
   * The id of a bigram given as a string of exactly two code points; undefined for one outside
   * the vocabulary or a string of another length.
   * @example new BigramVocabulary().idOf('ab') // undefined
   */
  idOf(bigram: string): number | undefined {
    const chars = Array.from(bigram);
    if (chars.length !== 2) return undefined;
    const id = this.#find(chars[0].codePointAt(0)!, chars[1].codePointAt(0)!, false);
    return id < 0 ? undefined : id;
  }

  /**
   * Reads a text into the ids of its bigrams, in text order, one per occurrence. With `add`,
   * a bigram not yet in the vocabulary is added (ids in order of first occurrence); without it,
   * such a bigram reads as −1. The returned view is overwritten by the next call.
   * @example const v = new BigramVocabulary(); v.read('abab', true) // Int32Array [0, 1, 0]
   */
  read(text: string, add: boolean): Int32Array {
    if (this.#ids.length < text.length) this.#ids = new Int32Array(Math.max(text.length, 2 * this.#ids.length));
    const ids = this.#ids;
    let m = 0;
    let prev = -1;
    for (let i = 0; i < text.length; ) {
      let cp = text.charCodeAt(i++);
      if (cp >= 0xd800 && cp <= 0xdbff && i < text.length) {
        const low = text.charCodeAt(i);
        if (low >= 0xdc00 && low <= 0xdfff) {
          cp = (cp - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
          i++;
        }
      }
      if (prev >= 0) ids[m++] = this.#find(prev, cp, add);
      prev = cp;
    }
    return ids.subarray(0, m);
  }

  #find(a: number, b: number, add: boolean): number {
    if (a < 256 && b < 256) {
      const slot = (a << 8) | b;
      let id = this.#latin[slot];
      if (id < 0 && add) this.#latin[slot] = id = this.#size++;
      return id;
    }
    const g = a * CODE_POINTS + b;
    let id = this.#other.get(g);
    if (id === undefined) {
      if (!add) return -1;
      this.#other.set(g, (id = this.#size++));
    }
    return id;
  }
}
