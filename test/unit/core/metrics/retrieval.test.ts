import { describe, expect, it } from 'vitest';
import { evaluateRetrieval, kernelOptions, scoreQuery } from '../../../../src/core/metrics/retrieval.ts';
import { topRankedByKey, topRankedIndices, topRankedOfColumns } from '../../../../src/core/metrics/topRanked.ts';
import { tieKeys } from '../../../../src/core/metrics/rankedPool.ts';
import { scoreTop } from '../../../../src/core/metrics/retrievalKernel.ts';
import { rankItems } from '../../../../src/core/ranking.ts';
import type { Scored } from '../../../../src/core/ranking.ts';
import { createRng } from '../../../../src/core/stats/rng.ts';

const docs = (pairs: [string, number][]): Scored[] => pairs.map(([id, score]) => ({ id, score }));
const judged = (pairs: [string, number][]) => new Map(pairs);
const L3 = Math.log2(3);
const L5 = Math.log2(5);

/**
 * q1: run d1 3, d2 2, d3 2, d4 1 → ranked d1, d3, d2, d4 (tie 2: d3 > d2).
 * Judgments d2:2, d3:0, d4:1, d5:1 (d5 not retrieved). Grades by rank: 0, 0, 2, 1.
 * IDCG over judged grades 2, 1, 1, 0.
 */
const q1Run = docs([['d1', 3], ['d2', 2], ['d3', 2], ['d4', 1]]);
const q1Judged = judged([['d2', 2], ['d3', 0], ['d4', 1], ['d5', 1]]);
const IDCG3 = 2 + 1 / L3 + 1 / 2;

function byKey(values: Float64Array, ks: number[]): Record<string, number> {
  const out: Record<string, number> = {};
  ['ndcg', 'p', 'mrr', 'recall', 'map'].forEach((m, mi) => ks.forEach((k, ki) => (out[`${m}@${k}`] = values[mi * ks.length + ki])));
  return out;
}

describe('scoreQuery', () => {
  it('scoreQuery ranks ties by id descending and computes every metric at k = 3', () => {
    const r = byKey(scoreQuery(q1Run, q1Judged, kernelOptions({ k: [3] })), [3]);
    expect(r['ndcg@3']).toBeCloseTo(2 / 2 / IDCG3, 12); // DCG = 2/log2(4)
    expect(r['p@3']).toBeCloseTo(1 / 3, 15);
    expect(r['mrr@3']).toBeCloseTo(1 / 3, 15);
    expect(r['recall@3']).toBeCloseTo(1 / 3, 15); // |R| = 3 (d2, d4, d5)
    expect(r['map@3']).toBeCloseTo(1 / 9, 15); // (1/3)·P@3
  });

  it('scoreQuery at a k beyond the run keeps the denominator k for P@k', () => {
    const r = byKey(scoreQuery(q1Run, q1Judged, kernelOptions({ k: [5] })), [5]);
    expect(r['ndcg@5']).toBeCloseTo((1 + 1 / L5) / IDCG3, 12);
    expect(r['p@5']).toBeCloseTo(2 / 5, 15);
    expect(r['mrr@5']).toBeCloseTo(1 / 3, 15);
    expect(r['recall@5']).toBeCloseTo(2 / 3, 15);
    expect(r['map@5']).toBeCloseTo((1 / 3) * (1 / 3 + 2 / 4), 15);
  });

  it('scoreQuery with gain exp uses 2^rel − 1 in DCG and IDCG', () => {
    const r = byKey(scoreQuery(q1Run, q1Judged, kernelOptions({ k: [3], gain: 'exp' })), [3]);
    expect(r['ndcg@3']).toBeCloseTo(3 / 2 / (3 + 1 / L3 + 1 / 2), 12);
  });

  it('scoreQuery with threshold 2 counts only grade ≥ 2 as relevant but NDCG keeps raw grades', () => {
    const r = byKey(scoreQuery(q1Run, q1Judged, kernelOptions({ k: [3], threshold: 2 })), [3]);
    expect(r['ndcg@3']).toBeCloseTo(1 / IDCG3, 12);
    expect(r['recall@3']).toBe(1);
    expect(r['map@3']).toBeCloseTo(1 / 3, 15);
    expect(r['p@3']).toBeCloseTo(1 / 3, 15);
  });

  it('scoreQuery on an all-tied pool ranks by id descending', () => {
    // a, b, c, d all 1 → d, c, b, a; only a relevant → rank 4
    const r = byKey(scoreQuery(docs([['a', 1], ['b', 1], ['c', 1], ['d', 1]]), judged([['a', 1]]), kernelOptions({ k: [1, 4] })), [1, 4]);
    expect(r['p@1']).toBe(0);
    expect(r['mrr@1']).toBe(0);
    expect(r['mrr@4']).toBe(0.25);
    expect(r['ndcg@4']).toBeCloseTo(1 / L5, 12);
    expect(r['map@4']).toBe(0.25);
  });

  it('scoreQuery gives 0 on every metric for an empty run', () => {
    const values = scoreQuery([], judged([['a', 2]]), kernelOptions({ k: [1, 10] }));
    expect([...values]).toEqual(new Array(10).fill(0));
  });

  it('scoreQuery gives negative grades no gain', () => {
    // grades by rank: −1, 1 → DCG = 1/log2(3); IDCG over (1, −1 → 0) = 1
    const r = byKey(scoreQuery(docs([['x', 2], ['y', 1]]), judged([['x', -1], ['y', 1]]), kernelOptions({ k: [2] })), [2]);
    expect(r['ndcg@2']).toBeCloseTo(1 / L3, 12);
  });
});

