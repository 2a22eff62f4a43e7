import { describe, expect, it } from 'vitest';
import { headlineOf } from '../../../../src/core/share/groupFairnessHeadline.ts';
import { groupFairnessVerdict, type GroupFairnessSummary } from '../../../../src/core/metrics/groupFairness/index.ts';

const ci = (mean: number, lo: number, hi: number) => ({ mean, ci: [lo, hi] as [number, number] });
const SUMMARY = {
  k: 10, target: 'pool', threshold: 3, groups: ['female', 'male'], n_queries: 240, n_unlabelled: 2,
  n_skipped: { exposure: 0, exposure_ratio: 0, disparate_treatment: 2, target: 0, awrf: 0, awrf_ndcg: 0, ndkl: 0, skew: 0 },
  exposure: { female: ci(0.42264, 0.41, 0.43), male: ci(0.47784, 0.46, 0.48) },
  exposure_ratio: ci(0.7447, 0.727, 0.763), disparate_treatment: ci(0.7486, 0.73, 0.76),
  target_share: { female: 0.49953703703704, male: 0.50046296296296 },
  attention_share: { female: ci(0.42300341116539, 0.4, 0.445), male: ci(0.57699658883461, 0.555, 0.6) },
  'awrf@10': ci(0.97537699625859, 0.97141236318415, 0.97916068748013), 'awrf_ndcg@10': ci(0.877, 0.87, 0.885), 'ndkl@10': ci(0.303, 0.29, 0.318),
  'skew@10': { female: ci(-0.1, -0.15, -0.05), male: ci(0.09, 0.05, 0.13) }, 'absent@10': [], 'min_skew@10': ci(-0.1, -0.15, -0.05), 'max_skew@10': ci(0.09, 0.05, 0.13),
} as unknown as GroupFairnessSummary;

describe('headlineOf(summary): what a summary link carries of a ranking’s group fairness', () => {
  it('keeps what the verdict reads — shares to 4 significant digits, AWRF with its CI — and nothing else', () => {
    expect(headlineOf(SUMMARY)).toEqual({
      k: 10, target: 'pool', groups: ['female', 'male'], n_queries: 240, n_unlabelled: 2,
      target_share: { female: 0.4995, male: 0.5005 },
      attention_share: { female: 0.423, male: 0.577 },
      'awrf@10': SUMMARY['awrf@10'],
    });
  });

  it('words the same verdict as the full summary', () => {
    expect(groupFairnessVerdict(headlineOf(SUMMARY), { subject: 'BM25' })).toBe(groupFairnessVerdict(SUMMARY, { subject: 'BM25' }));
  });
});
