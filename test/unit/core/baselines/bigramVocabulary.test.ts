import { describe, expect, it } from 'vitest';
import { BigramVocabulary } from '../../../../src/core/baselines/bigramVocabulary.ts';
import { charBigrams } from '../../../../src/core/baselines/tfidf.ts';

describe('BigramVocabulary', () => {
  it('read(text, true) numbers bigrams in order of first occurrence, one id per occurrence', () => {
    const v = new BigramVocabulary();
    expect([...v.read('abab', true)]).toEqual([0, 1, 0]);
    expect([...v.read('bac', true)]).toEqual([1, 2]);
    expect(v.size).toBe(3);
  });
  it('read(text, false) gives −1 for a bigram outside the vocabulary and adds nothing', () => {
    const v = new BigramVocabulary();
    v.read('ab', true);
    expect([...v.read('abx', false)]).toEqual([0, -1]);
    expect(v.size).toBe(1);
  });
  it('reads code points as Array.from does: a surrogate pair is one, a lone surrogate is one', () => {
    const v = new BigramVocabulary();
    // 𝒳 is U+1D4B3 (a surrogate pair); \ud800 alone is a lone high surrogate; 招聘 are above Latin-1.
    const text = 'a𝒳b\ud800c招聘';
    const ids = v.read(text, true);
    const expected = [...charBigrams(text).keys()];
    expect(ids.length).toBe(Array.from(text).length - 1);
    expect(v.size).toBe(expected.length);
    expected.forEach((bigram, id) => expect(v.idOf(bigram)).toBe(id));
  });
  it('idOf(bigram) is undefined for a string that is not two code points', () => {
    const v = new BigramVocabulary();
    v.read('abc', true);
    expect(v.idOf('bc')).toBe(1);
    expect(v.idOf('abc')).toBeUndefined();
    expect(v.idOf('a')).toBeUndefined();
  });
  it('keeps reading after texts longer than its buffer', () => {
    const v = new BigramVocabulary();
    const long = 'xy'.repeat(3000);
    expect(v.read(long, true).length).toBe(long.length - 1);
    expect(v.size).toBe(2);
  });
});
