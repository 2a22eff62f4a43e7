/**
 * Okapi BM25 retrieval baseline (Robertson & Zaragoza 2009) with Lucene's
 * IDF. Parameters k1 = 1.2, b = 0.75 (Lucene's and Elasticsearch's defaults).
 *
 * score(q, d) = Σ_{t ∈ q} idf(t) · tf(t,d)·(k1 + 1) / (tf(t,d) + k1·(1 − b + b·|d|/avgdl)),
 * idf(t) = ln(1 + (N − df(t) + 0.5)/(df(t) + 0.5)),
 * |d| the document's token count, avgdl the mean over the corpus. A query
 * term repeated in the query counts once per occurrence (as a Lucene
 * BooleanQuery with a repeated clause). Tokens from `tokenizeWords`.
 */
import { tokenizeWords } from './tokenize.ts';

/** BM25 parameters. */
export interface Bm25Parameters {
  readonly k1: number;
  readonly b: number;
}

/** k1 = 1.2, b = 0.75. */
export const BM25_DEFAULTS: Bm25Parameters = Object.freeze({ k1: 1.2, b: 0.75 });

/** A BM25 index over a fixed corpus. */
export interface Bm25Index {
  /** Number of documents N. */
  readonly size: number;
  /** Lucene IDF of a term (of a term absent from the corpus: ln(1 + (N + 0.5)/0.5)). */
  idf(term: string): number;
  /**
   * Scores a query against every document, in corpus order. Pass a
   * Float64Array as `out` for full precision; the default is a Float32Array.
   */
  score<T extends Float32Array | Float64Array = Float32Array>(query: string, out?: T): T;
}

/** A term's postings: the documents that hold it (ascending) and its frequency in each. */
interface Postings {
  readonly docs: Uint32Array;
  readonly tfs: Uint32Array;
}

/**
 * Fits BM25 on a corpus of texts (an inverted index: term → documents with
 * their term frequencies, in typed arrays). Scoring a query visits only the
 * postings of its terms.
 * An empty corpus (N = 0) scores every query to an empty array.
 * @example fitBm25(['red apple', 'green pear']).score('apple') // [0.69.., 0]
 */
export function fitBm25(corpus: readonly string[], parameters: Bm25Parameters = BM25_DEFAULTS): Bm25Index {
  const { k1, b } = parameters;
  const n = corpus.length;
  const lengths = new Float64Array(n);
  // Two passes, each tokenizing every document: the first counts each term's postings, the second
  // writes them straight into typed arrays of that size (growable lists of every posting held two to
  // three times the memory while the index of 500,000 documents was built). Same postings, same order.
  const postingCount = new Map<string, number>();
  corpus.forEach((text, d) => {
    const tokens = tokenizeWords(text);
    lengths[d] = tokens.length;
    for (const t of new Set(tokens)) postingCount.set(t, (postingCount.get(t) ?? 0) + 1);
  });
  const index = new Map<string, Postings & { fill: number }>();
  for (const [t, c] of postingCount) index.set(t, { docs: new Uint32Array(c), tfs: new Uint32Array(c), fill: 0 });
  postingCount.clear();
  corpus.forEach((text, d) => {
    const tf = new Map<string, number>();
    for (const t of tokenizeWords(text)) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const [t, f] of tf) {
      const p = index.get(t)!;
      p.docs[p.fill] = d;
      p.tfs[p.fill++] = f;
    }
  });
  const avgdl = n === 0 ? 0 : lengths.reduce((a, x) => a + x, 0) / n;
  // Per-document length normalisation k1·(1 − b + b·|d|/avgdl), computed once.
  const norm = new Float64Array(n);
  for (let d = 0; d < n; d++) norm[d] = k1 * (1 - b + (avgdl === 0 ? 0 : (b * lengths[d]) / avgdl));
  const idf = (term: string) => {
    const df = index.get(term)?.docs.length ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  };
  return {
    size: n,
    idf,
    score<T extends Float32Array | Float64Array = Float32Array>(query: string, out?: T): T {
      const result = (out ?? new Float32Array(n)) as T;
      if (result.length !== n) throw new RangeError(`output has length ${result.length}, corpus has ${n} documents`);
      const acc = new Float64Array(n);
      for (const term of tokenizeWords(query)) {
        const p = index.get(term);
        if (!p) continue;
        const w = idf(term);
        for (let j = 0; j < p.docs.length; j++) {
          const tf = p.tfs[j];
          acc[p.docs[j]] += (w * tf * (k1 + 1)) / (tf + norm[p.docs[j]]);
        }
      }
      result.set(acc);
      return result;
    },
  };
}
