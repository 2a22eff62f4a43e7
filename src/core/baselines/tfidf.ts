/**
 * Character-bigram TF-IDF baseline (METRICS.md §9.4): lowercase, collapse
 * whitespace, character bigrams (Unicode code points), raw term frequency,
 * smoothed IDF log((1 + N)/(1 + df)) + 1 fitted on the unique texts,
 * L2 normalisation, cosine similarity. Equal to scikit-learn's
 * TfidfVectorizer(analyzer='char', ngram_range=(2, 2), smooth_idf=True,
 * norm='l2') on the preprocessed texts.
 */
import { BigramVocabulary } from './bigramVocabulary.ts';

/**
 * The §9.4 preprocessing: lowercase, then every run of whitespace becomes one
 * space and leading/trailing whitespace is removed.
 * @example preprocessTfidf('  Senior\n\tDEV ') // 'senior dev'
 */
export function preprocessTfidf(text: string): string {
  return text.toLowerCase().replace(/\s+/gu, ' ').trim();
}

/** Raw counts of the character bigrams of a preprocessed text. */
export function charBigrams(text: string): Map<string, number> {
  const chars = Array.from(text);
  const counts = new Map<string, number>();
  for (let i = 0; i + 1 < chars.length; i++) {
    const g = chars[i] + chars[i + 1];
    counts.set(g, (counts.get(g) ?? 0) + 1);
  }
  return counts;
}

/** Texts vectorised with a fitted model and indexed by bigram. */
export interface TfidfIndex {
  /**
   * Cosine similarity of the query to every indexed text, in their order.
   * Bigrams outside the vocabulary are dropped (as sklearn's transform); a
   * text without known bigrams has the zero vector and cosine 0 to everything.
   * Pass a Float64Array as `out` for full precision (default Float32Array).
   */
  score<T extends Float32Array | Float64Array = Float32Array>(query: string, out?: T): T;
}

/** A TF-IDF model fitted on a corpus. */
export interface TfidfModel extends TfidfIndex {
  /** Number of unique texts the IDF was fitted on. */
  readonly uniqueTexts: number;
  /** Smoothed IDF of a bigram; undefined for one outside the vocabulary. */
  idf(bigram: string): number | undefined;
  /**
   * Other texts (a corpus's twins) vectorised with this model's vocabulary and IDF and indexed
   * the same way: a text equal to a corpus document scores as that document, to the bit.
   */
  index(texts: readonly string[]): TfidfIndex;
}

/**
 * Fits the IDF on the unique preprocessed texts of `corpus` (N = their
 * number, df counted once per unique text) and indexes every document by
 * bigram (postings in typed arrays), so a query visits only the documents
 * that share a bigram with it.
 *
 * A posting keeps the raw count tf (16 bits where every count fits) and each
 * document its L2 norm, not the normalised weight: the weight is computed
 * again as (tf · idf) / norm when a query reads it, the same operations in
 * the same order, so the scores are unchanged to the bit, in 6 bytes a
 * posting instead of 12 (500,000 profiles make about 75 million postings).
 * @example fitTfidf(['abc', 'abd']).score('abc') // [1, 0.2...]
 */
