/**
 * Two results objects compared as `fairground compare` compares them: the
 * candidate's rows against the matching rows of the baseline (matchRows.ts).
 */
import { matchedPairs } from './matchRows.ts';
import { comparison } from './paired.ts';
import { comparedRows, type StoredRun } from './rows.ts';
import type { ComparisonResults } from './results.ts';

/**
 * @throws {RangeError} for a metric neither run reports (listing those they do), or bad bootstrap options.
 * @example compareRuns({ label: 'bm25.json', results: a }, { label: 'tfidf.json', results: b }, { metrics: ['ndcg@10', 'rank_shift'] })
 */
export function compareRuns(baseline: StoredRun, candidate: StoredRun, options: { readonly metrics?: readonly string[]; readonly resamples?: number; readonly seed?: number } = {}): ComparisonResults {
  const data = comparedRows([baseline, candidate]);
  if (options.metrics) {
    const reported = new Set(data.rows.flatMap((r) => Object.keys(r.values)));
    const unknown = options.metrics.filter((m) => !reported.has(m));
    if (unknown.length > 0) throw new RangeError(`no metric "${unknown[0]}" in either results; they report ${[...reported].join(', ') || 'none'}`);
  }
  return comparison(data, { ...options, pairs: matchedPairs(data, 0, 1) });
}