describe('evaluateRetrieval', () => {
  const run = new Map([
    ['q1', q1Run],
    ['q4', docs([['z', 1]])], // absent from qrels: ignored
  ]);
  const qrels = new Map([
    ['q1', q1Judged],
    ['q2', judged([['d1', 0]])], // no relevant document: skipped
    ['q3', judged([['d9', 1]])], // judged, not in the run: scores 0
  ]);

  it('evaluateRetrieval skips queries without relevant judgments, scores absent ones 0, ignores unjudged run queries', () => {
    const r = evaluateRetrieval(run, qrels, { k: [3] });
    expect(r.queries).toEqual(['q1', 'q3']);
    expect(r.nQueries).toBe(2);
    expect(r.nSkipped).toBe(1);
    expect(r.mean['ndcg@3']).toBeCloseTo(1 / IDCG3 / 2, 12);
    expect(r.mean['p@3']).toBeCloseTo(1 / 6, 15);
    expect(r.values[r.keys.indexOf('recall@3')][1]).toBe(0);
  });

  it('evaluateRetrieval with threshold 2 also skips q3 (grade 1 only)', () => {
    const r = evaluateRetrieval(run, qrels, { k: [3], threshold: 2 });
    expect(r.queries).toEqual(['q1']);
    expect(r.nSkipped).toBe(2);
  });

  it('evaluateRetrieval orders keys metric-major with sorted distinct cut-offs', () => {
    const r = evaluateRetrieval(run, qrels, { k: [10, 1, 10] });
    expect(r.keys).toEqual(['ndcg@1', 'ndcg@10', 'p@1', 'p@10', 'mrr@1', 'mrr@10', 'recall@1', 'recall@10', 'map@1', 'map@10']);
  });

  it('evaluateRetrieval returns NaN means when every query is skipped', () => {
    const r = evaluateRetrieval(run, new Map([['q2', judged([['d1', 0]])]]), { k: [3] });
    expect(r.nQueries).toBe(0);
    expect(r.mean['ndcg@3']).toBeNaN();
  });

  it('kernelOptions throws a RangeError for k < 1, a fractional k, no k, or a threshold ≤ 0', () => {
    expect(() => kernelOptions({ k: [0] })).toThrow(RangeError);
    expect(() => kernelOptions({ k: [2.5] })).toThrow(RangeError);
    expect(() => kernelOptions({ k: [] })).toThrow(RangeError);
    expect(() => kernelOptions({ threshold: 0 })).toThrow(RangeError);
  });
});

describe('topRankedIndices', () => {
  it('topRankedIndices(items, depth) returns the first depth items of rankItems, on the heap and sort paths', () => {
    const rng = createRng(77);
    for (const [n, depth] of [[200, 5], [200, 150], [30, 30], [10, 50], [50, 1]]) {
      const items = Array.from({ length: n }, (_, i) => ({ id: `d${rng.int(1000)}-${i}`, score: rng.int(8) }));
      const expected = rankItems(items).slice(0, depth).map((d) => d.id);
      expect([...topRankedIndices(items, depth)].map((i) => items[i].id)).toEqual(expected);
    }
  });

  it('topRankedIndices(items, 0) returns no index', () => {
    expect(topRankedIndices(docs([['a', 1], ['b', 2]]), 0).length).toBe(0);
  });
});

describe('topRankedByKey and scoreTop (the streaming audit\'s path)', () => {
  it('topRankedByKey(scores, tieKeys(ids), depth) is rankItems\' first depth items, ties and -0 included', () => {
    const rng = createRng(78);
    for (const [n, depth] of [[200, 5], [200, 150], [30, 30], [10, 50], [50, 1], [40, 0]]) {
      const items = Array.from({ length: n }, (_, i) => ({ id: `d${rng.int(1000)}-${i}`, score: rng.int(4) === 0 ? -0 : rng.int(8) - 2 }));
      const expected = rankItems(items).slice(0, depth).map((d) => d.id);
      const top = topRankedByKey(items.map((d) => d.score), tieKeys(items.map((d) => d.id)), depth);
      expect([...top].map((i) => items[i].id)).toEqual(expected);
    }
  });
  it('topRankedOfColumns(scores, ids, n, depth) is rankItems\' first depth of the first n items, ties included', () => {
    const rng = createRng(79);
    for (const [n, depth] of [[200, 5], [200, 150], [30, 30], [10, 50], [50, 1], [40, 0]]) {
      const items = Array.from({ length: n }, (_, i) => ({ id: `d${rng.int(1000)}-${i}`, score: rng.int(6) }));
      const expected = rankItems(items).slice(0, depth).map((d) => d.id);
      // columns longer than n: the entries past n are never read
      const scores = Float64Array.from([...items.map((d) => d.score), 99]);
      const top = topRankedOfColumns(scores, [...items.map((d) => d.id), 'z'], n, depth);
      expect([...top].map((i) => items[i].id)).toEqual(expected);
    }
  });
  it('scoreTop over the ranked ids gives scoreQuery\'s values', () => {
    const ranked = rankItems(q1Run).map((d) => d.id);
    const opts = kernelOptions({ k: [1, 2, 3, 10] });
    expect(scoreTop((i) => ranked[i], ranked.length, q1Judged, opts)).toEqual(scoreQuery(q1Run, q1Judged, opts));
  });
});
