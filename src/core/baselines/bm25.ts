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
import { releaseArrays } from '../release.ts';

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
  /** Mean document length in tokens (0 for an empty corpus). */
  readonly avgdl: number;
  /** Lucene IDF of a term (of a term absent from the corpus: ln(1 + (N + 0.5)/0.5)). */
  idf(term: string): number;
  /**
   * Scores a query against every document, in corpus order. Pass a
   * Float64Array as `out` for full precision; the default is a Float32Array.
   */
  score<T extends Float32Array | Float64Array = Float32Array>(query: string, out?: T): T;
  /**
   * Other texts (a corpus's twins) indexed for scoring with this corpus's statistics (IDF,
   * avgdl) and their own term counts and lengths, as if each took a document's place without
   * the index being rebuilt: a text equal to a corpus document scores as that document, to the bit.
   */
  index(texts: readonly string[]): { score(query: string, out: Float64Array): Float64Array; release(): void };
  /** Gives back the postings' memory now (core/release.ts); the index scores nothing after it. */
  release(): void;
}

/**
 * Texts inverted: term → the texts that hold it (ascending) and its frequency in each, all
 * terms' postings in two flat typed arrays (term t's are at start[t] … start[t + 1]).
 */
interface Inverted {
  /** Term → its id. */
  readonly terms: Map<string, number>;
  readonly start: Uint32Array;
  readonly docs: Uint32Array;
  /** 16 bits while every frequency fits, else 32. */
  readonly tfs: Uint16Array | Uint32Array;
  /** Tokens per text. */
  readonly lengths: Float64Array;
}

/**
 * Term ids a first pass keeps for the second, at most this many (4 bytes each: 64 MiB). A corpus
 * with more tokens is tokenized twice instead (the 1,000,000-document scale corpus has about 44
 * million: its index is built beside an embedding, when the tab's memory peaks).
 */
export const TERM_ID_BUFFER_MAX = 16 * 1024 * 1024;

/** Texts after which the first pass projects the corpus' term ids from their mean, to give up the buffer early. */
const ID_SAMPLE_TEXTS = 1024;

/**
 * Inverts texts in two passes: the first tokenizes every text, numbers the terms and counts each
 * one's postings, the second writes them into typed arrays of that size (growable lists of every
 * posting held two to three times the memory while 500,000 documents were indexed). The second
 * pass reads the term ids the first kept, in text order, while they fit in `idBufferMax`; past it,
 * it tokenizes every text again (the same ids: the terms are numbered by then).
 */
function invert(texts: readonly string[], idBufferMax = TERM_ID_BUFFER_MAX): Inverted {
  const n = texts.length;
  const lengths = new Float64Array(n);
  const terms = new Map<string, number>();
  let count = new Uint32Array(1024);
  /** The last text that counted the term (a text counts each of its terms once). */
  let last = new Int32Array(1024).fill(-1);
  /** Every text's term ids in order, for the second pass; undefined once they would pass idBufferMax. */
  let kept: Uint32Array | undefined = new Uint32Array(Math.min(idBufferMax, 1024));
  let nKept = 0;
  for (let d = 0; d < n; d++) {
    const tokens = tokenizeWords(texts[d]);
    lengths[d] = tokens.length;
    // After a sample of texts, a corpus whose ids would not fit is tokenized twice from the start
    // (no buffer grown and dropped when memory is tightest); else the buffer grows as it fills.
    if (kept && d === ID_SAMPLE_TEXTS && (nKept / d) * n > idBufferMax) kept = undefined;
    if (kept && nKept + tokens.length > kept.length) kept = nKept + tokens.length <= idBufferMax ? (grownTo(kept, Math.min(idBufferMax, Math.max(2 * kept.length, nKept + tokens.length)), 0) as Uint32Array) : undefined;
    for (const t of tokens) {
      let id = terms.get(t);
      if (id === undefined) {
        terms.set(t, (id = terms.size));
        if (id === count.length) {
          count = grownTo(count, 2 * id, 0) as Uint32Array<ArrayBuffer>;
          last = grownTo(last, 2 * id, -1) as Int32Array<ArrayBuffer>;
        }
      }
      if (kept) kept[nKept++] = id;
      if (last[id] !== d) {
        last[id] = d;
        count[id]++;
      }
    }
  }
  const nTerms = terms.size;
  const start = new Uint32Array(nTerms + 1);
  for (let t = 0; t < nTerms; t++) start[t + 1] = start[t] + count[t];
  const docs = new Uint32Array(start[nTerms]);
  let tfs: Uint16Array | Uint32Array = new Uint16Array(start[nTerms]);
  const fill = start.slice(0, nTerms);
  const tf = new Uint32Array(nTerms);
  const met = new Uint32Array(nTerms);
  for (let d = 0, at = 0; d < n; d++) {
    let m = 0;
    if (kept) {
      for (const end = at + lengths[d]; at < end; at++) {
        const id = kept[at];
        if (tf[id]++ === 0) met[m++] = id;
      }
    } else {
      for (const t of tokenizeWords(texts[d])) {
        const id = terms.get(t)!;
        if (tf[id]++ === 0) met[m++] = id;
      }
    }
    for (let j = 0; j < m; j++) {
      const id = met[j];
      const at = fill[id]++;
      docs[at] = d;
      if (tf[id] > 0xffff && tfs instanceof Uint16Array) tfs = Uint32Array.from(tfs); // a frequency over 65,535: widen
      tfs[at] = tf[id];
      tf[id] = 0;
    }
  }
  // The kept ids (up to 64 MiB) are given back now, not at the next full collection.
  releaseArrays(kept);
  return { terms, start, docs, tfs, lengths };
}

