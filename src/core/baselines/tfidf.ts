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
 * number, df counted once per unique text) and stores every document's
 * L2-normalised vector.
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
  const docs = texts.map(vectorize);
  return {
    uniqueTexts: n,
    idf: (bigram) => {
      const id = vocabulary.get(bigram);
      return id === undefined ? undefined : idf[id];
    },
    score<T extends Float32Array | Float64Array = Float32Array>(query: string, out?: T): T {
      const result = (out ?? new Float32Array(docs.length)) as T;
      if (result.length !== docs.length) throw new RangeError(`output has length ${result.length}, corpus has ${docs.length} documents`);
      const q = vectorize(preprocessTfidf(query));
      const dense = new Float64Array(df.length);
      for (let j = 0; j < q.terms.length; j++) dense[q.terms[j]] = q.weights[j];
      docs.forEach((d, i) => {
        let dot = 0;
        for (let j = 0; j < d.terms.length; j++) dot += d.weights[j] * dense[d.terms[j]];
        result[i] = dot;
      });
      return result;
    },
  };
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
