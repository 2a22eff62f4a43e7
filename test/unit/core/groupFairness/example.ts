/**
 * The hand-worked example of docs/metrics.md, "Group fairness of rankings": one query ranks
 * d1 (female), d2 (unlabelled), d3 (male), d4 (female), d5 (male) at K = 5, in a pool of 50
 * female and 50 male profiles; d1 is judged 1, d3 2, d4 0, the rest unjudged.
 */
import type { GroupQueryInput } from '../../../../src/core/metrics/groupFairness/index.ts';

export const LABELS: Readonly<Record<string, string>> = Object.freeze({ d1: 'female', d3: 'male', d4: 'female', d5: 'male', e1: 'female', e2: 'male', e3: 'male' });
export const labelOf = (doc: string): string | undefined => (Object.hasOwn(LABELS, doc) ? LABELS[doc] : undefined);
export const POOL: ReadonlyMap<string, number> = new Map([['female', 50], ['male', 50]]);

export const EXAMPLE: GroupQueryInput = {
  ranked: ['d1', 'd2', 'd3', 'd4', 'd5'],
  labelOf,
  pool: POOL,
  judgments: new Map([['d1', 1], ['d3', 2], ['d4', 0]]),
};

/** A second query for the pooled Skew@2: L = male, male, female. */
export const SECOND: GroupQueryInput = { ranked: ['e3', 'e2', 'e1'], labelOf, pool: POOL };

/** The example's numbers, worked out by hand (docs/metrics.md) and checked with SciPy. */
export const HAND = Object.freeze({
  exposureFemale: (1 + 0.5) / 2, // ranks 1 and 3 after d2 is dropped
  exposureMale: (1 / Math.log2(3) + 1 / Math.log2(5)) / 2, // ranks 2 and 4: 0.530803…
  exposureRatio: 0.7077375410965671,
  disparateTreatment: 0.35386877054828353, // (0.530803/1) / (0.75/0.5)
  attentionFemale: (1 + 1 / Math.log2(3)) / (1 + 1 + 1 / Math.log2(3) + 0.5), // (w1 + w3) / (w1 + w2 + w3 + w4) = 0.520909…
  awrf: 0.9997812934974754, // 1 − scipy jensenshannon([0.520909, 0.479091], [0.5, 0.5])²
  ndcg: 2 / (2 + 1 / Math.log2(3)), // d1 (1) at 1 and d3 (2) at 3 over the ideal 2, 1
  ndkl: 0.2816450300785086, // (1 · ln 2 + 0.5 · KL((2/3, 1/3) ‖ t)) / 2.561606…
});
