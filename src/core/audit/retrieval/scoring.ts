/**
 * Scorers of the audit (core/audit/retrieval/input.ts `QueryScorer`): dense (cosine
 * of precomputed vectors), BM25 and character-bigram TF-IDF, plus the texts
 * they score.
 *
 * Lexical baselines are fitted on the corpus only. A twin d′ is scored with
 * the corpus statistics (BM25: df, N and avgdl of the corpus; TF-IDF: the
 * corpus vocabulary and IDF), with its own term counts and length — as if it
 * took d's place without the index being rebuilt. Fitting on corpus + twins
 * would let the twins shift every document's score, which is not the
 * counterfactual of METRICS.md §3 ("every document keeps its original score").
 */
import { BM25_DEFAULTS, fitBm25, type Bm25Parameters } from '../../baselines/bm25.ts';
import { fitTfidf } from '../../baselines/tfidf.ts';
import type { QueryScorer, QueryScores } from './input.ts';
import type { ModelTiming } from './results.ts';
import { releaseArrays } from '../../release.ts';

/** A scorer that holds an index: `release()` gives its memory back at once when the audit is done with it (core/release.ts). */
export type IndexScorer = QueryScorer & { release(): void };

/**
 * The text a model scores for a corpus record: MTEB's `title + " " + text`
 * when there is a title, else the text.
 * @example documentText({ title: 'Nurse', text: 'Night shifts.' }) // 'Nurse Night shifts.'
 */
export function documentText(record: { readonly title?: string; readonly text: string }): string {
  return record.title ? `${record.title} ${record.text}` : record.text;
}

/**
 * The text of a twin: its `twin_text` under the original's title (twin
 * records carry no title, and the twin differs from d only in the cue).
 */
export function twinText(original: { readonly title?: string }, twin: { readonly twin_text: string }): string {
  return documentText({ title: original.title, text: twin.twin_text });
}

/** The texts of one subset, in the subset's order. */
export interface SubsetTexts {
  readonly queries: readonly string[];
  readonly corpus: readonly string[];
  readonly twins: readonly string[];
}

/**
 * A scorer over precomputed row-major matrices: corpus is nQueries × nCorpus,
 * twins nQueries × nTwins. Rows are views, not copies.
 */
export function matrixScorer(corpus: Float32Array | Float64Array, twins: Float32Array | Float64Array, nCorpus: number, nTwins: number): QueryScorer {
  return (q) => ({ corpus: corpus.subarray(q * nCorpus, (q + 1) * nCorpus), twins: twins.subarray(q * nTwins, (q + 1) * nTwins) });
}

/**
 * Runs a scorer on every query once and keeps the rows (Float64), so the
 * scoring cost is paid — and can be timed — before the audit.
 */
export function materialize(scorer: QueryScorer, nQueries: number): QueryScorer {
  const rows: QueryScores[] = [];
  for (let q = 0; q < nQueries; q++) {
    const s = scorer(q);
    rows.push({ corpus: Float64Array.from(s.corpus), twins: Float64Array.from(s.twins) });
  }
  return (q) => rows[q];
}

/** Row-major vectors of one subset's texts (n × dim each). */
export interface SubsetVectors {
  readonly queries: Float32Array;
  readonly corpus: Float32Array;
  readonly twins: Float32Array;
}

/**
 * Times every call of a scorer: `ms()` is the total spent inside it, so a
 * model's test time is its scoring, whether the audit asks for each query's
 * scores once (the streaming audit) or an export asks again.
 */
export function timedScorer(scorer: QueryScorer): { score: QueryScorer; ms(): number } {
  let ms = 0;
  return {
    score: (q) => {
      const t0 = performance.now();
      const s = scorer(q);
      ms += performance.now() - t0;
      return s;
    },
    ms: () => ms,
  };
}

