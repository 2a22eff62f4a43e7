import { describe, expect, it } from 'vitest';
import { attentionCurve, groupFairnessOptions, scoreGroupFairnessQuery, summarizeGroupFairness } from '../../../../src/core/metrics/groupFairness/index.ts';
import { EXAMPLE, HAND, SECOND } from './example.ts';

const OPTIONS = groupFairnessOptions({ k: 5, skewKs: [2] });

describe('attentionCurve', () => {
  it('attentionCurve gives each group\'s attention share in the top k for k = 1..K: the worked example, k = 1 to 5', () => {
    const curve = attentionCurve([scoreGroupFairnessQuery(EXAMPLE, OPTIONS)], OPTIONS);
    expect(curve.groups).toEqual(['female', 'male']);
    const w3 = 1 / Math.log2(3);
    const female = [1, 0.5, (1 + w3) / (2 + w3), HAND.attentionFemale, HAND.attentionFemale]; // L has 4 documents: k = 5 counts all of L
    female.forEach((share, k) => expect(curve.share[0][k]).toBeCloseTo(share, 15));
    curve.share[1].forEach((share, k) => expect(share + curve.share[0][k]).toBeCloseTo(1, 15));
    expect(Array.from(curve.target)).toEqual([0.5, 0.5]);
  });

  it("attentionCurve at k = K is the summary's attention_share (its @example: the mean over queries)", () => {
    const records = [scoreGroupFairnessQuery(EXAMPLE, OPTIONS), scoreGroupFairnessQuery(SECOND, OPTIONS)];
    const curve = attentionCurve(records, OPTIONS);
    const summary = summarizeGroupFairness(records, OPTIONS);
    expect(curve.share[0][4]).toBeCloseTo(summary.attention_share.female as number, 15);
    expect(curve.share[1][4]).toBeCloseTo(summary.attention_share.male as number, 15);
  });
});
