import { describe, expect, it } from 'vitest';
import { cosine } from '../../../../src/core/vectors.ts';
import { createRng } from '../../../../src/core/stats/rng.ts';
import { bm25Scorer, denseScorer, documentText, materialize, matrixScorer, tfidfScorer, timingOf, twinText } from '../../../../src/core/audit/scoring.ts';
import { fitBm25 } from '../../../../src/core/baselines/bm25.ts';
import { fitTfidf } from '../../../../src/core/baselines/tfidf.ts';

const corpus = ['red apple pie', 'green pear tart', 'she bakes apple bread', 'apple apple orchard'];

describe('documentText and twinText', () => {
  it('documentText(record) joins title and text with a space, MTEB style', () => {
    expect(documentText({ title: 'Nurse', text: 'Night shifts.' })).toBe('Nurse Night shifts.');
    expect(documentText({ text: 'Night shifts.' })).toBe('Night shifts.');
  });
  it("twinText(original, twin) puts the twin's text under the original's title", () => {
    expect(twinText({ title: 'Baker' }, { twin_text: 'he bakes' })).toBe('Baker he bakes');
  });
});

describe('bm25Scorer(texts)', () => {
  it('scores the corpus exactly as the fitted index', () => {
    const s = bm25Scorer({ queries: ['apple bread'], corpus, twins: [] })(0);
    expect(Array.from(s.corpus)).toEqual(Array.from(fitBm25(corpus).score('apple bread', new Float64Array(4))));
  });
  it("scores a twin identical to its original with the original's score, to the last bit (corpus statistics)", () => {
    const s = bm25Scorer({ queries: ['apple bread', 'she bakes'], corpus, twins: [corpus[2], corpus[0]] });
    for (const q of [0, 1]) {
      const r = s(q);
      expect(r.twins[0]).toBe(r.corpus[2]);
      expect(r.twins[1]).toBe(r.corpus[0]);
    }
  });
  it('scores a twin by hand: one query term, corpus IDF and avgdl', () => {
    // Corpus: N = 4, lengths 3, 3, 4, 3 → avgdl 13/4; "he" is in no document: df 0.
    // Twin "he bakes apple bread" (4 tokens); query "he": idf = ln(1 + 4.5/0.5) = ln 10, tf 1,
    // norm = 1.2 (1 − 0.75 + 0.75·4/3.25); score = ln10 · 2.2 / (1 + norm).
    const r = bm25Scorer({ queries: ['he'], corpus, twins: ['he bakes apple bread'] })(0);
    const norm = 1.2 * (0.25 + (0.75 * 4) / 3.25);
    expect(r.twins[0]).toBeCloseTo((Math.log(10) * 2.2) / (1 + norm), 12);
    expect(Array.from(r.corpus)).toEqual([0, 0, 0, 0]);
  });
});

describe('tfidfScorer(texts)', () => {
  it('scores the corpus as the fitted model, and a twin identical to a document as that document', () => {
    const s = tfidfScorer({ queries: ['apple bread'], corpus, twins: [corpus[2]] })(0);
    expect(Array.from(s.corpus)).toEqual(Array.from(fitTfidf(corpus).score('apple bread', new Float64Array(4))));
    expect(s.twins[0]).toBeCloseTo(s.corpus[2], 12);
  });
  it('gives cosine 1 to a twin equal to the query, 0 to one sharing no bigram', () => {
    const s = tfidfScorer({ queries: ['red apple pie'], corpus, twins: ['red apple pie', 'zzz'] })(0);
    expect(s.twins[0]).toBeCloseTo(1, 12);
    expect(s.twins[1]).toBe(0);
  });
});

describe('denseScorer(vectors, dim)', () => {
  it('gives the cosine of the query vector to each document and twin vector', () => {
    const v = (...xs: number[]) => Float32Array.from(xs);
    const s = denseScorer({ queries: v(1, 0), corpus: v(1, 0, 0, 1, 3, 4), twins: v(-1, 0, 0, 0) }, 2)(0);
    expect(Array.from(s.corpus)).toEqual([1, 0, 0.6]);
    expect(Array.from(s.twins)).toEqual([-1, 0]); // a zero vector scores 0
  });
  it('equals cosine() to the last bit on random float32 vectors (norms summed once, in the same order)', () => {
    const rng = createRng(11);
    const dim = 37;
    const rand = (n: number) => Float32Array.from({ length: n * dim }, () => (rng.next() - 0.5) * (rng.next() < 0.05 ? 0 : 3));
    const vectors = { queries: rand(5), corpus: rand(40), twins: rand(7) };
    vectors.corpus.fill(0, 3 * dim, 4 * dim); // a zero row
    const score = denseScorer(vectors, dim);
    for (let q = 0; q < 5; q++) {
      const s = score(q);
      const query = vectors.queries.subarray(q * dim, (q + 1) * dim);
      for (let i = 0; i < 40; i++) expect(Object.is(s.corpus[i], cosine(query, vectors.corpus.subarray(i * dim, (i + 1) * dim))), `q${q} d${i}`).toBe(true);
      for (let i = 0; i < 7; i++) expect(Object.is(s.twins[i], cosine(query, vectors.twins.subarray(i * dim, (i + 1) * dim)))).toBe(true);
    }
  });
  it('throws when a matrix is not whole rows', () => {
    expect(() => denseScorer({ queries: new Float32Array(3), corpus: new Float32Array(2), twins: new Float32Array(0) }, 2)).toThrow(RangeError);
  });
});

describe('matrixScorer and materialize', () => {
  it('matrixScorer returns row views of the matrices', () => {
    const s = matrixScorer(Float64Array.from([1, 2, 3, 4]), Float64Array.from([5, 6]), 2, 1);
    expect(Array.from(s(1).corpus)).toEqual([3, 4]);
    expect(Array.from(s(1).twins)).toEqual([6]);
  });
  it('materialize calls the scorer once per query', () => {
    let calls = 0;
    const m = materialize((q) => (calls++, { corpus: [q], twins: [] }), 3);
    m(2);
    m(2);
    expect(calls).toBe(3);
    expect(Array.from(m(2).corpus)).toEqual([2]);
  });
  it('timingOf(wallMs, n) gives texts per second, 0 for 0 ms', () => {
    expect(timingOf(500, 100).textsPerSecond).toBe(200);
    expect(timingOf(0, 100).textsPerSecond).toBe(0);
  });
});
