/**
 * `eval retrieval`: NDCG, P, MRR, Recall and MAP of a run at each cut-off
 * (METRICS.md §1). `mean` holds plain numbers, or {mean, ci} when
 * resampling queries; `per_query` plain numbers keyed by query id.
 */
import type { Qrels } from '../../formats/qrels.ts';
import type { Run } from '../../formats/trecRun.ts';
import { evaluateRetrieval, type Gain } from '../../metrics/retrieval.ts';
import { reportMeans, type CiOptions, type Reported } from './ciReport.ts';

export interface RetrievalEvalOptions {
  readonly k: readonly number[];
  readonly threshold: number;
  readonly gain: Gain;
}

export function evalRetrieval(run: Run, qrels: Qrels, options: RetrievalEvalOptions, ci?: CiOptions) {
  const result = evaluateRetrieval(run, qrels, { k: [...options.k], threshold: options.threshold, gain: options.gain });
  const mean: Record<string, Reported> = {};
  const reported = reportMeans(result.values, ci);
  result.keys.forEach((key, m) => (mean[key] = reported[m]));
  const perQuery: Record<string, Record<string, number>> = {};
  result.queries.forEach((query, q) => {
    const row: Record<string, number> = {};
    result.keys.forEach((key, m) => (row[key] = result.values[m][q]));
    perQuery[query] = row;
  });
  return { mean, per_query: perQuery, n_queries: result.nQueries, n_skipped: result.nSkipped };
}
