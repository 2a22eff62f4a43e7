import { describe, expect, it } from 'vitest';
import { cosine } from '../../../../../src/core/vectors.ts';
import { createRng } from '../../../../../src/core/stats/rng.ts';
import { bm25Scorer, denseBlockScorer, denseScorer, documentText, materialize, matrixScorer, tfidfScorer, timingOf, twinText } from '../../../../../src/core/audit/retrieval/scoring.ts';
import { fitBm25 } from '../../../../../src/core/baselines/bm25.ts';
import { charBigrams, fitTfidf, preprocessTfidf } from '../../../../../src/core/baselines/tfidf.ts';

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

describe('the twins\' inverted indexes', () => {
  const words = ['she', 'he', 'nurse', 'apple', 'pear', 'night', 'shift', 'bakes', 'bread', 'tart'];
  const rng = createRng(21);
  const text = () => Array.from({ length: 1 + rng.int(12) }, () => words[rng.int(words.length)]).join(' ');
  const texts = { queries: Array.from({ length: 6 }, text), corpus: Array.from({ length: 30 }, text), twins: Array.from({ length: 25 }, text) };
  it('BM25: each twin scores Σ over the query\'s tokens, in order, of idf·f·(k1+1)/(f + k1·(1 − b + b·|d′|/avgdl)), to the last bit', () => {
    const index = fitBm25(texts.corpus);
    const tokens = (t: string) => t.split(' ');
    const avgdl = texts.corpus.reduce((a, t) => a + tokens(t).length, 0) / texts.corpus.length;
    const score = bm25Scorer(texts);
    texts.queries.forEach((query, q) => {
      const got = score(q).twins;
      texts.twins.forEach((twin, i) => {
        const norm = 1.2 * (1 - 0.75 + (0.75 * tokens(twin).length) / avgdl);
        let want = 0;
        for (const t of tokens(query)) {
          const f = tokens(twin).filter((x) => x === t).length;
          if (f > 0) want += (index.idf(t) * f * 2.2) / (f + norm);
        }
        expect(Object.is(got[i], want), `q${q} twin ${i}`).toBe(true);
      });
    });
  });
  it('TF-IDF: the inverted index scores each document as the pass over the document\'s own vector (bigram id order), to the last bit', () => {
    // The straightforward definition the index replaced: vocabulary ids by first appearance over the unique
    // texts, each vector sorted by id and L2-normalised, the query's vector dense, one dot product per document.
    const prepared = texts.corpus.map(preprocessTfidf);
    const unique = [...new Set(prepared)];
    const vocabulary = new Map<string, number>();
    const df: number[] = [];
    for (const t of unique) for (const g of charBigrams(t).keys()) {
      if (!vocabulary.has(g)) (vocabulary.set(g, df.length), df.push(0));
      df[vocabulary.get(g)!]++;
    }
    const idf = df.map((d) => Math.log((1 + unique.length) / (1 + d)) + 1);
    const vectorize = (t: string) => {
      const e = [...charBigrams(t)].filter(([g]) => vocabulary.has(g)).map(([g, tf]) => [vocabulary.get(g)!, tf * idf[vocabulary.get(g)!]] as const).sort((x, y) => x[0] - y[0]);
      const norm = Math.sqrt(e.reduce((a, [, w]) => a + w * w, 0));
      return e.map(([id, w]) => [id, norm === 0 ? 0 : w / norm] as const);
    };
    const docs = prepared.map(vectorize);
    const model = fitTfidf(texts.corpus);
    texts.queries.forEach((query) => {
      const dense = new Float64Array(df.length);
      for (const [id, w] of vectorize(preprocessTfidf(query))) dense[id] = w;
      const got = model.score(query, new Float64Array(texts.corpus.length));
      docs.forEach((d, i) => {
        let dot = 0;
        for (const [id, w] of d) dot += w * dense[id];
        expect(Object.is(got[i], dot), `doc ${i}`).toBe(true);
      });
    });
  });
});

describe('tfidfScorer(texts)', () => {
  it('scores the corpus as the fitted model, and a twin identical to a document as that document', () => {
    const s = tfidfScorer({ queries: ['apple bread'], corpus, twins: [corpus[2]] })(0);
    expect(Array.from(s.corpus)).toEqual(Array.from(fitTfidf(corpus).score('apple bread', new Float64Array(4))));
    expect(s.twins[0]).toBe(s.corpus[2]); // summed as the document is: equal to the bit, so the two tie
  });
  it('scores every twin equal to its document to the bit, on random texts with repeated and unknown bigrams', () => {
    const rng = createRng(5);
    const words = ['ab', 'ba', 'abc', 'zq', 'ÿé', '😀x', 'the', 'nurse', 'data'];
    const text = () => Array.from({ length: 3 + rng.int(12) }, () => words[rng.int(words.length)]).join(' ');
    const docs = Array.from({ length: 60 }, text);
    const twins = docs.map((d, i) => (i % 3 === 0 ? d : text() + ' qq')); // every third twin is its document's text
    const score = tfidfScorer({ queries: [text(), text()], corpus: docs, twins });
    for (const q of [0, 1]) {
      const s = score(q);
      for (let i = 0; i < docs.length; i += 3) expect(s.twins[i]).toBe(s.corpus[i]);
    }
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
  it('denseBlockScorer gives denseScorer\'s scores to the last bit, in blocks of 1 to 9 queries in any order, over odd and even row counts', () => {
    const rng = createRng(12);
    const dim = 29;
    const rand = (n: number) => Float32Array.from({ length: n * dim }, () => (rng.next() - 0.5) * (rng.next() < 0.05 ? 0 : 3));
    const vectors = { queries: rand(9), corpus: rand(51), twins: rand(6) };
    vectors.queries.fill(0, 2 * dim, 3 * dim); // a zero query
    vectors.corpus.fill(0, 5 * dim, 6 * dim);
    const one = denseScorer(vectors, dim);
    const block = denseBlockScorer(vectors, dim);
    for (let size = 1; size <= 9; size++) {
      const qs = Int32Array.from({ length: size }, (_, i) => (i * 4 + size) % 9);
      block(qs).forEach((row, b) => {
        const want = one(qs[b]);
        for (let i = 0; i < 51; i++) expect(Object.is(row.corpus[i], want.corpus[i]), `size ${size} q${qs[b]} d${i}`).toBe(true);
        for (let i = 0; i < 6; i++) expect(Object.is(row.twins[i], want.twins[i])).toBe(true);
      });
    }
  });
  it('throws when a matrix is not whole rows', () => {
    expect(() => denseBlockScorer({ queries: new Float32Array(3), corpus: new Float32Array(2), twins: new Float32Array(0) }, 2)).toThrow(RangeError);
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
