/**
 * `eval retrieval`: NDCG, P, MRR, Recall and MAP of a run at each cut-off,
 * and uncut MAP (METRICS.md §1). `mean` holds plain numbers, or {mean, ci} when
 * resampling queries; `per_query` plain numbers keyed by query id.
 */
import type { Qrels } from '../../formats/qrels.ts';
import type { Run } from '../../formats/trecRun.ts';
import { RunColumns } from '../../formats/runColumns.ts';
import { evaluateRetrieval, type Gain } from '../../metrics/retrieval.ts';
import { reportMeans, type CiOptions, type Reported } from '../common/index.ts';

export interface RetrievalEvalOptions {
  readonly k: readonly number[];
  readonly threshold: number;
  readonly gain: Gain;
  /** Report only these keys (`ndcg@10`, `p@10`, `map`, …), in this order; every key when undefined. */
  readonly metrics?: readonly string[];
}

/**
 * The metric columns: every metric at every cut-off, and — when `metrics`
 * asks for it — `map`, MAP over the whole ranking (trec_eval's `map`): map@k
 * at the longest ranking of the run, so no relevant document ranked anywhere
 * is cut off.
 */
function columns(run: Run | RunColumns, qrels: Qrels, options: RetrievalEvalOptions) {
  const opts = { threshold: options.threshold, gain: options.gain };
  const cut = evaluateRetrieval(run, qrels, { ...opts, k: [...options.k] });
  if (!options.metrics?.some((m) => m.trim().toLowerCase() === 'map')) return cut;
  let longest = 1;
  if (run instanceof RunColumns) longest = Math.max(longest, run.longestRanking());
  else for (const docs of run.values()) longest = Math.max(longest, docs.length);
  const uncut = evaluateRetrieval(run, qrels, { ...opts, k: [longest] });
  return { ...cut, keys: [...cut.keys, 'map'], values: [...cut.values, uncut.values[uncut.keys.indexOf(`map@${longest}`)]] };
}

/**
 * The metrics a `--metrics` list names (case-insensitive: `P@10` is `p@10`).
 * @throws {RangeError} naming an unknown one and listing those there are.
 */
export function selectMetrics(available: readonly string[], wanted: readonly string[] | undefined): number[] {
  if (!wanted) return available.map((_, i) => i);
  return wanted.map((w) => {
    const i = available.indexOf(w.trim().toLowerCase());
    if (i < 0) throw new RangeError(`unknown metric "${w}"; with these cut-offs there are ${available.join(', ')}`);
    return i;
  });
}

export function evalRetrieval(run: Run | RunColumns, qrels: Qrels, options: RetrievalEvalOptions, ci?: CiOptions) {
  return reportRetrieval(columns(run, qrels, options), options, ci);
}

/**
 * The report of computed columns (evalRetrieval's, or a RetrievalStream's): the metrics asked
 * for, their means (with CIs when resampling), per-query values, counts.
 * @throws {RangeError} for an unknown metric in `options.metrics`.
 */
export function reportRetrieval(
  result: { readonly keys: readonly string[]; readonly queries: readonly string[]; readonly values: readonly Float64Array[]; readonly nQueries: number; readonly nSkipped: number },
  options: RetrievalEvalOptions,
  ci?: CiOptions,
) {
  const picked = selectMetrics(result.keys, options.metrics);
  const keys = picked.map((i) => result.keys[i]);
  const values = picked.map((i) => result.values[i]);
  const mean: Record<string, Reported> = {};
  const reported = reportMeans(values, ci);
  keys.forEach((key, m) => (mean[key] = reported[m]));
  const perQuery: Record<string, Record<string, number>> = {};
  result.queries.forEach((query, q) => {
    const row: Record<string, number> = {};
    keys.forEach((key, m) => (row[key] = values[m][q]));
    perQuery[query] = row;
  });
  return { mean, per_query: perQuery, n_queries: result.nQueries, n_skipped: result.nSkipped };
}
