import { describe, expect, it } from 'vitest';
import { BM25_DEFAULTS, fitBm25 } from '../../../../src/core/baselines/bm25.ts';
import { tokenizeWords } from '../../../../src/core/baselines/tokenize.ts';

describe('tokenizeWords(text)', () => {
  it('lowercases Unicode and splits on anything but letters, marks and digits', () => {
    expect(tokenizeWords('Data-Scientist, ZÜRICH 2024!')).toEqual(['data', 'scientist', 'zürich', '2024']);
    expect(tokenizeWords('  ')).toEqual([]);
  });
});

describe('fitBm25(corpus).score(query)', () => {
  it('uses k1 = 1.2 and b = 0.75', () => {
    expect(BM25_DEFAULTS).toEqual({ k1: 1.2, b: 0.75 });
  });
  it('matches the formula worked by hand', () => {
    // N = 2, df(b) = 1 → idf = ln(1 + 1.5/1.5) = ln 2; |d1| = 2, avgdl = 1.5:
    // ln2 · 1·2.2 / (1 + 1.2·(0.25 + 0.75·2/1.5)) = ln2 · 2.2/2.5
    const index = fitBm25(['a b', 'a']);
    const s = index.score('B', new Float64Array(2));
    expect(s[0]).toBeCloseTo((Math.LN2 * 2.2) / 2.5, 15);
    expect(s[1]).toBe(0);
    expect(index.idf('b')).toBeCloseTo(Math.LN2, 15);
  });
  it('returns a Float32Array over all documents by default, zero for unknown terms', () => {
    const s = fitBm25(['red apple', 'green pear', 'apple pie']).score('apple kiwi');
    expect(s).toBeInstanceOf(Float32Array);
    expect(s[1]).toBe(0);
    expect(s[0]).toBeGreaterThan(0);
    expect(s[0]).toBeCloseTo(s[2], 6); // same length, same tf
  });
  it('counts a repeated query term once per occurrence', () => {
    const index = fitBm25(['a b', 'c']);
    const once = index.score('a', new Float64Array(2))[0];
    expect(index.score('a a', new Float64Array(2))[0]).toBeCloseTo(2 * once, 15);
  });
});
