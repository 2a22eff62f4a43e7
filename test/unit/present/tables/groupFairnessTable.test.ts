/** The "Who gets seen" rows (issue 50): which summary number goes where, and the words around them. */
import { describe, expect, it } from 'vitest';
import type { ModelResult, SubsetResult } from '../../../../src/core/audit/retrieval/index.ts';
import type { GroupFairnessSummary } from '../../../../src/core/metrics/groupFairness/index.ts';
import { ciOfReported, countsText, groupFairnessColumns, groupFairnessExportTable, groupFairnessRows, groupingText, screeningGroupSubsets, SCREENING_WORDING, skewCutoffsOf } from '../../../../src/present/tables/groupFairnessTable.ts';

const ci = (mean: number, lo: number, hi: number) => ({ mean, ci: [lo, hi] as [number, number] });
/** A summary as the audit writes it at K = 10 with a bootstrap (the demo's BM25, rounded). */
const summary = {
  k: 10, target: 'pool', threshold: 3, groups: ['female', 'male'], n_queries: 240, n_unlabelled: 0,
  n_skipped: { exposure: 0, exposure_ratio: 0, disparate_treatment: 2, target: 0, awrf: 0, awrf_ndcg: 0, ndkl: 0, skew: 0 },
  exposure: { female: ci(0.423, 0.411, 0.434), male: ci(0.478, 0.469, 0.486) },
  exposure_ratio: ci(0.745, 0.727, 0.763),
  disparate_treatment: ci(0.749, 0.734, 0.762),
  target_share: { female: 0.5, male: 0.5 },
  attention_share: { female: ci(0.423, 0.4, 0.445), male: ci(0.577, 0.555, 0.6) },
  'awrf@10': ci(0.975, 0.971, 0.979), 'awrf_ndcg@10': ci(0.877, 0.87, 0.885), 'ndkl@10': ci(0.303, 0.29, 0.318),
  'skew@10': { female: ci(-0.101, -0.152, -0.055), male: ci(0.091, 0.052, 0.132) }, 'absent@10': [],
  'min_skew@10': ci(-0.101, -0.152, -0.055), 'max_skew@10': ci(0.091, 0.052, 0.132),
} as unknown as GroupFairnessSummary;
const model = (id: string, label: string, extra: Partial<ModelResult>): ModelResult => ({ model: { id, label }, ...extra }) as unknown as ModelResult;
const subset = (models: ModelResult[]) => ({ models }) as unknown as SubsetResult;

describe('groupFairnessRows(subset)', () => {
  const rows = groupFairnessRows(subset([
    model('bm25', 'BM25 (k1 1.2, b 0.75)', { groupFairness: { by: ['meta.gender'], summary, curve: { groups: ['female', 'male'], share: [[0.3], [0.7]], target: [0.5, 0.5] }, verdict: 'the audit’s verdict' } }),
    model('none', 'No labels', {}),
  ]));

  it('groupFairnessRows(subset) leaves out a model without group fairness and keeps the audit\'s verdict', () => {
    expect(rows.map((r) => [r.id, r.name, r.verdict, r.hasCurve])).toEqual([['bm25', 'BM25', 'the audit’s verdict', true]]);
  });

  it('groupFairnessRows(subset) puts each model number under its column key, a group\'s attention, target, exposure and skew on its row', () => {
    const [r] = rows;
    expect(groupFairnessColumns(10, [10]).map((c) => c.key)).toEqual(['exposure_ratio', 'awrf@10', 'awrf_ndcg@10', 'ndkl@10', 'min_skew@10', 'max_skew@10', 'disparate_treatment']);
    expect(r.cells['awrf@10']).toEqual(ci(0.975, 0.971, 0.979));
    expect(r.cells['min_skew@10']).toEqual(ci(-0.101, -0.152, -0.055));
    expect(r.groups[0]).toEqual({ group: 'female', attention: ci(0.423, 0.4, 0.445), target: 0.5, exposure: ci(0.423, 0.411, 0.434), skew: { 'skew@10': ci(-0.101, -0.152, -0.055) }, absentAt: [] });
    expect(r.skipped).toEqual([{ metric: 'disparate_treatment', count: 2 }]);
  });

  it('groupFairnessRows(subset) of a shared link (no verdict, no curve, plain numbers, a group absent from the top k) words the verdict again from the summary', () => {
    const plain = { ...summary, 'awrf@10': 0.969, 'skew@10': { male: 0.2 }, 'absent@10': ['female'], attention_share: { female: 0.41, male: 0.59 } } as unknown as GroupFairnessSummary;
    const [r] = groupFairnessRows(subset([model('bm25', 'BM25 (k1 1.2, b 0.75)', { groupFairness: { by: ['meta.gender'], summary: plain } })]));
    expect(r.verdict).toBe("In BM25's top 10, female profiles receive 41.0% of the attention against 50.0% in the corpus, 9.0 percentage points below (AWRF 0.969).");
    expect(r.hasCurve).toBe(false);
    expect(r.cells['awrf@10'].mean).toBe(0.969);
    expect(r.cells['awrf@10'].ci[0]).toBeNaN();
    expect(r.groups[0].skew['skew@10'].mean).toBeNaN();
    expect(r.groups[0].absentAt).toEqual([10]);
  });
});

