import type { Scored } from '../ranking.ts';
import type { Qrels } from '../formats/qrels.ts';
import { RETRIEVAL_METRICS, metricKey, scoreQuery } from './retrievalKernel.ts';
import type { Gain, KernelOptions } from './retrievalKernel.ts';

export { RETRIEVAL_METRICS, gainOf, metricKey, scoreQuery } from './retrievalKernel.ts';
export type { Gain, KernelOptions, RetrievalMetric } from './retrievalKernel.ts';

/** Options of `evaluateRetrieval`. */
export interface RetrievalOptions {
  /** Cut-offs k (positive integers; order and repeats do not matter). Default [10]. */
  readonly k?: readonly number[];
  /** Relevance threshold τ > 0 (grade ≥ τ is relevant). Default 1. */
  readonly threshold?: number;
  /** DCG gain, linear (trec_eval, MTEB) or exponential 2^rel − 1. Default linear. */
  readonly gain?: Gain;
}

/** Per-query and averaged retrieval metrics. */
export interface RetrievalEvaluation {
  /** Metric keys in report order, e.g. ['ndcg@10', 'ndcg@100', 'p@10', …]. */
  readonly keys: readonly string[];
  /** Evaluated query identifiers, in qrels order. */
  readonly queries: readonly string[];
  /** values[m][q]: metric keys[m] of queries[q]. */
  readonly values: readonly Float64Array[];
  /** Macro average of each metric over the evaluated queries (NaN when there are none). */
  readonly mean: Readonly<Record<string, number>>;
  /** Queries evaluated. */
  readonly nQueries: number;
  /** Queries of the qrels without any judged document of grade ≥ τ, left out. */
  readonly nSkipped: number;
}

/**
 * Validates and normalises options: sorted distinct cut-offs, τ, gain.
 * @throws {RangeError} for a cut-off that is not a positive integer, no
 * cut-off, or τ ≤ 0 (τ ≤ 0 would make every unjudged document relevant).
 */
export function kernelOptions(options: RetrievalOptions = {}): KernelOptions {
  const ks = [...new Set(options.k ?? [10])].sort((a, b) => a - b);
  if (ks.length === 0) throw new RangeError('at least one cut-off k is needed');
  for (const k of ks) if (!Number.isInteger(k) || k < 1) throw new RangeError(`cut-off k must be a positive integer, got ${k}`);
  const threshold = options.threshold ?? 1;
  if (!(threshold > 0) || !Number.isFinite(threshold)) {
    throw new RangeError(`relevance threshold must be a finite number > 0, got ${threshold}`);
  }
  return { ks, threshold, gain: options.gain ?? 'linear' };
}

/**
 * Evaluates a run against qrels (METRICS.md §1 and "Conventions"), as
 * trec_eval -c: the evaluated queries are those of the qrels with at least one
 * judged document of grade ≥ τ; the others are counted in nSkipped. A
 * evaluated query absent from the run scores 0 on every metric; queries of
 * the run absent from the qrels are ignored. Each query is scored by
 * `scoreQuery`; `mean` is the macro average over the evaluated queries.
 * @throws {RangeError} for invalid options (see kernelOptions).
 * @example evaluateRetrieval(run, qrels, { k: [10], threshold: 1 }).mean['ndcg@10']
 */
export function evaluateRetrieval(
  run: Pick<ReadonlyMap<string, readonly Scored[]>, 'get'>,
  qrels: Qrels,
  options: RetrievalOptions = {},
): RetrievalEvaluation {
  const opts = kernelOptions(options);
  const keys = RETRIEVAL_METRICS.flatMap((m) => opts.ks.map((k) => metricKey(m, k)));
  const queries: string[] = [];
  const perQuery: Float64Array[] = [];
  let nSkipped = 0;
  for (const [query, judgments] of qrels) {
    let relevant = false;
    for (const g of judgments.values()) if (g >= opts.threshold) relevant = true;
    if (!relevant) {
      nSkipped++;
      continue;
    }
    queries.push(query);
    perQuery.push(scoreQuery(run.get(query) ?? [], judgments, opts));
  }
  const values = keys.map((_, m) => Float64Array.from(perQuery, (row) => row[m]));
  const mean: Record<string, number> = {};
  keys.forEach((key, m) => {
    let sum = 0;
    for (const v of values[m]) sum += v;
    mean[key] = queries.length > 0 ? sum / queries.length : NaN;
  });
  return { keys, queries, values, mean, nQueries: queries.length, nSkipped };
}