/** The squared norms of a row-major matrix's rows, summed in index order as `dot` sums. */
export function squaredNorms(m: Float32Array, dim: number): Float64Array {
  const n = m.length / dim;
  const out = new Float64Array(n);
  for (let r = 0; r < n; r++) {
    let s = 0;
    for (let i = r * dim, end = i + dim; i < end; i++) s += m[i] * m[i];
    out[r] = s;
  }
  return out;
}

/**
 * Dense scorer: cosine similarity (core/vectors.ts, computed in Float64
 * whatever the vectors' backend) of the query vector to every document and
 * twin vector. The rows' squared norms are summed once, so a pair costs one
 * dot product; the result is `cosine`'s to the last bit (the same sums in the
 * same order, the same final `ab / √(aa·bb)`; a test pins it).
 * @throws {RangeError} when a matrix is not a whole number of rows of `dim`.
 */
export function denseScorer(vectors: SubsetVectors, dim: number): QueryScorer {
  for (const [name, m] of Object.entries(vectors)) {
    if (!(dim > 0) || m.length % dim !== 0) throw new RangeError(`${name} vectors: ${m.length} values is not a multiple of dim ${dim}`);
  }
  const nCorpus = vectors.corpus.length / dim;
  const nTwins = vectors.twins.length / dim;
  const corpusNorms = squaredNorms(vectors.corpus, dim);
  const twinNorms = squaredNorms(vectors.twins, dim);
  const queryNorms = squaredNorms(vectors.queries, dim);
  const rows = reusedRows(nCorpus, nTwins);
  const scores = (m: Float32Array, norms: Float64Array, n: number, qOffset: number, aa: number, out: Float64Array): Float64Array => {
    const qv = vectors.queries;
    for (let r = 0; r < n; r++) {
      let ab = 0;
      for (let i = 0, o = r * dim; i < dim; i++) ab += qv[qOffset + i] * m[o + i];
      const bb = norms[r];
      out[r] = aa === 0 || bb === 0 ? 0 : ab / Math.sqrt(aa * bb);
    }
    return out;
  };
  return (q) => {
    const aa = queryNorms[q];
    return { corpus: scores(vectors.corpus, corpusNorms, nCorpus, q * dim, aa, rows.corpus), twins: scores(vectors.twins, twinNorms, nTwins, q * dim, aa, rows.twins) };
  };
}

/** Queries scored together by denseBlockScorer: one pass over the corpus serves them all. */
export const DENSE_BLOCK = 16;

/**
 * Dense scores of a block of queries at once, the CPU path's matrix product:
 * each document (and twin) row is read once per block and its dot product
 * with every query of the block taken while it is in cache, instead of one
 * pass over the corpus per query; two documents and four queries share each
 * pass over the dimensions (1.7× the dot products of four queries over one
 * document, measured at 110,000 × 100 dimensions). Each dot product sums in
 * index order in Float64 and ends as ab / √(aa·bb), as denseScorer and
 * `cosine`, so the scores are theirs to the last bit (a test pins it).
 * The rows returned are the scorer's own, written again by its next call (a block of 16 queries
 * over 500,000 documents is 64 MB, made once instead of once a block): use them before asking
 * for the next block.
 * @throws {RangeError} when a matrix is not a whole number of rows of `dim`.
 */
