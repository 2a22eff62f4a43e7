import { describe, expect, it } from 'vitest';
import { groupFairnessOptions, groupFairnessVerdict, scoreGroupFairnessQuery, summarizeGroupFairness, type GroupFairnessSummary } from '../../../../src/core/metrics/groupFairness/index.ts';
import { SECOND } from './example.ts';

/** A summary with the numbers of the example sentence. */
function summary(over: Partial<GroupFairnessSummary>): GroupFairnessSummary {
  const options = groupFairnessOptions({ k: 10 });
  return { ...summarizeGroupFairness([], options), groups: ['female', 'male'], target_share: { female: 0.5, male: 0.5 }, attention_share: { female: 0.41, male: 0.59 }, ...over };
}

describe('groupFairnessVerdict', () => {
  it('groupFairnessVerdict names the group furthest below its target, the gap in percentage points, AWRF and its CI', () => {
    const s = summary({ 'awrf@10': { mean: 0.969, ci: [0.961, 0.976] } });
    expect(groupFairnessVerdict(s, { subject: 'BM25' })).toBe(
      "In BM25's top 10, female profiles receive 41.0% of the attention against 50.0% in the corpus, 9.0 percentage points below (AWRF 0.969, 95% CI 0.961 to 0.976).",
    );
  });

  it('groupFairnessVerdict says the pool, the relevant documents or equal shares, and leaves the CI out without a bootstrap', () => {
    expect(groupFairnessVerdict(summary({ 'awrf@10': 0.969 }), { subject: 'E5', pool: 'CV pool' })).toBe(
      "In E5's top 10, female profiles receive 41.0% of the attention against 50.0% in the CV pool, 9.0 percentage points below (AWRF 0.969).",
    );
    expect(groupFairnessVerdict(summary({ 'awrf@10': 0.969, target: 'relevant' }), { subject: 'E5' })).toContain('against 50.0% among the relevant documents');
    expect(groupFairnessVerdict(summary({ 'awrf@10': 0.969, target: 'equal' }), { subject: 'E5' })).toContain('against 50.0% under equal shares');
  });

  it('groupFairnessVerdict writes a gap that is the difference of the two percentages shown', () => {
    const s = summary({ 'awrf@10': 0.9, target_share: { female: 0.60051, male: 0.39949 }, attention_share: { female: 0.43049, male: 0.56951 } });
    expect(groupFairnessVerdict(s, { subject: 'BM25' })).toContain('receive 43.0% of the attention against 60.1% in the corpus, 17.1 percentage points below');
  });

  it('groupFairnessVerdict says when no group is below its target, and when no query could be compared', () => {
    const even = summary({ 'awrf@10': 1, attention_share: { female: 0.5, male: 0.5 } });
    expect(groupFairnessVerdict(even, { subject: 'BM25' })).toBe("In BM25's top 10, every group receives at least its share of the attention in the corpus (AWRF 1.000).");
    expect(groupFairnessVerdict(summary({}), { subject: 'BM25' })).toMatch(/no query has a labelled ranking/);
  });

  it('groupFairnessVerdict runs its @example on a computed summary', () => {
    const options = groupFairnessOptions({ k: 5, skewKs: [2] });
    const s = summarizeGroupFairness([scoreGroupFairnessQuery(SECOND, options)], options);
    expect(groupFairnessVerdict(s, { subject: 'BM25' })).toMatch(/^In BM25's top 5, female profiles receive \d+\.\d% of the attention against 50\.0% in the corpus/);
  });
});
