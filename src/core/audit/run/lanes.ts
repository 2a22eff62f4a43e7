/**
 * How many models a retrieval run audits at a time, one compute lane each.
 *
 * Measured in Chromium on the 2-core test machine (BENCHMARKS.md, scale): at 100,000 documents two
 * lanes end the GloVe + BM25 + TF-IDF run 12% sooner than one (28.3 and 30.9 s against 33.8 and
 * 33.6 s) for 150–190 MB more; at 500,000 documents one lane already needs 2.1 GB, and two audits
 * at once would hold two models' indexes. So a second lane only up to LANE_DOCUMENTS_LIMIT.
 */
export const LANE_DOCUMENTS_LIMIT = 200_000;

/** Lanes an adapter offers on a machine with `cores` logical cores: two from two cores. */
export function offeredLanes(cores: number): number {
  return cores >= 2 ? 2 : 1;
}

/** Lanes a run over `documents` corpus documents uses, of the `offered` ones. */
export function lanesFor(offered: number, documents: number): number {
  return Math.max(1, documents > LANE_DOCUMENTS_LIMIT ? 1 : offered);
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