export function denseBlockScorer(vectors: SubsetVectors, dim: number): ((queryIndices: Int32Array) => QueryScores[]) & { release(): void } {
  for (const [name, m] of Object.entries(vectors)) {
    if (!(dim > 0) || m.length % dim !== 0) throw new RangeError(`${name} vectors: ${m.length} values is not a multiple of dim ${dim}`);
  }
  const corpusNorms = squaredNorms(vectors.corpus, dim);
  const twinNorms = squaredNorms(vectors.twins, dim);
  const queryNorms = squaredNorms(vectors.queries, dim);
  const block = (m: Float32Array, norms: Float64Array, qs: Int32Array, out: Float64Array[]): void => {
    const nb = qs.length;
    const n = norms.length;
    const qv = vectors.queries;
    const aa = Float64Array.from(qs, (q) => queryNorms[q]);
    // The block's query rows side by side, so the inner loop reads them in order.
    const rows = new Float32Array(nb * dim);
    qs.forEach((q, b) => rows.set(qv.subarray(q * dim, (q + 1) * dim), b * dim));
    const cosine = (ab: number, b: number, bb: number) => (aa[b] === 0 || bb === 0 ? 0 : ab / Math.sqrt(aa[b] * bb));
    let r = 0;
    // Two documents × four queries at a time: each loaded value serves two or four sums (eight
    // accumulators and six values fit the registers), each sum still in index order.
    for (; r + 2 <= n; r += 2) {
      const o0 = r * dim;
      const o1 = o0 + dim;
      const bb0 = norms[r];
      const bb1 = norms[r + 1];
      let b = 0;
      for (; b + 4 <= nb; b += 4) {
        let a00 = 0;
        let a10 = 0;
        let a20 = 0;
        let a30 = 0;
        let a01 = 0;
        let a11 = 0;
        let a21 = 0;
        let a31 = 0;
        const q0 = b * dim;
        const q1 = q0 + dim;
        const q2 = q1 + dim;
        const q3 = q2 + dim;
        for (let i = 0; i < dim; i++) {
          const x0 = m[o0 + i];
          const x1 = m[o1 + i];
          const y0 = rows[q0 + i];
          const y1 = rows[q1 + i];
          const y2 = rows[q2 + i];
          const y3 = rows[q3 + i];
          a00 += y0 * x0;
          a10 += y1 * x0;
          a20 += y2 * x0;
          a30 += y3 * x0;
          a01 += y0 * x1;
          a11 += y1 * x1;
          a21 += y2 * x1;
          a31 += y3 * x1;
        }
        out[b][r] = cosine(a00, b, bb0);
        out[b + 1][r] = cosine(a10, b + 1, bb0);
        out[b + 2][r] = cosine(a20, b + 2, bb0);
        out[b + 3][r] = cosine(a30, b + 3, bb0);
        out[b][r + 1] = cosine(a01, b, bb1);
        out[b + 1][r + 1] = cosine(a11, b + 1, bb1);
        out[b + 2][r + 1] = cosine(a21, b + 2, bb1);
        out[b + 3][r + 1] = cosine(a31, b + 3, bb1);
      }
      for (; b < nb; b++) {
        let ab0 = 0;
        let ab1 = 0;
        for (let i = 0, qo = b * dim; i < dim; i++) {
          const y = rows[qo + i];
          ab0 += y * m[o0 + i];
          ab1 += y * m[o1 + i];
        }
        out[b][r] = cosine(ab0, b, bb0);
        out[b][r + 1] = cosine(ab1, b, bb1);
      }
    }
    // The last document of an odd count, one query at a time.
    for (; r < n; r++) {
      const o = r * dim;
      for (let b = 0; b < nb; b++) {
        let ab = 0;
        for (let i = 0, qo = b * dim; i < dim; i++) ab += rows[qo + i] * m[o + i];
        out[b][r] = cosine(ab, b, norms[r]);
      }
    }
  };
  // The rows of a block, made once for the largest block asked and written again by each call.
  const corpusRows: Float64Array[] = [];
  const twinRows: Float64Array[] = [];
  const score = (qs: Int32Array) => {
    while (corpusRows.length < qs.length) corpusRows.push(new Float64Array(corpusNorms.length)), twinRows.push(new Float64Array(twinNorms.length));
    const corpus = corpusRows.slice(0, qs.length);
    const twins = twinRows.slice(0, qs.length);
    block(vectors.corpus, corpusNorms, qs, corpus);
    block(vectors.twins, twinNorms, qs, twins);
    return corpus.map((c, b) => ({ corpus: c, twins: twins[b] }));
  };
  // The block's rows (16 × 8 bytes a document: 128 MB at 1,000,000) and the norms, given back when the audit is done (core/release.ts).
  const release = () => {
    releaseArrays(...corpusRows, ...twinRows, corpusNorms, twinNorms, queryNorms);
    corpusRows.length = 0;
    twinRows.length = 0;
  };
  return Object.assign(score, { release });
}

