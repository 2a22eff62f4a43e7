import { describe, expect, it } from 'vitest';
import { groupFairnessAxes, isGroupFairnessAxis, orientGroupFairness, orientRobustness, paretoOfResults } from '../../../../../src/core/audit/retrieval/pareto.ts';
import type { GroupFairnessSummary } from '../../../../../src/core/metrics/groupFairness/index.ts';
import type { ModelResult, RetrievalFairnessResults, TwinMetrics } from '../../../../../src/core/audit/retrieval/results.ts';
import type { Ci } from '../../../../../src/core/audit/common/ci.ts';

const ci = (mean: number, lo: number, hi: number): Ci => ({ mean, ci: [lo, hi] });
const twins = (iou: number, rbc: Ci, rbcAbs: Ci, shift: Ci): TwinMetrics => ({
  'iou@10': ci(iou, iou - 0.1, iou + 0.1), rank_shift: shift, rbc, rbc_abs: rbcAbs,
  kendall_tau: ci(0.9, 0.8, 1), 'dropout@10': ci(0.2, 0.1, 0.3), pearson: ci(NaN, NaN, NaN), n_pairs: 4, n_queries: 2,
  rbc_pooled: rbc, cohens_d: ci(0, -0.1, 0.1), 'odds_ratio@10': ci(1, 0.9, 1.1), std_mad: ci(0.01, 0, 0.02),
});
const model = (id: string, ndcg: number, t: TwinMetrics): ModelResult => ({
  model: { id, label: id.toUpperCase(), kind: 'bm25', revision: 'builtin', dtype: 'fp64', device: 'cpu' },
  timing: { wallMs: 1, textsEmbedded: 1, textsCached: 0, textsPerSecond: 1000 },
  nQueries: 2, nSkipped: 0,
  effectiveness: { 'ndcg@10': ci(ndcg, ndcg - 0.05, ndcg + 0.05), 'p@10': ci(0.5, 0.4, 0.6), 'mrr@10': ci(1, 1, 1) },
  robustness: { overall: t, perLang: { en: t }, perLangPooled: { en: t }, perDirection: {} },
  rankShiftHistogram: [],
});

// a: best NDCG, worst IoU; b: middle; c: dominated by b on both; d: undefined x.
// RBC of a is −0.4 with CI [−0.5, 0.1] (it crosses 0): −|RBC| must use rbc_abs' own CI [0.05, 0.5].
const results: RetrievalFairnessResults = {
  schema: 1, kind: 'retrieval-fairness',
  dataset: { id: 'd', version: '1', manifestSha256: '' },
  parameters: { k: 10, relevanceThreshold: 1, bootstrap: 100, seed: 0, groups: ['female', 'male'] },
  subsets: [{
    task: 't', twinsTask: 'tw', groups: ['female', 'male'],
    models: [
      model('a', 0.9, twins(0.5, ci(-0.4, -0.5, 0.1), ci(0.4, 0.05, 0.5), ci(3, 2, 4))),
      model('b', 0.7, twins(0.8, ci(0.1, 0, 0.2), ci(0.1, 0.02, 0.2), ci(1, 0.5, 1.5))),
      model('c', 0.6, twins(0.7, ci(0.2, 0.1, 0.3), ci(0.2, 0.1, 0.3), ci(2, 1, 3))),
      model('d', NaN, twins(0.9, ci(0, 0, 0), ci(0, 0, 0), ci(0, 0, 0))),
    ],
  }],
  createdAt: '', environment: { runtime: 'node' },
};

describe('paretoOfResults(results, axes)', () => {
  it('defaults to ndcg@k against iou@k and splits frontier, dominated and incomparable models', () => {
    const [p] = paretoOfResults(results);
    expect(p.xLabel).toBe('ndcg@10');
    expect(p.yLabel).toBe('iou@10');
    expect(p.frontier.map((q) => q.id)).toEqual(['b', 'a']); // x ascending
    expect(p.dominated.map((q) => q.id)).toEqual(['c']);
    expect(p.incomparable).toEqual(['d']);
    const a = p.frontier[1];
    expect([a.id, a.label, a.x, a.y]).toEqual(['a', 'A', 0.9, 0.5]);
    expect(a.xCi).toEqual(results.subsets[0].models[0].effectiveness!['ndcg@10'].ci);
    expect(a.yCi).toEqual(results.subsets[0].models[0].robustness.overall['iou@10'].ci);
  });

  it('orients rbc as −|RBC| with the CI of |RBC*|, not of RBC', () => {
    const [p] = paretoOfResults(results, { y: 'rbc' });
    expect(p.yLabel).toBe('−|rbc|');
    const a = p.frontier.find((q) => q.id === 'a')!;
    expect(a.y).toBe(-0.4);
    expect(a.yCi).toEqual([-0.5, -0.05]);
    // b (−0.1) beats a on y but not x; c (−0.2) is dominated by b.
    expect(p.dominated.map((q) => q.id)).toEqual(['c']);
  });

  it('negates rank_shift with a mirrored CI', () => {
    const [p] = paretoOfResults(results, { y: 'rank_shift' });
    expect(p.yLabel).toBe('−rank_shift');
    expect(p.frontier.find((q) => q.id === 'b')!.yCi).toEqual([-1.5, -0.5]);
  });

  it('reads y from one language with axes.lang, and throws for unknown metrics or languages', () => {
    expect(paretoOfResults(results, { lang: 'en' })[0].frontier.map((q) => q.id)).toEqual(['b', 'a']);
    expect(() => paretoOfResults(results, { x: 'map@10' })).toThrow(/unknown effectiveness metric "map@10"/);
    expect(() => paretoOfResults(results, { y: 'iou@5' })).toThrow(/unknown robustness metric/);
    expect(() => paretoOfResults(results, { lang: 'xx' })).toThrow(/no twin metrics for language "xx"/);
  });

  it('orientRobustness keeps iou, kendall_tau and pearson as they are', () => {
    const t = results.subsets[0].models[0].robustness.overall;
    expect(orientRobustness(t, 'kendall_tau')).toEqual({ label: 'kendall_tau', value: ci(0.9, 0.8, 1) });
    expect(orientRobustness(t, 'dropout@10').value).toEqual(ci(-0.2, -0.3, -0.1));
  });
});

