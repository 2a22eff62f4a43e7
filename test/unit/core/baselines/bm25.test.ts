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

describe('fitBm25(corpus, parameters, idBufferMax): the term ids kept between the index passes', () => {
  // Texts of 0 to 9 tokens from a small vocabulary, case and punctuation varied, some repeated.
  const words = ['Nurse', 'data', 'ZÜRICH', 'analyst', 'and', 'the', 'pflege', 'señor', '2024', 'a'];
  const corpus = Array.from({ length: 300 }, (_, d) => Array.from({ length: (d * 7) % 10 }, (_, j) => words[(d * 3 + j * j) % words.length]).join(j2(d)));
  function j2(d: number): string {
    return d % 3 === 0 ? ' ' : d % 3 === 1 ? ', ' : '-';
  }
  const twins = corpus.slice(0, 40).map((t) => t.replace(/Nurse/g, 'analyst'));
  const queries = ['data', 'nurse data', 'zürich ANALYST and', 'señor 2024', 'unknown', 'a a the'];
  const scoresOf = (idBufferMax: number | undefined) => {
    const index = idBufferMax === undefined ? fitBm25(corpus) : fitBm25(corpus, BM25_DEFAULTS, idBufferMax);
    const twin = index.index(twins);
    return queries.map((q) => [Array.from(index.score(q, new Float64Array(corpus.length))), Array.from(twin.score(q, new Float64Array(twins.length)))]);
  };

  it('gives the same scores, to the bit, with every id kept, with none, and when the buffer fills part-way', () => {
    const tokens = corpus.reduce((n, t) => n + tokenizeWords(t).length, 0);
    const kept = scoresOf(undefined);
    expect(scoresOf(0)).toEqual(kept); // tokenized twice
    expect(scoresOf(Math.floor(tokens / 2))).toEqual(kept); // kept, then dropped half-way
    expect(scoresOf(tokens)).toEqual(kept); // exactly fits
    // and the query 'data' against the formula for one document, worked from the token counts
    const n = corpus.length;
    const lengths = corpus.map((t) => tokenizeWords(t).length);
    const avgdl = lengths.reduce((a, b) => a + b, 0) / n;
    const df = corpus.filter((t) => tokenizeWords(t).includes('data')).length;
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    const d = corpus.findIndex((t) => tokenizeWords(t).includes('data'));
    const tf = tokenizeWords(corpus[d]).filter((w) => w === 'data').length;
    expect(kept[0][0][d]).toBeCloseTo((idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * lengths[d]) / avgdl)) + 0, 12);
  });

  it('gives the same scores when a corpus past the sample of 1,024 texts is projected not to fit and tokenized twice from there', () => {
    const large = Array.from({ length: 2500 }, (_, d) => corpus[d % corpus.length] + (d % 11 === 0 ? ' extra Words' : ''));
    const tokens = large.reduce((n, t) => n + tokenizeWords(t).length, 0);
    const scores = (idBufferMax?: number) => {
      const index = idBufferMax === undefined ? fitBm25(large) : fitBm25(large, BM25_DEFAULTS, idBufferMax);
      return queries.map((q) => Array.from(index.score(q, new Float64Array(large.length))));
    };
    const kept = scores();
    expect(scores(Math.floor(tokens * 0.8))).toEqual(kept);
    expect(scores(tokens)).toEqual(kept);
  });
});

describe('releasing a BM25 index', () => {
  it('gives back the rows of bm25Scorer and tfidfScorer (they read as empty) and scores nothing after', async () => {
    const { bm25Scorer, tfidfScorer } = await import('../../../../src/core/audit/retrieval/scoring.ts');
    const texts = { queries: ['red apple'], corpus: ['red apple', 'green pear', 'apple pie'], twins: ['red apples'] };
    for (const make of [bm25Scorer, tfidfScorer]) {
      const scorer = make(texts);
      const { corpus, twins } = scorer(0);
      expect(corpus.length).toBe(3);
      expect(corpus[0]).toBeGreaterThan(0);
      scorer.release();
      expect([corpus.length, twins.length]).toEqual([0, 0]);
    }
    const index = fitBm25(['red apple', 'green pear']);
    const before = index.score('apple', new Float64Array(2));
    expect(before[0]).toBeGreaterThan(0);
    index.release();
    expect(Array.from(index.score('apple', new Float64Array(2)))).toEqual([0, 0]);
  });
});