/**
 * One query's rows of a scorer, made once and written again by each call: a scorer's rows are
 * valid until its next call (every consumer reads a query's scores before it asks for the next,
 * and `materialize` copies them), and a new pair of arrays per query costs 15–100 µs each in
 * Chromium (core/scratch.ts).
 */
function reusedRows(corpus: number, twins: number): QueryScores & { readonly corpus: Float64Array; readonly twins: Float64Array } {
  return { corpus: new Float64Array(corpus), twins: new Float64Array(twins) };
}

/**
 * BM25 scorer (core/baselines/bm25.ts) fitted on the corpus. A twin is
 * scored by the same formula with the corpus' IDF and avgdl and the twin's
 * own term counts and length (`Bm25Index.index`). The twins get an inverted
 * index of their own (term → twins holding it, with counts), so a query visits
 * the postings of its terms only; terms are summed in query order, as the
 * corpus index does, so a twin identical to its original gets the original's
 * score to the last bit (a test pins this).
 */
export function bm25Scorer(texts: SubsetTexts, parameters: Bm25Parameters = BM25_DEFAULTS): IndexScorer {
  const index = fitBm25(texts.corpus, parameters);
  const twins = index.index(texts.twins);
  const rows = reusedRows(texts.corpus.length, texts.twins.length);
  const score: QueryScorer = (q) => {
    const query = texts.queries[q];
    return { corpus: index.score(query, rows.corpus), twins: twins.score(query, rows.twins) };
  };
  return Object.assign(score, { release: () => (index.release(), twins.release(), releaseArrays(rows.corpus, rows.twins)) });
}

/**
 * Character-bigram TF-IDF scorer (core/baselines/tfidf.ts) fitted on the
 * corpus. The twins are vectorised with the corpus vocabulary and IDF and
 * indexed the same way (`model.index`), so a twin's score is the cosine to
 * the query's vector summed as a corpus document's: a twin whose text equals
 * its original's scores exactly as the original.
 */
export function tfidfScorer(texts: SubsetTexts): IndexScorer {
  const model = fitTfidf(texts.corpus);
  const twins = model.index(texts.twins);
  const rows = reusedRows(texts.corpus.length, texts.twins.length);
  const score: QueryScorer = (q) => {
    const query = texts.queries[q];
    return { corpus: model.score(query, rows.corpus), twins: twins.score(query, rows.twins) };
  };
  return Object.assign(score, { release: () => (model.release(), twins.release(), releaseArrays(rows.corpus, rows.twins)) });
}

/** A ModelTiming from a wall time and text counts: textsPerSecond = embedded / seconds (0 for 0 ms). */
export function timingOf(wallMs: number, textsEmbedded: number, textsCached = 0): ModelTiming {
  return { wallMs, textsEmbedded, textsCached, textsPerSecond: wallMs > 0 ? textsEmbedded / (wallMs / 1000) : 0 };
}

/**
 * How the lexical baselines are described in results, by the CLI and the
 * browser alike (so their results objects are equal).
 */
export const BASELINE_DESCRIPTORS = Object.freeze({
  bm25: Object.freeze({ id: 'bm25', label: 'BM25 (k1 1.2, b 0.75)', kind: 'bm25', revision: 'builtin', dtype: 'fp64', device: 'cpu' } as const),
  tfidf: Object.freeze({ id: 'tfidf', label: 'TF-IDF (character bigrams)', kind: 'tfidf', revision: 'builtin', dtype: 'fp64', device: 'cpu' } as const),
});
