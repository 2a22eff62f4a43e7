/**
 * Hand-made results for the comparison tests: a retrieval results object of one model on one
 * subset whose per-unit columns and reported statistics are written out here, so every expected
 * value of the tests can be worked out by hand.
 */
import type { ModelResult, RetrievalFairnessResults } from '../../../../../src/core/audit/retrieval/index.ts';

export const SHA_A = 'a'.repeat(64);
export const SHA_B = 'b'.repeat(64);

const ci = (mean: number, lo = NaN, hi = NaN) => ({ mean, ci: [lo, hi] as const });

/** A model whose per-query NDCG@10 and rank shift are `ndcg` and `shift` (one value per query). */
export function model(id: string, ndcg: readonly number[], shift: readonly (number | null)[], unitsSha256 = 'u'.repeat(64)): ModelResult {
  const mean = (xs: readonly (number | null)[]) => {
    const d = xs.filter((x): x is number => x !== null);
    return d.reduce((a, b) => a + b, 0) / d.length;
  };
  const twins = { 'iou@10': ci(1), rank_shift: ci(mean(shift), 0, 10), rbc: ci(0), rbc_abs: ci(0), rbc_pooled: ci(0), kendall_tau: ci(1), 'dropout@10': ci(0), pearson: ci(1), cohens_d: ci(0), 'odds_ratio@10': ci(1), std_mad: ci(0), n_pairs: 1, n_queries: ndcg.length };
  return {
    model: { id, label: id.toUpperCase(), kind: 'bm25', revision: 'builtin', dtype: 'fp64', device: 'cpu' },
    timing: { wallMs: 0, textsEmbedded: 0, textsCached: 0, textsPerSecond: 0 },
    nQueries: ndcg.length,
    nSkipped: 0,
    effectiveness: { 'ndcg@10': ci(mean(ndcg), 0.1, 0.9), 'p@10': ci(0.5), 'mrr@10': ci(0.5) },
    robustness: { overall: twins, perLang: {}, perLangPooled: {}, perDirection: {} },
    rankShiftHistogram: [],
    perUnit: { units: ndcg.length, unitsSha256, columns: { 'ndcg@10': [...ndcg], rank_shift: [...shift] } },
  } as unknown as ModelResult;
}

/** A retrieval results object of `models` on dataset `id` (manifest `sha`), task `task`. */
export function results(models: readonly ModelResult[], options: { id?: string; version?: string; sha?: string; task?: string; seed?: number; bootstrap?: number } = {}): RetrievalFairnessResults {
  return {
    schema: 1,
    kind: 'retrieval-fairness',
    dataset: { id: options.id ?? 'twins', version: options.version ?? '1.0.0', manifestSha256: options.sha ?? SHA_A },
    parameters: { k: 10, relevanceThreshold: 1, bootstrap: options.bootstrap ?? 200, seed: options.seed ?? 3, groups: ['female', 'male'] },
    subsets: [{ task: options.task ?? 'briefs', twinsTask: 'gender-briefs', groups: ['female', 'male'], models }],
    createdAt: '2026-01-01T00:00:00.000Z',
    environment: { runtime: 'node' },
  };
}
