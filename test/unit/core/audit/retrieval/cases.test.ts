import { describe, expect, it } from 'vitest';
import { auditSubset } from '../../../../../src/core/audit/retrieval/audit.ts';
import { matrixScorer, timingOf } from '../../../../../src/core/audit/retrieval/scoring.ts';
import { summaryOf } from '../../../../../src/core/audit/retrieval/results.ts';
import { casesOf, flipsTopK, KeptCases } from '../../../../../src/core/audit/retrieval/cases.ts';
import { resolveCases } from '../../../../../src/core/audit/retrieval/resolveCases.ts';
import type { LoadedRetrieval } from '../../../../../src/core/audit/retrieval/data.ts';
import { corpusScores, tinySubset, twinScores } from './tinyDataset.ts';

const model = { id: 'm', label: 'M', kind: 'embedding' as const, revision: 'r', dtype: 'fp32', device: 'cpu' };
const audited = () => auditSubset(tinySubset(), [{ model, timing: timingOf(1, 1), score: matrixScorer(corpusScores, twinScores, 6, 2) }], { k: 3, bootstrap: 0 }).models[0];

// Worked by hand from tinyDataset.ts (units xq1, xq2, xq3 in id order; xq4 has no relevant grade):
// xq1 ranks xd1 xd2 xd3 xd6 xd5 xd4; xd2's twin (.65) would rank 3 (shift 2 − 3 = −1), xd5's (.35) 4 (5 − 4 = +1)
// xq2 ranks xd4 xd5 xd6 xd3 xd2 xd1; xd2's twin (.15) ranks 5 (0), xd5's (.95) 1 (+1)
// xq3 ranks xd3 xd5 xd1 xd2 xd4 xd6; xd2's twin (.58) ranks 2 (+2), xd5's (.35) 4 (−2)
describe('the cases behind the twin numbers', () => {
  it('lists every (query, pair) by |shift|, ties by query then pair, with ranks and scores', () => {
    const cases = audited().cases!;
    expect(cases.largestShifts.map((c) => [c.unit, c.pair, c.rank, c.twinRank])).toEqual([
      [2, 0, 4, 2],
      [2, 1, 2, 4],
      [0, 0, 2, 3],
      [0, 1, 5, 4],
      [1, 1, 2, 1],
      [1, 0, 5, 5],
    ]);
    expect(cases.largestShifts[0]).toEqual({ unit: 2, pair: 0, group: 'female', twinGroup: 'male', rank: 4, twinRank: 2, score: 0.4, twinScore: 0.58 });
    expect(cases.pairCount).toBe(6);
  });

  it('the pairs that moved in or out of the top 3: xq3 only (xd2 4 → 2 in, xd5 2 → 4 out)', () => {
    const cases = audited().cases!;
    expect(cases.topKFlips.map((c) => [c.unit, c.pair])).toEqual([[2, 0], [2, 1]]);
    expect(cases.flipCount).toBe(2);
    expect([flipsTopK(4, 2, 3), flipsTopK(2, 3, 3), flipsTopK(5, 4, 3)]).toEqual([true, false, false]);
    expect(casesOf(cases)).toHaveLength(6);
  });

  it('a permalink drops them; the stored result keeps positions, never an identifier', () => {
    const m = audited();
    expect(JSON.stringify(m.cases)).not.toMatch(/xq|xd/u);
    const summary = summaryOf({ schema: 1, kind: 'retrieval-fairness', dataset: { id: 't', version: '1', manifestSha256: '0'.repeat(64) }, parameters: { k: 3, relevanceThreshold: 2, bootstrap: 0, seed: 0, groups: ['female', 'male'] }, subsets: [{ task: 'tiny', twinsTask: 'tiny-gender', groups: ['female', 'male'], models: [m] }], createdAt: '', environment: { runtime: 'node' } });
    expect(JSON.stringify(summary)).not.toContain('largestShifts');
  });

  it('resolveCases names the records and their texts from the dataset as loaded', () => {
    const subset = tinySubset();
    const loaded: LoadedRetrieval = {
      queryTexts: ['query one', 'query two', 'query three'],
      corpusTexts: ['d1', 'Anna led the team', 'd3', 'd4', 'Tom wrote code', 'd6'],
      subsets: [{ subset, twinTexts: ['Alex led the team', 'Mia wrote code'], twinsShard: 'twins' }],
      groupableFields: [],
    };
    const [top] = resolveCases(loaded, 0, 3, audited().cases!.largestShifts);
    expect(top).toMatchObject({ queryId: 'xq3', queryText: 'query three', id: 'xd2', text: 'Anna led the team', twinId: 'xd2-twin', twinText: 'Alex led the team', shift: 2 });
    expect(() => resolveCases(loaded, 0, 3, [{ ...top, pair: 9 }])).toThrow(/not the audited version/u);
  });
});

describe('KeptCases(limit)', () => {
  it('keeps the limit best, larger |shift| first, the earlier on a tie, and makes only the kept', () => {
    const keep = new KeptCases(2);
    let made = 0;
    const make = (n: number) => () => (made++, { unit: n, pair: 0, group: 'a', twinGroup: 'b', rank: 1, twinRank: 1, score: 0, twinScore: 0 });
    keep.offer(3, 0, make(0));
    keep.offer(5, 1, make(1));
    keep.offer(1, 2, make(2)); // refused: below both
    keep.offer(3, 3, make(3)); // refused: ties the 3 but comes later
    keep.offer(4, 4, make(4));
    expect(keep.cases().map((c) => c.unit)).toEqual([1, 4]);
    expect(made).toBe(3);
  });
});
