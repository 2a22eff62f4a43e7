import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tfidfRankings } from '../../../src/core/metrics/tfidfBigramBaseline.ts';
import { taskBaselines } from '../../../src/core/metrics/taskBaselines.ts';
import { directionAgreement, spearmanPermutationP, spearmanRho } from '../../../src/core/stats/correspondence.ts';
import { expectedNdcgSinglePositive, expectedRetrievalGroupScore } from '../../../src/core/baselines/permutation.ts';
import type { TaskKind } from '../../../src/core/metrics/tasks.ts';

// Written by scripts/reference/multitask.py (scikit-learn, SciPy, itertools), not by the code under test.
const fixture = JSON.parse(readFileSync(new URL('../../fixtures/reference/multitask.json', import.meta.url), 'utf8'));

interface FixtureRecord { id: string; reference: string | string[]; candidates: string[]; anchor: string; candidate_texts: string[] }

describe('TF-IDF bigram baseline against scikit-learn TfidfVectorizer (multitask.py)', () => {
  for (const [c, tc] of (fixture.tfidf as { kind: TaskKind; records: FixtureRecord[]; similarities: number[][]; rankings: string[][]; score: number }[]).entries()) {
    it(`case ${c} (${tc.kind}, ${tc.records.length} groups): similarities to 1e-9, the same rankings and task score`, () => {
      const got = tfidfRankings(tc.records.map((r) => ({ anchor: r.anchor, candidates: r.candidates, candidateTexts: r.candidate_texts })));
      got.forEach((g, i) => {
        g.similarities.forEach((s, j) => expect(Math.abs(s - tc.similarities[i][j])).toBeLessThan(1e-9));
        expect(g.ranking).toEqual(tc.rankings[i]);
      });
      const records = tc.records.map((r) => ({ id: r.id, prediction: null, reference: r.reference, candidates: r.candidates, anchor: r.anchor, candidateTexts: r.candidate_texts }));
      const baselines = taskBaselines({ task: { name: 't', kind: tc.kind, capability: tc.kind === 'ranking' ? 'Ranking' : 'Retrieval' }, records });
      expect(Math.abs(baselines!.tfidf! - tc.score)).toBeLessThan(1e-9);
    });
  }
});

describe('correspondence statistics against scipy.stats.spearmanr and enumerated permutations (multitask.py)', () => {
  for (const [c, cc] of (fixture.correspondence as { a: number[]; b: number[]; rho: number; p: number; direction: object }[]).entries()) {
    it(`case ${c} (${cc.a.length} systems): rho, exact p and direction agreement`, () => {
      expect(Math.abs(spearmanRho(cc.a, cc.b)! - cc.rho)).toBeLessThan(1e-9);
      const p = spearmanPermutationP(cc.a, cc.b)!;
      expect(p.method).toBe('exact');
      expect(Math.abs(p.p - cc.p)).toBeLessThan(1e-9);
      expect(directionAgreement(cc.a, cc.b)).toEqual(cc.direction);
    });
  }
});

describe('exact uniform-permutation expectation against enumerating every order (multitask.py)', () => {
  it('matches nDCG@5 of a single positive and the retrieval mean for n ≤ 7', () => {
    for (const e of fixture.expectation as { n: number; relevant: number; expected: number }[]) {
      const got = e.relevant === 0 ? expectedNdcgSinglePositive(e.n, 5) : expectedRetrievalGroupScore(e.n, e.relevant);
      expect(Math.abs(got - e.expected)).toBeLessThan(1e-9);
    }
  });
});