describe('the words around the numbers', () => {
  it('groupingText(by, target) names the fields (an intersection by ×) and the target (the @example)', () => {
    expect(groupingText(['meta.gender'], 'pool')).toBe('grouped by meta.gender, target: the corpus’s shares');
    expect(groupingText(['meta.gender', 'meta.seniority'], 'equal')).toBe('grouped by meta.gender × meta.seniority (their intersection), target: equal shares');
  });

  it('countsText(row) counts the unlabelled documents and each metric\'s skipped queries, and says so when there are none', () => {
    expect(countsText({ k: 10, nQueries: 240, nUnlabelled: 0, skipped: [{ metric: 'disparate_treatment', count: 2 }] })).toBe('240 queries; no unlabelled document in any top 10; queries skipped: disparate treatment 2');
    expect(countsText({ k: 5, nQueries: 3, nUnlabelled: 1, skipped: [] })).toBe('3 queries; 1 unlabelled document dropped from the top 5s (the ranks close up); no query skipped');
  });

  it('ciOfReported(value) reads a plain number, {mean, ci}, and a missing value or a link\'s null as NaN (the @example)', () => {
    expect(ciOfReported(0.5)).toEqual({ mean: 0.5, ci: [NaN, NaN] });
    expect(ciOfReported(ci(1, 0, 2))).toEqual(ci(1, 0, 2));
    expect(ciOfReported(null).mean).toBeNaN();
    expect(skewCutoffsOf({ 'skew@10': {}, 'skew@5': {}, 'min_skew@5': 1 })).toEqual([5, 10]);
  });

  it('groupFairnessExportTable(subset) has one row per model × group with the CI bounds beside each mean', () => {
    const t = groupFairnessExportTable(subset([model('bm25', 'BM25 (k1 1.2, b 0.75)', { groupFairness: { by: ['meta.gender'], summary } })]));
    expect(t.rows).toHaveLength(2);
    const row = Object.fromEntries(t.columns.map((c, i) => [c, t.rows[1][i]]));
    expect(row).toMatchObject({ model: 'BM25 (k1 1.2, b 0.75)', group_by: 'meta.gender', target: 'pool', group: 'male', attention_share: 0.577, attention_share_lo: 0.555, 'skew@10_hi': 0.132, target_share: 0.5, 'awrf@10': 0.975, n_queries: 240 });
  });
});

describe('screeningGroupSubsets(models): a screening model’s shortlists per attribute, as the panel reads them', () => {
  it('one subset per attribute with jobs, each model grouped by the attribute, the verdict worded for CV pools where none is stored', () => {
    const gender = { attribute: 'gender', summary: { ...summary, k: 5, n_queries: 11, 'awrf@5': ci(0.988, 0.978, 0.996) } };
    const empty = { attribute: 'ethnicity', summary: { ...summary, n_queries: 0 } };
    const subsets = screeningGroupSubsets([
      { model: { id: 'a', label: 'Model A (v1)' }, groupFairness: [gender, empty] },
      { model: { id: 'b', label: 'Model B' }, groupFairness: [{ ...gender, verdict: 'stored sentence' }] },
    ] as never);
    expect(subsets.map((s) => s.attribute)).toEqual(['gender']); // an attribute no job ranks is left out
    const rows = groupFairnessRows(subsets[0].subset);
    expect(rows.map((r) => [r.id, r.by])).toEqual([['a', ['gender']], ['b', ['gender']]]);
    expect(rows[0].verdict).toMatch(/^In Model A's top 5, .* in the CV pools/);
    expect(rows[1].verdict).toBe('stored sentence');
    expect(groupingText(['gender'], 'pool', SCREENING_WORDING)).toBe('grouped by gender, target: the CV pools’ shares of the versions');
    expect(countsText(rows[0], SCREENING_WORDING.units)).toMatch(/^11 jobs; .*; jobs skipped: disparate treatment 2$/);
  });
});

