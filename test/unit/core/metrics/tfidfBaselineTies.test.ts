/**
 * The character-bigram TF-IDF baseline keeps input order on ties (METRICS.md
 * §9.4; issue 27): texts whose bigram counts are identical score exactly the
 * same cosine, so the earlier one ranks first. Summing in each text's own
 * order let rounding put a later one first.
 */
import { describe, expect, it } from 'vitest';
import { charBigrams } from '../../../../src/core/baselines/tfidf.ts';
import { tfidfRankings } from '../../../../src/core/metrics/tfidfBigramBaseline.ts';

describe('tfidfRankings(groups) on texts with the same bigrams', () => {
  const same = (a: string, b: string) => {
    const count = (t: string) => [...charBigrams(t)].sort(([x], [y]) => (x < y ? -1 : 1));
    return JSON.stringify(count(a)) === JSON.stringify(count(b));
  };
  it('[python] [sql] [go] and [sql] [go] [python] have the same bigram counts, score the same cosine, and keep input order', () => {
    const a = '[python] [sql] [go]';
    const b = '[sql] [go] [python]';
    expect(same(a, b)).toBe(true);
    for (const anchor of ['python sql go developer', 'Senior [go] engineer with [sql] and [python]', 'data [sql]']) {
      const [forward] = tfidfRankings([{ anchor, candidates: ['a', 'b'], candidateTexts: [a, b] }]);
      const [backward] = tfidfRankings([{ anchor, candidates: ['b', 'a'], candidateTexts: [b, a] }]);
      expect(forward.similarities[0]).toBe(forward.similarities[1]);
      expect(forward.ranking).toEqual(['a', 'b']);
      expect(backward.ranking).toEqual(['b', 'a']);
    }
  });
  it('a case that rounding broke: "[k8s] [sql] [docker] [python]" and "[k8s] [python] [docker] [sql]" against "[go], [sql], [k8s], [react] engineer" (0.27925025238997686 against …697 when each text summed in its own order)', () => {
    const a = '[k8s] [sql] [docker] [python]';
    const b = '[k8s] [python] [docker] [sql]';
    expect(same(a, b)).toBe(true);
    const [r] = tfidfRankings([{ anchor: '[go], [sql], [k8s], [react] engineer', candidates: ['a', 'b'], candidateTexts: [a, b] }]);
    expect(r.similarities[0]).toBe(r.similarities[1]);
    expect(r.ranking).toEqual(['a', 'b']);
    const [swapped] = tfidfRankings([{ anchor: '[go], [sql], [k8s], [react] engineer', candidates: ['b', 'a'], candidateTexts: [b, a] }]);
    expect(swapped.ranking).toEqual(['b', 'a']);
  });
  it('over seeded permutations of bracketed skills, every permutation ties with every other and the ranking is the input order', () => {
    const skills = ['[python]', '[sql]', '[go]', '[java]', '[rust]', '[c++]', '[docker]', '[k8s]'];
    let state = 12345;
    const next = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const perms = Array.from({ length: 12 }, () => [...skills].sort(() => next() - 0.5).join(' '));
    const ids = perms.map((_, i) => `c${i}`);
    const [r] = tfidfRankings([{ anchor: 'Backend engineer: go, rust, docker, k8s, sql', candidates: ids, candidateTexts: perms }]);
    expect(new Set(r.similarities).size).toBe(1);
    expect(r.ranking).toEqual(ids);
  });
});