export function fitTfidf(corpus: readonly string[]): TfidfModel {
  const texts = corpus.map(preprocessTfidf);
  const vocabulary = new BigramVocabulary();
  // One pass over every text: the vocabulary in first-seen order, df over the unique texts, and
  // how many postings each bigram will have (duplicate texts each counted). Per bigram id:
  let df = new Int32Array(1024);
  let postingCounts = new Int32Array(1024);
  /** The last text that counted the bigram (a text counts each of its bigrams once). */
  let lastText = new Int32Array(1024).fill(-1);
  const seen = new Set<string>();
  for (let t = 0; t < texts.length; t++) {
    const first = !seen.has(texts[t]);
    if (first) seen.add(texts[t]);
    const ids = vocabulary.read(texts[t], true);
    if (vocabulary.size > df.length) {
      const size = Math.max(vocabulary.size, 2 * df.length);
      df = grown(df, size, 0);
      postingCounts = grown(postingCounts, size, 0);
      lastText = grown(lastText, size, -1);
    }
    for (let j = 0; j < ids.length; j++) {
      const id = ids[j];
      if (lastText[id] === t) continue;
      lastText[id] = t;
      if (first) df[id]++;
      postingCounts[id]++;
    }
  }
  const n = seen.size;
  seen.clear();
  const size = vocabulary.size;
  const idf = new Float64Array(size);
  for (let id = 0; id < size; id++) idf[id] = Math.log((1 + n) / (1 + df[id])) + 1;
  /** Per bigram id, its count in the text `terms` is reading (zero between calls), and the ids it met. */
  const tf = new Uint32Array(size);
  let met = new Uint32Array(1024);
  /** A text's known bigrams in ascending id with their counts, and the L2 norm of its tf · idf weights summed in that order. */
  const terms = (text: string): { ids: Uint32Array; tfs: Uint32Array; norm: number } => {
    const read = vocabulary.read(text, false);
    if (met.length < read.length) met = new Uint32Array(Math.max(read.length, 2 * met.length));
    let m = 0;
    for (let j = 0; j < read.length; j++) {
      const id = read[j];
      if (id >= 0 && tf[id]++ === 0) met[m++] = id;
    }
    const ids = met.slice(0, m).sort();
    const tfs = new Uint32Array(m);
    let ss = 0;
    for (let j = 0; j < m; j++) {
      tfs[j] = tf[ids[j]];
      tf[ids[j]] = 0;
      const w = tfs[j] * idf[ids[j]];
      ss += w * w;
    }
    return { ids, tfs, norm: Math.sqrt(ss) };
  };
  /** An inverted index of `all` (preprocessed), given each bigram's number of postings in them. */
  const indexOf = (all: readonly string[], counts: ArrayLike<number>): TfidfIndex => {
    const postings = invert(all, counts, terms);
    const nTexts = all.length;
    return {
      score<T extends Float32Array | Float64Array = Float32Array>(query: string, out?: T): T {
        const result = (out ?? new Float32Array(nTexts)) as T;
        if (result.length !== nTexts) throw new RangeError(`output has length ${result.length}, the index has ${nTexts} texts`);
        const q = terms(preprocessTfidf(query));
        // Each text's dot product is summed over the bigrams it shares with the query in
        // ascending bigram id, as a pass over the text's own sorted vector sums them (the
        // bigrams it does not share add exact zeros there), so the scores are that pass's to the bit.
        // Summed straight into a Float64Array output (no second array a query); a Float32Array gets the float64 sums rounded.
        const acc = result instanceof Float64Array ? result.fill(0) : new Float64Array(nTexts);
        const { norms } = postings;
        for (let j = 0; j < q.ids.length; j++) {
          const id = q.ids[j];
          const { docs, tfs } = postings.lists[id];
          const w = idf[id];
          const qw = q.norm === 0 ? 0 : (q.tfs[j] * w) / q.norm;
          for (let i = 0; i < docs.length; i++) {
            const d = docs[i];
            acc[d] += ((tfs[i] * w) / norms[d]) * qw;
          }
        }
        if (acc !== result) result.set(acc);
        return result;
      },
    };
  };
  const corpusIndex = indexOf(texts, postingCounts.subarray(0, size));
  return {
    uniqueTexts: n,
    idf: (bigram) => {
      const id = vocabulary.idOf(bigram);
      return id === undefined ? undefined : idf[id];
    },
    score: (query, out) => corpusIndex.score(query, out),
    index: (others) => {
      const all = others.map(preprocessTfidf);
      const counts = new Uint32Array(size);
      const last = new Int32Array(size).fill(-1);
      for (let t = 0; t < all.length; t++) {
        const ids = vocabulary.read(all[t], false);
        for (let j = 0; j < ids.length; j++) {
          const id = ids[j];
          if (id < 0 || last[id] === t) continue;
          last[id] = t;
          counts[id]++;
        }
      }
      return indexOf(all, counts);
    },
  };
}

/** A copy of `a` in a longer array, the new places filled with `fill`. */
function grown(a: Int32Array, size: number, fill: number): Int32Array<ArrayBuffer> {
  const out = new Int32Array(size);
  out.set(a);
  if (fill !== 0) out.fill(fill, a.length);
  return out;
}

/**
 * Postings per bigram id from the texts, each text's counts read by `terms` (texts sharing no
 * known bigram have none), and every text's norm. `counts[id]` is the number of postings of id.
 */
function invert(
  texts: readonly string[],
  counts: ArrayLike<number>,
  terms: (text: string) => { ids: Uint32Array; tfs: Uint32Array; norm: number },
): { lists: { docs: Uint32Array; tfs: Uint16Array | Uint32Array }[]; norms: Float64Array } {
  const norms = new Float64Array(texts.length);
  const lists: { docs: Uint32Array; tfs: Uint16Array | Uint32Array }[] = Array.from(counts, (c) => ({ docs: new Uint32Array(c), tfs: new Uint16Array(c) }));
  const fill = new Uint32Array(counts.length);
  texts.forEach((text, doc) => {
    const { ids, tfs, norm } = terms(text);
    norms[doc] = norm;
    for (let j = 0; j < ids.length; j++) {
      const list = lists[ids[j]];
      const at = fill[ids[j]]++;
      list.docs[at] = doc;
      if (tfs[j] > 0xffff && list.tfs instanceof Uint16Array) list.tfs = Uint32Array.from(list.tfs); // a count over 65,535: this list widens
      list.tfs[at] = tfs[j];
    }
  });
  return { lists, norms };
}

/**
 * The TF-IDF ranking of one group: fits on the unique texts of the anchor
 * and the candidates, and orders candidate indices by cosine to the anchor,
 * descending; ties keep input order (a stable sort).
 * @example rankByTfidf('abc', ['xyz', 'abc']) // [1, 0]
 */
export function rankByTfidf(anchor: string, candidates: readonly string[]): number[] {
  const model = fitTfidf([anchor, ...candidates]);
  const all = model.score(anchor, new Float64Array(candidates.length + 1));
  const order = candidates.map((_, i) => i);
  return order.sort((a, b) => all[b + 1] - all[a + 1]);
}
