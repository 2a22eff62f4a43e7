/**
 * Character-bigram TF-IDF baseline (METRICS.md §9.4): lowercase, collapse
 * whitespace, character bigrams (Unicode code points), raw term frequency,
 * smoothed IDF log((1 + N)/(1 + df)) + 1 fitted on the unique texts,
 * L2 normalisation, cosine similarity. Equal to scikit-learn's
 * TfidfVectorizer(analyzer='char', ngram_range=(2, 2), smooth_idf=True,
 * norm='l2') on the preprocessed texts.
 */
import { BigramVocabulary } from './bigramVocabulary.ts';
import { releaseArrays } from '../release.ts';

/**
 * The §9.4 preprocessing: lowercase, then every run of whitespace becomes one
 * space and leading/trailing whitespace is removed.
 * @example preprocessTfidf('  Senior\n\tDEV ') // 'senior dev'
 */
export function preprocessTfidf(text: string): string {
  // A text the steps leave unchanged is returned as the same string, not an equal copy (a million
  // such texts are ~170 MB a TF-IDF fit would hold twice): a copy made is dropped at once, young.
  const lowered = text.toLowerCase();
  const lower = lowered === text ? text : lowered;
  // Collapsed only where it changes something.
  return (COLLAPSIBLE.test(lower) ? lower.replace(/\s+/gu, ' ') : lower).trim();
}

/** Whitespace §9.4's collapse changes: a whitespace character other than a space, or two spaces in a row. */
const COLLAPSIBLE = /[^\S ]| {2}/u;

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
  /** Gives back the postings' memory now (core/release.ts); the index scores nothing after it. */
  release(): void;
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
 * A posting keeps the raw count tf (8 bits where it fits) and each document
 * its L2 norm, not the normalised weight: the weight is computed again as
 * (tf · idf) / norm when a query reads it, the same operations in the same
 * order, so the scores are unchanged to the bit; the documents are kept as
 * 16-bit gaps (PostingLists): about 3 bytes a posting instead of 12.
 * @example fitTfidf(['abc', 'abd']).score('abc') // [1, 0.2...]
 */
