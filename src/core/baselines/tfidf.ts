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

/** A TF-IDF model fitted on a corpus. */
export interface TfidfModel {
  /** Number of unique texts the IDF was fitted on. */
  readonly uniqueTexts: number;
  /** Smoothed IDF of a bigram; undefined for one outside the vocabulary. */
  idf(bigram: string): number | undefined;
  /**
   * Cosine similarity of the query to every corpus document, in corpus order.
   * Bigrams outside the vocabulary are dropped (as sklearn's transform); a
   * text without known bigrams has the zero vector and cosine 0 to everything.
   * Pass a Float64Array as `out` for full precision (default Float32Array).
   */
  score<T extends Float32Array | Float64Array = Float32Array>(query: string, out?: T): T;
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
  const vocabulary = new Map<string, number>();
  const df: number[] = [];
  for (const t of unique) {
    for (const g of charBigrams(t).keys()) {
      let id = vocabulary.get(g);
      if (id === undefined) {
        vocabulary.set(g, (id = df.length));
        df.push(0);
      }
      df[id]++;
    }
  }
  const n = unique.length;
  const idf = Float64Array.from(df, (d) => Math.log((1 + n) / (1 + d)) + 1);
  const vectorize = (text: string): SparseVector => {
    const entries: [number, number][] = [];
    for (const [g, tf] of charBigrams(text)) {
      const id = vocabulary.get(g);
      if (id !== undefined) entries.push([id, tf * idf[id]]);
    }
    entries.sort((a, b) => a[0] - b[0]);
    const norm = Math.sqrt(entries.reduce((s, [, w]) => s + w * w, 0));
    return {
      terms: Uint32Array.from(entries, ([id]) => id),
      weights: Float64Array.from(entries, ([, w]) => (norm === 0 ? 0 : w / norm)),
    };
  };
  // An inverted index: per bigram, the documents holding it (ascending) and their weights.
  const postings = invert(texts.map(vectorize), df.length);
  const nDocs = texts.length;
  return {
    uniqueTexts: n,
    idf: (bigram) => {
      const id = vocabulary.get(bigram);
      return id === undefined ? undefined : idf[id];
    },
    score<T extends Float32Array | Float64Array = Float32Array>(query: string, out?: T): T {
      const result = (out ?? new Float32Array(nDocs)) as T;
      if (result.length !== nDocs) throw new RangeError(`output has length ${result.length}, corpus has ${nDocs} documents`);
      const q = vectorize(preprocessTfidf(query));
      // Each document's dot product is summed over the bigrams it shares with the query in
      // ascending bigram id, as a pass over the document's own sorted vector sums them (the
      // bigrams it does not share add exact zeros there), so the scores are that pass's to the bit.
      const acc = new Float64Array(nDocs);
      for (let j = 0; j < q.terms.length; j++) {
        const { docs, weights } = postings[q.terms[j]];
        const qw = q.weights[j];
        for (let i = 0; i < docs.length; i++) acc[docs[i]] += weights[i] * qw;
      }
      result.set(acc);
      return result;
    },
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
