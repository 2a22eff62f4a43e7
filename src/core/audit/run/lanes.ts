/**
 * How many models a retrieval run audits at a time, one compute lane each, and how much memory
 * the audits in flight may hold together.
 *
 * Measured in Chromium on the 2-core test machine (BENCHMARKS.md, scale): at 100,000 documents two
 * lanes end the GloVe + BM25 + TF-IDF run 12% sooner than one (28.3 and 30.9 s against 33.8 and
 * 33.6 s) for 150–190 MB more. What an audit holds grows with the corpus (its texts and their
 * index, or its vectors), so a second audit starts only while the estimates of both fit in
 * AUDIT_MEMORY_BUDGET (`auditBytes`; the first always runs).
 */

/** Lanes an adapter offers on a machine with `cores` logical cores: two from two cores. */
export function offeredLanes(cores: number): number {
  return cores >= 2 ? 2 : 1;
}

/**
 * Bytes the audits in flight may hold together, by their `auditBytes` estimates. Measured in
 * Chromium with the scale bench (BENCHMARKS.md, scale):
 * - at 500,000 documents the pairs are 0.62–0.65 GB: with 650 MB, GloVe's audit runs beside BM25's
 *   once GloVe has embedded, and the run took 57 s at a PSS peak of 1.90 GB, where one audit at a
 *   time took 78 s at 1.86 GB (issue 17 had held 500,000 under 2 GB with 600 MB; issue 34 asks 60 s,
 *   and 2.5 GB at 1,000,000);
 * - at 1,000,000 every audit alone is estimated at 0.6–0.65 GB, so none runs beside another, and
 *   the PSS peak stays at 2,196–2,268 MiB (2026-12-04: one audit beside the embedding, or GloVe's
 *   audit starting as BM25's ends).
 */
export const AUDIT_MEMORY_BUDGET = 650e6;

/**
 * Bytes per character of the texts a lexical audit indexes, measured on the 500,000-document scale
 * corpus (92.6 M characters, Node, after a full GC): the texts themselves 1.16, BM25's index 0.92,
 * TF-IDF's 1.15.
 */
const LEXICAL_BYTES_PER_CHAR = Object.freeze({ bm25: 1.2 + 0.95, tfidf: 1.2 + 1.2 });

/** Bytes per corpus document an audit holds whatever its model: a query's ranked pool and its sort (about 80 at a time), and the garbage of those before it. */
const BYTES_PER_DOCUMENT = 200;

/** What `auditBytes` needs to know of a model and the run's texts. */
export type AuditFootprint =
  | { readonly kind: 'bm25' | 'tfidf'; readonly documents: number; readonly textChars: number }
  | { readonly kind: 'dense'; readonly documents: number; readonly vectors: number; readonly dims: number }
  | { readonly kind: 'table'; readonly documents: number; readonly scores: number };

/**
 * The memory one model's audit is estimated to hold: a lexical model its copy of the texts and
 * their index (by characters), a dense model its vectors (float32) and their norms (float64), an
 * imported table its scores; each the working set of a query's ranked pool.
 * @example auditBytes({ kind: 'dense', documents: 500_000, vectors: 550_200, dims: 100 }) // 324,481,600
 */
export function auditBytes(f: AuditFootprint): number {
  const perDocument = f.documents * BYTES_PER_DOCUMENT;
  if (f.kind === 'dense') return f.vectors * (f.dims * 4 + 8) + perDocument;
  if (f.kind === 'table') return f.scores * 48 + perDocument;
  return Math.round(f.textChars * LEXICAL_BYTES_PER_CHAR[f.kind]) + perDocument;
}

/**
 * Audits at a time, of a run's `lanes`, until its embedding models have embedded, on a machine
 * with `cores` logical cores (undefined: not known, no limit). An embedding keeps about a core
 * busy (its tokenizer and model threads), so on two cores only one audit runs beside it: with
 * two, all three shared two cores, the embedding ended later, and the embedded model then waited
 * for a lane (measured at 100,000 documents: BENCHMARKS.md, scale).
 * @example lanesWhileEmbedding(2, 2) // 1
 */
export function lanesWhileEmbedding(lanes: number, cores: number | undefined): number {
  if (cores === undefined || !Number.isFinite(cores)) return lanes;
  return Math.max(1, Math.min(lanes, Math.floor(cores) - 1));
}