export function fitTfidf(corpus: readonly string[]): TfidfModel {
  const texts = corpus.map(preprocessTfidf);
  const vocabulary = new BigramVocabulary();
  // One pass over every text: the vocabulary in first-seen order, df over the unique texts, and
  // how many postings each bigram will have (duplicate texts each counted). Per bigram id:
  let df = new Int32Array(1024);
  let postingCounts = new Int32Array(1024);
  /** Postings whose gap from the bigram's last text needs an escape (PostingLists). */
  let escapes = new Int32Array(1024);
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
      escapes = grown(escapes, size, 0);
      lastText = grown(lastText, size, -1);
    }
    for (let j = 0; j < ids.length; j++) {
      const id = ids[j];
      if (lastText[id] === t) continue;
      if (t - lastText[id] >= ESCAPE) escapes[id]++;
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
  let counted = new Uint32Array(1024);
  /**
   * A text's known bigrams in ascending id with their counts, and the L2 norm of its tf · idf
   * weights summed in that order. `ids` and `tfs` are views of buffers the next call writes again
   * (each caller reads them before it calls again): two new typed arrays a text cost a Chromium
   * worker microseconds each (BENCHMARKS.md, "typedArrayAlloc"), over a million texts seconds.
   */
  const terms = (text: string): { ids: Uint32Array; tfs: Uint32Array; norm: number } => {
    const read = vocabulary.read(text, false);
    if (met.length < read.length) {
      met = new Uint32Array(Math.max(read.length, 2 * met.length));
      counted = new Uint32Array(met.length);
    }
    let m = 0;
    for (let j = 0; j < read.length; j++) {
      const id = read[j];
      if (id >= 0 && tf[id]++ === 0) met[m++] = id;
    }
    const ids = met.subarray(0, m).sort();
    const tfs = counted.subarray(0, m);
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
  const indexOf = (all: readonly string[], counts: ArrayLike<number>, escaped: ArrayLike<number>): TfidfIndex => {
    const postings = invert(all, counts, escaped, terms);
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
        const { norms, gaps, gapStart, tfs, postingStart, wideTfs } = postings;
        for (let j = 0; j < q.ids.length; j++) {
          const id = q.ids[j];
          const w = idf[id];
          const qw = q.norm === 0 ? 0 : (q.tfs[j] * w) / q.norm;
          let d = -1;
          let g = gapStart[id];
          for (let p = postingStart[id], end = postingStart[id + 1]; p < end; p++) {
            const gap = gaps[g++];
            if (gap === ESCAPE) {
              d = gaps[g] * 0x10000 + gaps[g + 1];
              g += 2;
            } else d += gap;
            const tf = tfs[p] === WIDE_TF ? wideTfs.get(p)! : tfs[p];
            acc[d] += ((tf * w) / norms[d]) * qw;
          }
        }
        if (acc !== result) result.set(acc);
        return result;
      },
      release: () => {
        postings.wideTfs.clear();
        releaseArrays(postings.gaps, postings.gapStart, postings.tfs, postings.postingStart, postings.norms);
      },
    };
  };
  const corpusIndex = indexOf(texts, postingCounts.subarray(0, size), escapes.subarray(0, size));
  return {
    uniqueTexts: n,
    idf: (bigram) => {
      const id = vocabulary.idOf(bigram);
      return id === undefined ? undefined : idf[id];
    },
    score: (query, out) => corpusIndex.score(query, out),
    release: () => corpusIndex.release(),
    index: (others) => {
      const all = others.map(preprocessTfidf);
      const counts = new Uint32Array(size);
      const escaped = new Uint32Array(size);
      const last = new Int32Array(size).fill(-1);
      for (let t = 0; t < all.length; t++) {
        const ids = vocabulary.read(all[t], false);
        for (let j = 0; j < ids.length; j++) {
          const id = ids[j];
          if (id < 0 || last[id] === t) continue;
          if (t - last[id] >= ESCAPE) escaped[id]++;
          last[id] = t;
          counts[id]++;
        }
      }
      return indexOf(all, counts, escaped);
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
 * The postings of every bigram, compactly: bigram b's texts are the gaps from one to the next
 * (from −1 before the first) in `gaps`, from gapStart[b], each in 16 bits, or ESCAPE and the
 * text's number in two 16-bit halves where a gap does not fit; their counts tf are in `tfs`,
 * postingStart[b] … postingStart[b + 1], 8 bits, or WIDE_TF and the count in `wideTfs` by posting.
 * About 3 bytes a posting instead of 6 (500,000 profiles make some 37 million).
 */
interface PostingLists {
  readonly gaps: Uint16Array;
  readonly gapStart: Uint32Array;
  readonly tfs: Uint8Array;
  readonly postingStart: Uint32Array;
  readonly wideTfs: Map<number, number>;
  /** Each text's L2 norm. */
  readonly norms: Float64Array;
}

/** A gap that does not fit in 16 bits: the text's number follows in two halves. */
const ESCAPE = 0xffff;
/** A count that does not fit in 8 bits: it is in PostingLists.wideTfs. */
const WIDE_TF = 0xff;

/**
 * Postings per bigram id from the texts, each text's counts read by `terms` (texts sharing no
 * known bigram have none), and every text's norm. `counts[id]` is the number of postings of id,
 * `escaped[id]` how many of them need an escape (a gap of ESCAPE or more from the one before).
 */
function invert(
  texts: readonly string[],
  counts: ArrayLike<number>,
  escaped: ArrayLike<number>,
  terms: (text: string) => { ids: Uint32Array; tfs: Uint32Array; norm: number },
): PostingLists {
  const nIds = counts.length;
  const norms = new Float64Array(texts.length);
  const postingStart = new Uint32Array(nIds + 1);
  const gapStart = new Uint32Array(nIds + 1);
  for (let id = 0; id < nIds; id++) {
    postingStart[id + 1] = postingStart[id] + counts[id];
    gapStart[id + 1] = gapStart[id] + counts[id] + 2 * escaped[id];
  }
  const gaps = new Uint16Array(gapStart[nIds]);
  const tfs = new Uint8Array(postingStart[nIds]);
  const wideTfs = new Map<number, number>();
  const nextPosting = postingStart.slice(0, nIds);
  const nextGap = gapStart.slice(0, nIds);
  const lastText = new Int32Array(nIds).fill(-1);
  texts.forEach((text, doc) => {
    const t = terms(text);
    norms[doc] = t.norm;
    for (let j = 0; j < t.ids.length; j++) {
      const id = t.ids[j];
      const gap = doc - lastText[id];
      lastText[id] = doc;
      if (gap < ESCAPE) gaps[nextGap[id]++] = gap;
      else {
        gaps[nextGap[id]++] = ESCAPE;
        gaps[nextGap[id]++] = doc >>> 16;
        gaps[nextGap[id]++] = doc & 0xffff;
      }
      const p = nextPosting[id]++;
      if (t.tfs[j] < WIDE_TF) tfs[p] = t.tfs[j];
      else {
        tfs[p] = WIDE_TF;
        wideTfs.set(p, t.tfs[j]);
      }
    }
  });
  return { gaps, gapStart, tfs, postingStart, wideTfs, norms };
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
