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
  // Built in growable lists, then packed into typed arrays (a third of the memory of number[] pairs at 500k documents).
  const building = new Map<string, { docs: number[]; tfs: number[] }>();
  corpus.forEach((text, d) => {
    const tokens = tokenizeWords(text);
    lengths[d] = tokens.length;
    const tf = new Map<string, number>();
    for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const [t, f] of tf) {
      let p = building.get(t);
      if (!p) building.set(t, (p = { docs: [], tfs: [] }));
      p.docs.push(d);
      p.tfs.push(f);
    }
  });
  const index = new Map<string, Postings>();
  for (const [t, p] of building) index.set(t, { docs: Uint32Array.from(p.docs), tfs: Uint32Array.from(p.tfs) });
  building.clear();
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
