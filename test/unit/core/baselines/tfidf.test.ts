import { describe, expect, it } from 'vitest';
import { charBigrams, fitTfidf, preprocessTfidf, rankByTfidf } from '../../../../src/core/baselines/tfidf.ts';

describe('preprocessTfidf(text) and charBigrams(text)', () => {
  it('lowercases and collapses whitespace', () => {
    expect(preprocessTfidf('  Senior\n\tDEV ')).toBe('senior dev');
  });
  it('counts bigrams of code points', () => {
    expect([...charBigrams('abab')]).toEqual([['ab', 2], ['ba', 1]]);
    expect([...charBigrams('招聘')]).toEqual([['招聘', 1]]);
  });
});

describe('fitTfidf(corpus)', () => {
  it('fits the smoothed IDF on unique texts', () => {
    // unique texts: "ab", "ac" (N = 2); df(ab) = 1 → ln(3/2) + 1
    const model = fitTfidf(['ab', 'AB', 'ac']);
    expect(model.uniqueTexts).toBe(2);
    expect(model.idf('ab')).toBeCloseTo(Math.log(1.5) + 1, 15);
    expect(model.idf('zz')).toBeUndefined();
  });
  it('scores the cosine of L2-normalised vectors, 0 for a text without known bigrams', () => {
    const model = fitTfidf(['ab', 'ab', 'ac', 'abac']);
    const s = model.score('ab', new Float64Array(4));
    expect([s[0], s[1], s[2]]).toEqual([1, 1, 0]);
    // abac: ab, ba, ac with idf i_ab = i_ac = ln(4/3)+1 (df 2 of N 3), i_ba = ln(4/2)+1
    const iab = Math.log(4 / 3) + 1;
    const iba = Math.log(2) + 1;
    expect(s[3]).toBeCloseTo(iab / Math.sqrt(2 * iab * iab + iba * iba), 15);
    expect([...model.score('x')]).toEqual([0, 0, 0, 0]);
  });
});

describe('rankByTfidf(anchor, candidates)', () => {
  it('orders candidates by cosine to the anchor, ties keeping input order', () => {
    expect(rankByTfidf('abc', ['xyz', 'abc', 'qq', 'abc'])).toEqual([1, 3, 0, 2]);
  });
});