/** A copy of `a` in an array of `size`, the new places filled with `fill`. */
function grownTo(a: Uint32Array | Int32Array, size: number, fill: number): Uint32Array | Int32Array {
  const out = a instanceof Uint32Array ? new Uint32Array(size) : new Int32Array(size);
  out.set(a);
  if (fill !== 0) out.fill(fill, a.length);
  return out;
}

/**
 * Fits BM25 on a corpus of texts (an inverted index: term → documents with
 * their term frequencies, in typed arrays). Scoring a query visits only the
 * postings of its terms.
 * An empty corpus (N = 0) scores every query to an empty array.
 * @param idBufferMax term ids kept between the index's two passes (TERM_ID_BUFFER_MAX; past it,
 *   each text is tokenized twice: the same index)
 * @example fitBm25(['red apple', 'green pear']).score('apple') // [0.69.., 0]
 */
export function fitBm25(corpus: readonly string[], parameters: Bm25Parameters = BM25_DEFAULTS, idBufferMax = TERM_ID_BUFFER_MAX): Bm25Index {
  const { k1, b } = parameters;
  const n = corpus.length;
  const inverted = invert(corpus, idBufferMax);
  let total = 0;
  for (let d = 0; d < n; d++) total += inverted.lengths[d];
  const avgdl = n === 0 ? 0 : total / n;
  const idf = (term: string) => {
    const id = inverted.terms.get(term);
    const df = id === undefined ? 0 : inverted.start[id + 1] - inverted.start[id];
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  };
  /** Scores `query` into `acc` over the texts of `inv` (corpus statistics: idf, avgdl). */
  const scoreInto = (inv: Inverted, query: string, acc: Float64Array, norm: Float64Array) => {
    for (const term of tokenizeWords(query)) {
      const id = inv.terms.get(term);
      if (id === undefined) continue;
      const w = idf(term);
      const { docs, tfs } = inv;
      for (let j = inv.start[id], end = inv.start[id + 1]; j < end; j++) {
        const tf = tfs[j];
        acc[docs[j]] += (w * tf * (k1 + 1)) / (tf + norm[docs[j]]);
      }
    }
    return acc;
  };
  /** Per-text length normalisation k1·(1 − b + b·|d|/avgdl), computed once. */
  const norms = (lengths: Float64Array) => Float64Array.from(lengths, (length) => k1 * (1 - b + (avgdl === 0 ? 0 : (b * length) / avgdl)));
  const norm = norms(inverted.lengths);
  return {
    size: n,
    avgdl,
    idf,
    score<T extends Float32Array | Float64Array = Float32Array>(query: string, out?: T): T {
      const result = (out ?? new Float32Array(n)) as T;
      if (result.length !== n) throw new RangeError(`output has length ${result.length}, corpus has ${n} documents`);
      // Summed straight into a Float64Array output (no second array a query); a Float32Array gets the float64 sums rounded.
      if (result instanceof Float64Array) scoreInto(inverted, query, result.fill(0), norm);
      else result.set(scoreInto(inverted, query, new Float64Array(n), norm));
      return result;
    },
    index(texts) {
      const others = invert(texts, idBufferMax);
      const otherNorm = norms(others.lengths);
      return {
        score(query, out) {
          if (out.length !== texts.length) throw new RangeError(`output has length ${out.length}, the index has ${texts.length} texts`);
          out.fill(0);
          return scoreInto(others, query, out, otherNorm);
        },
        release: () => releaseInverted(others, otherNorm),
      };
    },
    release: () => releaseInverted(inverted, norm),
  };
}

/** Gives back an inverted index's typed arrays (and its length norms) and forgets its terms. */
function releaseInverted(inv: Inverted, norm: Float64Array): void {
  inv.terms.clear();
  releaseArrays(inv.start, inv.docs, inv.tfs, inv.lengths, norm);
}
