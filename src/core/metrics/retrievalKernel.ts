import type { Scored } from '../ranking.ts';
import { topRankedIndices } from './topRanked.ts';

/**
 * Per-query kernel of the retrieval metrics (METRICS.md §1), in the two-layer
 * shape of ranx: this file scores one query; retrieval.ts maps it over the
 * queries and averages.
 */

/** Gain of a graded judgment in DCG. */
export type Gain = 'linear' | 'exp';

/** The retrieval metric families, in report order. */
export const RETRIEVAL_METRICS = ['ndcg', 'p', 'mrr', 'recall', 'map'] as const;
export type RetrievalMetric = (typeof RETRIEVAL_METRICS)[number];

/** Validated options of the kernel. */
export interface KernelOptions {
  /** Cut-offs, ascending, distinct, positive integers. */
  readonly ks: readonly number[];
  /** Relevance threshold τ > 0: a document is relevant iff grade ≥ τ. */
  readonly threshold: number;
  readonly gain: Gain;
}

/**
 * The gain of a grade: linear g = rel, exponential g = 2^rel − 1.
 * Grades below 0 (trec_eval's "judged non-relevant" marks) gain 0.
 */
export function gainOf(grade: number, gain: Gain): number {
  const rel = grade > 0 ? grade : 0;
  return gain === 'exp' ? 2 ** rel - 1 : rel;
}

/** Metric key of a family at a cut-off, e.g. `ndcg@10`. */
export function metricKey(metric: RetrievalMetric, k: number): string {
  return `${metric}@${k}`;
}

/**
 * IDCG@k for every k of `ks`: the DCG@k of the ideal ordering of all judged
 * grades of the query (raw grades, whatever the threshold τ).
 */
function idealDcg(judgments: ReadonlyMap<string, number>, ks: readonly number[], gain: Gain): Float64Array {
  const gains = Float64Array.from(judgments.values(), (g) => gainOf(g, gain)).sort().reverse();
  const out = new Float64Array(ks.length);
  let dcg = 0;
  let j = 0;
  const maxK = ks[ks.length - 1];
  for (let i = 0; i < maxK && j < ks.length; i++) {
    if (i < gains.length) dcg += gains[i] / Math.log2(i + 2);
    while (j < ks.length && ks[j] === i + 1) out[j++] = dcg;
  }
  return out;
}

/**
 * Scores one query. `run` is the query's ranked list (order irrelevant: it is
 * ranked here under the tie rule; identifiers are assumed distinct), and
 * `judgments` maps a judged document to its grade; an unjudged document has
 * grade 0. With r_i the grade at rank i, R = {d : rel(d) ≥ τ}, for every k:
 * - ndcg@k = Σ_{i≤k} g(r_i)/log2(i+1) ÷ IDCG@k (0 when IDCG@k = 0)
 * - p@k = |{i ≤ k : r_i ≥ τ}| / k (denominator k even if fewer are ranked)
 * - mrr@k = 1 / min{i ≤ k : r_i ≥ τ}, 0 if none
 * - recall@k = |{i ≤ k : r_i ≥ τ}| / |R|
 * - map@k = (1/|R|) Σ_{i ≤ k, r_i ≥ τ} P@i
 * An empty run scores 0 everywhere. When R is empty recall@k and map@k are
 * NaN: the public layer leaves such queries out before calling the kernel.
 * Returns the values in the order RETRIEVAL_METRICS × ks (metric-major).
 */
export function scoreQuery(
  run: readonly Scored[],
  judgments: ReadonlyMap<string, number>,
  options: KernelOptions,
): Float64Array {
  const top = topRankedIndices(run, options.ks[options.ks.length - 1]);
  return scoreTop((i) => run[top[i]].id, top.length, judgments, options);
}

/**
 * `scoreQuery` on a list already ranked under the tie rule: `idAt(i)` is the
 * identifier at rank i + 1, for i < `ranked` (the list's first max(ks) items,
 * or all of them when fewer). What the streaming audit calls with the order
 * of a query's sorted pool, so no item objects are made.
 */
export function scoreTop(idAt: (i: number) => string, ranked: number, judgments: ReadonlyMap<string, number>, options: KernelOptions): Float64Array {
  const { ks, threshold, gain } = options;
  const nk = ks.length;
  const out = new Float64Array(RETRIEVAL_METRICS.length * nk);
  const idcg = idealDcg(judgments, ks, gain);
  let nRelevant = 0;
  for (const g of judgments.values()) if (g >= threshold) nRelevant++;
  const maxK = ks[nk - 1];
  let dcg = 0;
  let hits = 0;
  let firstHit = 0;
  let precisionSum = 0;
  let j = 0;
  for (let i = 0; i < maxK && j < nk; i++) {
    if (i < ranked) {
      const grade = judgments.get(idAt(i)) ?? 0;
      dcg += gainOf(grade, gain) / Math.log2(i + 2);
      if (grade >= threshold) {
        hits++;
        if (firstHit === 0) firstHit = i + 1;
        precisionSum += hits / (i + 1);
      }
    }
    while (j < nk && ks[j] === i + 1) {
      const k = ks[j];
      out[j] = idcg[j] > 0 ? dcg / idcg[j] : 0;
      out[nk + j] = hits / k;
      out[2 * nk + j] = firstHit > 0 ? 1 / firstHit : 0;
      out[3 * nk + j] = hits / nRelevant;
      out[4 * nk + j] = precisionSum / nRelevant;
      j++;
    }
  }
  return out;
}

/**
 * Uncut average precision from the ranks alone: `ranks` are the 1-based ranks of the relevant
 * documents a query retrieved, ascending; `nRelevant` is |R|. (1/|R|) Σ_j j / rank_j — the same
 * sum, in the same order, as scoreTop's map@k at a cut-off past the whole ranking, so the two give
 * the same bits without the ranking sorted.
 */
export function averagePrecisionOfRanks(ranks: ArrayLike<number>, nRelevant: number): number {
  let precisionSum = 0;
  for (let j = 0; j < ranks.length; j++) precisionSum += (j + 1) / ranks[j];
  return precisionSum / nRelevant;
}