describe('paretoOfResults(results, { y: a group-fairness measure }) (METRICS.md §12, issue 50)', () => {
  /** A §12 summary with only what the Pareto axes read: AWRF@10, the exposure ratio, NDKL@10. */
  const summary = (awrf: Ci | number, ratio: Ci, ndkl: Ci): GroupFairnessSummary =>
    ({ k: 10, target: 'pool', groups: ['f', 'm'], 'awrf@10': awrf, exposure_ratio: ratio, 'ndkl@10': ndkl }) as unknown as GroupFairnessSummary;
  const grouped = (m: ModelResult, s: GroupFairnessSummary | undefined): ModelResult => (s ? { ...m, groupFairness: { by: ['meta.gender'], summary: s } } : m);
  const [a, b, c, d] = results.subsets[0].models;
  // a: best NDCG, AWRF 0.95; b: AWRF 0.99 (fairer, less effective); c: dominated by b on NDCG and AWRF; d: no group labels.
  const withGroups: RetrievalFairnessResults = {
    ...results,
    subsets: [{
      ...results.subsets[0],
      models: [
        grouped(a, summary(ci(0.95, 0.94, 0.96), ci(0.7, 0.65, 0.75), ci(0.3, 0.25, 0.35))),
        grouped(b, summary(ci(0.99, 0.98, 1), ci(0.9, 0.85, 0.95), ci(0.1, 0.05, 0.15))),
        grouped(c, summary(0.97, ci(0.8, 0.75, 0.85), ci(0.2, 0.15, 0.25))),
        grouped({ ...d, effectiveness: a.effectiveness }, undefined),
      ],
    }],
  };

  it('groupFairnessAxes(subset) offers AWRF@K, the exposure ratio and NDKL@K at the summary\'s K, none without group labels', () => {
    expect(groupFairnessAxes(withGroups.subsets[0])).toEqual(['awrf@10', 'exposure_ratio', 'ndkl@10']);
    expect(groupFairnessAxes(results.subsets[0])).toEqual([]);
    expect(['awrf@10', 'exposure_ratio', 'ndkl@5', 'iou@10', 'awrf_ndcg@10'].map(isGroupFairnessAxis)).toEqual([true, true, true, false, false]);
  });

  it('AWRF@10 as reported: b (0.99) and a (0.9 NDCG) on the frontier, c dominated by b, d (no labels) incomparable', () => {
    const [p] = paretoOfResults(withGroups, { y: 'awrf@10' });
    expect(p.yLabel).toBe('awrf@10');
    expect(p.frontier.map((q) => [q.id, q.y])).toEqual([['b', 0.99], ['a', 0.95]]);
    expect(p.frontier[0].yCi).toEqual([0.98, 1]);
    expect(p.dominated.map((q) => q.id)).toEqual(['c']);
    expect(p.dominated[0].yCi).toEqual([NaN, NaN]); // a plain number (no bootstrap) has no CI
    expect(p.incomparable).toEqual(['d']);
  });

  it('the exposure ratio as reported; NDKL@10 negated with a mirrored CI (−0.3, [−0.35, −0.25]), so up is fairer', () => {
    expect(paretoOfResults(withGroups, { y: 'exposure_ratio' })[0].frontier.map((q) => [q.id, q.y])).toEqual([['b', 0.9], ['a', 0.7]]);
    const [p] = paretoOfResults(withGroups, { y: 'ndkl@10' });
    expect(p.yLabel).toBe('−ndkl@10');
    const pa = p.frontier.find((q) => q.id === 'a')!;
    expect([pa.y, ...pa.yCi]).toEqual([-0.3, -0.35, -0.25]);
    expect(p.frontier.map((q) => q.id)).toEqual(['b', 'a']);
  });

  it('orientGroupFairness(summary, key) is NaN without a summary or a value, and throws for another key; a group measure per language throws', () => {
    expect(orientGroupFairness(undefined, 'awrf@10')).toEqual({ label: 'awrf@10', value: ci(NaN, NaN, NaN) });
    expect(orientGroupFairness(summary(0.9, ci(1, 1, 1), ci(0, 0, 0)), 'ndkl@5').value.mean).toBeNaN();
    expect(() => orientGroupFairness(undefined, 'iou@10')).toThrow(/unknown group-fairness measure "iou@10"/);
    expect(() => paretoOfResults(withGroups, { y: 'awrf@10', lang: 'en' })).toThrow(/no per-language values/);
  });
});
