import { describe, expect, it } from 'vitest';
import { charBigrams, fitTfidf, preprocessTfidf, rankByTfidf } from '../../../../src/core/baselines/tfidf.ts';

describe('preprocessTfidf(text) and charBigrams(text)', () => {
  it('lowercases and collapses whitespace', () => {
    expect(preprocessTfidf('  Senior\n\tDEV ')).toBe('senior dev');
  });
  it('is §9.4\'s lowercase, collapse and trim on any mix of spaces, other whitespace and letters (the collapse skipped only where it changes nothing)', () => {
    const definition = (t: string) => t.toLowerCase().replace(/\s+/gu, ' ').trim();
    const alphabet = ['a', 'B', 'é', 'Ä', ' ', '  ', '\t', '\n', '\u00a0', '\u2003', '\u3000', '招'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 2000; i++) {
      const text = Array.from({ length: Math.floor(next() * 12) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
      expect(preprocessTfidf(text)).toBe(definition(text));
    }
    expect(preprocessTfidf('already single spaced')).toBe('already single spaced');
    expect(preprocessTfidf('two  spaces')).toBe('two spaces');
    expect(preprocessTfidf('no\u00a0break')).toBe('no break');
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

describe('fitTfidf(corpus) postings: gaps past 16 bits and counts past 8 bits', () => {
  /** Cosine of the §9.4 vectors written out: tf · idf over the corpus's unique texts, L2-normalised, summed in ascending vocabulary order. */
  function reference(corpus: string[], query: string): number[] {
    const texts = corpus.map(preprocessTfidf);
    const unique = [...new Set(texts)];
    const df = new Map<string, number>();
    for (const t of unique) for (const g of charBigrams(t).keys()) df.set(g, (df.get(g) ?? 0) + 1);
    const idf = (g: string) => Math.log((1 + unique.length) / (1 + df.get(g)!)) + 1;
    const vector = (t: string) => {
      const v = [...charBigrams(t)].filter(([g]) => df.has(g)).map(([g, tf]) => [g, tf * idf(g)] as const);
      const norm = Math.sqrt(v.reduce((a, [, w]) => a + w * w, 0));
      return new Map(v.map(([g, w]) => [g, norm === 0 ? 0 : w / norm]));
    };
    const q = vector(preprocessTfidf(query));
    return texts.map((t) => {
      const d = vector(t);
      let dot = 0;
      for (const [g, w] of q) dot += w * (d.get(g) ?? 0);
      return dot;
    });
  }
  it('scores a corpus where one bigram recurs 70,000 texts apart and another 300 times in one text as the formula does', () => {
    const corpus = Array.from({ length: 140_003 }, (_, i) => (i % 70_001 === 0 ? 'qz ab' : i === 5 ? 'ab'.repeat(300) : `t${i % 97}`));
    const model = fitTfidf(corpus);
    for (const query of ['qz', 'ab ba', 't5 qz']) {
      const got = model.score(query, new Float64Array(corpus.length));
      const want = reference(corpus, query);
      for (const i of [0, 5, 7, 70_001, 140_002, 99]) expect(got[i]).toBeCloseTo(want[i], 14);
      expect(got.reduce((a, x) => a + x, 0)).toBeCloseTo(want.reduce((a, x) => a + x, 0), 9);
    }
    // the twins' index too: a text equal to a corpus document scores as it, to the bit
    const twins = model.index(['qz ab', 'ab'.repeat(300), 'nothing known here']);
    const t = twins.score('ab qz', new Float64Array(3));
    const c = model.score('ab qz', new Float64Array(corpus.length));
    expect([t[0], t[1]]).toEqual([c[0], c[5]]);
  });
});
