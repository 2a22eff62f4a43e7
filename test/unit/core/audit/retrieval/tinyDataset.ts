/**
 * A hand-made audit fixture: 3 queries, 6 documents in 2 languages, 2 twin
 * pairs (one per language and direction), τ = 2, k = 3, and fixed scores.
 * Every expected value in the tests is worked out by hand from these tables
 * (see retrievalFairness.test.ts).
 *
 *        xd1  xd2  xd3  xd4  xd5  xd6   | twin of xd2, twin of xd5
 * xq1    .9   .8   .7   .1   .2   .3    | .65  .35
 * xq2    .1   .2   .3   .9   .8   .7    | .15  .95
 * xq3    .5   .4   .6   .3   .55  .2    | .58  .35
 */
import type { AuditSubset } from '../../../../../src/core/audit/retrieval/input.ts';
import type { Qrels } from '../../../../../src/core/formats/qrels.ts';

export const corpusScores = Float64Array.from([
  0.9, 0.8, 0.7, 0.1, 0.2, 0.3,
  0.1, 0.2, 0.3, 0.9, 0.8, 0.7,
  0.5, 0.4, 0.6, 0.3, 0.55, 0.2,
]);
export const twinScores = Float64Array.from([0.65, 0.35, 0.15, 0.95, 0.58, 0.35]);

export function tinyQrels(): Qrels {
  return new Map([
    ['xq1', new Map([['xd1', 3], ['xd3', 2], ['xd4', 1]])],
    ['xq2', new Map([['xd6', 4], ['xd1', 2]])],
    ['xq3', new Map([['xd4', 2]])],
    // only a grade below τ = 2: skipped
    ['xq4', new Map([['xd1', 1]])],
  ]);
}

export function tinySubset(): AuditSubset {
  return {
    task: 'tiny',
    twinsTask: 'tiny-gender',
    queries: [
      { id: 'xq1', lang: 'en' },
      { id: 'xq2', lang: 'fr' },
      { id: 'xq3', lang: 'en' },
    ],
    corpus: ['xd1', 'xd2', 'xd3', 'xd4', 'xd5', 'xd6'].map((id, i) => ({ id, lang: i < 3 ? 'en' : 'fr' })),
    qrels: tinyQrels(),
    twins: [
      { id: 'xd2', twinId: 'xd2-twin', group: 'female', twinGroup: 'male', lang: 'en' },
      // no lang: falls back to the original document's (fr)
      { id: 'xd5', twinId: 'xd5-twin', group: 'male', twinGroup: 'female' },
    ],
    relevanceThreshold: 2,
    groups: ['female', 'male'],
  };
}
