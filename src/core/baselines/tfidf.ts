/**
 * Character-bigram TF-IDF baseline (METRICS.md §9.4): lowercase, collapse
 * whitespace, character bigrams (Unicode code points), raw term frequency,
 * smoothed IDF log((1 + N)/(1 + df)) + 1 fitted on the unique texts,
 * L2 normalisation, cosine similarity. Equal to scikit-learn's
 * TfidfVectorizer(analyzer='char', ngram_range=(2, 2), smooth_idf=True,
 * norm='l2') on the preprocessed texts.
 */

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

/** One past the largest Unicode code point: a bigram (a, b) is numbered a · CODE_POINTS + b (below 2^53). */
const CODE_POINTS = 0x110000;

/**
 * Raw counts of the character bigrams of a preprocessed text, each bigram as
 * its number (a · CODE_POINTS + b), in first-occurrence order as
 * `charBigrams`: the same bigrams without making a string for each.
 */
function bigramCounts(text: string): Map<number, number> {
  const counts = new Map<number, number>();
  let prev = -1;
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!; // a lone surrogate is one code point, as Array.from reads it
    i += cp > 0xffff ? 2 : 1;
    if (prev >= 0) {
      const g = prev * CODE_POINTS + cp;
      counts.set(g, (counts.get(g) ?? 0) + 1);
    }
    prev = cp;
  }
  return counts;
}

/** The number of a bigram given as a string of two code points; undefined for any other string. */
function bigramNumber(bigram: string): number | undefined {
  const chars = Array.from(bigram);
  return chars.length === 2 ? chars[0].codePointAt(0)! * CODE_POINTS + chars[1].codePointAt(0)! : undefined;
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

type SparseVector = { terms: Uint32Array; weights: Float64Array };

/**
 * Fits the IDF on the unique preprocessed texts of `corpus` (N = their
 * number, df counted once per unique text) and indexes every document's
 * L2-normalised vector by bigram (postings in typed arrays), so a query
 * visits only the documents that share a bigram with it.
 * @example fitTfidf(['abc', 'abd']).score('abc') // [1, 0.2...]
 */
export function fitTfidf(corpus: readonly string[]): TfidfModel {
  const texts = corpus.map(preprocessTfidf);
  const unique = [...new Set(texts)];
  const vocabulary = new Map<number, number>();
  /** The bigram number of each vocabulary id. */
  const bigramOf: number[] = [];
  const df: number[] = [];
  for (const t of unique) {
    for (const g of bigramCounts(t).keys()) {
      let id = vocabulary.get(g);
      if (id === undefined) {
        vocabulary.set(g, (id = df.length));
        bigramOf.push(g);
        df.push(0);
      }
      df[id]++;
    }
  }
  const n = unique.length;
  const idf = Float64Array.from(df, (d) => Math.log((1 + n) / (1 + d)) + 1);
  /** The text's known bigrams in ascending id, weights tf · idf over the L2 norm summed in that order. */
  const vectorize = (text: string): SparseVector => {
    const counts = bigramCounts(text);
    const known = new Uint32Array(counts.size);
    let m = 0;
    for (const g of counts.keys()) {
      const id = vocabulary.get(g);
      if (id !== undefined) known[m++] = id;
    }
    const terms = known.subarray(0, m).sort();
    const weights = new Float64Array(m);
    let ss = 0;
    for (let j = 0; j < m; j++) {
      const w = counts.get(bigramOf[terms[j]])! * idf[terms[j]];
      weights[j] = w;
      ss += w * w;
    }
    const norm = Math.sqrt(ss);
    for (let j = 0; j < m; j++) weights[j] = norm === 0 ? 0 : weights[j] / norm;
    return { terms, weights };
  };
  const indexOf = (vectors: readonly SparseVector[]): TfidfIndex => {
    // An inverted index: per bigram, the texts holding it (ascending) and their weights.
    const postings = invert(vectors, df.length);
    const nTexts = vectors.length;
    return {
      score<T extends Float32Array | Float64Array = Float32Array>(query: string, out?: T): T {
        const result = (out ?? new Float32Array(nTexts)) as T;
        if (result.length !== nTexts) throw new RangeError(`output has length ${result.length}, the index has ${nTexts} texts`);
        const q = vectorize(preprocessTfidf(query));
        // Each text's dot product is summed over the bigrams it shares with the query in
        // ascending bigram id, as a pass over the text's own sorted vector sums them (the
        // bigrams it does not share add exact zeros there), so the scores are that pass's to the bit.
        const acc = new Float64Array(nTexts);
        for (let j = 0; j < q.terms.length; j++) {
          const { docs, weights } = postings[q.terms[j]];
          const qw = q.weights[j];
          for (let i = 0; i < docs.length; i++) acc[docs[i]] += weights[i] * qw;
        }
        result.set(acc);
        return result;
      },
    };
  };
  const corpusIndex = indexOf(texts.map(vectorize));
  return {
    uniqueTexts: n,
    idf: (bigram) => {
      const g = bigramNumber(bigram);
      const id = g === undefined ? undefined : vocabulary.get(g);
      return id === undefined ? undefined : idf[id];
    },
    score: (query, out) => corpusIndex.score(query, out),
    index: (others) => indexOf(others.map((t) => vectorize(preprocessTfidf(t)))),
  };
}

/** Postings per bigram id (of `vocabularySize`) from the documents' sparse vectors, duplicate texts each counted. */
function invert(docs: readonly SparseVector[], vocabularySize: number): { docs: Uint32Array; weights: Float64Array }[] {
  const count = new Uint32Array(vocabularySize);
  for (const v of docs) for (let j = 0; j < v.terms.length; j++) count[v.terms[j]]++;
  const postings = Array.from(count, (c) => ({ docs: new Uint32Array(c), weights: new Float64Array(c) }));
  const fill = new Uint32Array(vocabularySize);
  docs.forEach((v, doc) => {
    for (let j = 0; j < v.terms.length; j++) {
      const id = v.terms[j];
      const at = fill[id]++;
      postings[id].docs[at] = doc;
      postings[id].weights[at] = v.weights[j];
    }
  });
  return postings;
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
