import { describe, expect, it } from 'vitest';
import { diffResults } from '../../../../src/core/permalink/index.ts';
import { retrievalPayload } from './fixtures.ts';

const r = (results: unknown) => ({ results });

describe('diffResults(a, b, tolerance)', () => {
  it('returns [] ("no differences") for identical results', () => {
    expect(diffResults(retrievalPayload(), retrievalPayload())).toEqual([]);
  });

  it('names the path of a changed metric, e.g. subsets[0].models[1].effectiveness.ndcg@10.mean', () => {
    const a = retrievalPayload();
    const b = retrievalPayload();
    (b.results as any).subsets[0].models[1].effectiveness['ndcg@10'].mean = 0.5;
    expect(diffResults(a, b)).toEqual([{ path: 'subsets[0].models[1].effectiveness.ndcg@10.mean', a: 0.488, b: 0.5 }]);
  });

  it('ignores differences within the tolerance and reports those beyond it', () => {
    const a = r({ x: 0.1, y: [1, 2] });
    const b = r({ x: 0.1 + 1e-12, y: [1, 2.5] });
    expect(diffResults(a, b)).toEqual([
      { path: 'x', a: 0.1, b: 0.1 + 1e-12 },
      { path: 'y[1]', a: 2, b: 2.5 },
    ]);
    expect(diffResults(a, b, 1e-9)).toEqual([{ path: 'y[1]', a: 2, b: 2.5 }]);
    expect(diffResults(a, b, 0.5)).toEqual([]);
  });

  it('reports a number facing null, a missing key or a string with null on that side', () => {
    expect(diffResults(r({ a: 1, b: null, c: 'x' }), r({ a: null, b: 2, c: 3 }))).toEqual([
      { path: 'a', a: 1, b: null },
      { path: 'b', a: null, b: 2 },
      { path: 'c', a: null, b: 3 },
    ]);
    expect(diffResults(r({ a: 1 }), r({}))).toEqual([{ path: 'a', a: 1, b: null }]);
  });

  it('reports every number of an array item or subtree only one side has, a first, then keys only b has', () => {
    const a = r({ hist: [{ shift: 0, count: 5 }], only: { n: 1 } });
    const b = r({ hist: [{ shift: 0, count: 5 }, { shift: 1, count: 2 }], extra: [7] });
    expect(diffResults(a, b)).toEqual([
      { path: 'hist[1].shift', a: null, b: 1 },
      { path: 'hist[1].count', a: null, b: 2 },
      { path: 'only.n', a: 1, b: null },
      { path: 'extra[0]', a: null, b: 7 },
    ]);
  });

  it('reports a number replaced by a container, and the numbers inside it', () => {
    expect(diffResults(r({ icc: 0.8 }), r({ icc: { mean: 0.8, ci: [0.7, 0.9] } }))).toEqual([
      { path: 'icc', a: 0.8, b: null },
      { path: 'icc.mean', a: null, b: 0.8 },
      { path: 'icc.ci[0]', a: null, b: 0.7 },
      { path: 'icc.ci[1]', a: null, b: 0.9 },
    ]);
  });

  it('treats NaN and ±Infinity as null, as a link stores them', () => {
    expect(diffResults(r({ ci: [null, null] }), r({ ci: [Number.NaN, Infinity] }))).toEqual([]);
    expect(diffResults(r({ x: 1 }), r({ x: Number.NaN }))).toEqual([{ path: 'x', a: 1, b: null }]);
  });

  it('does not compare strings and booleans', () => {
    expect(diffResults(r({ createdAt: '2025-01-01', ok: true }), r({ createdAt: '2026-01-01', ok: false }))).toEqual([]);
  });

  it('skips the subtrees of ignoreKeys wherever they appear (timings differ on every run)', () => {
    const a = retrievalPayload();
    const b = retrievalPayload();
    (b.results as any).subsets[0].models[0].timing.totalMs = 99_999;
    (b.results as any).environment.hardwareConcurrency = 8;
    expect(diffResults(a, b).map((d) => d.path)).toEqual([
      'subsets[0].models[0].timing.totalMs',
      'environment.hardwareConcurrency',
    ]);
    expect(diffResults(a, b, 0, { ignoreKeys: ['timing', 'environment'] })).toEqual([]);
  });

  it('throws a RangeError for a negative or non-finite tolerance', () => {
    expect(() => diffResults(r({}), r({}), -1)).toThrow(RangeError);
    expect(() => diffResults(r({}), r({}), Number.NaN)).toThrow(RangeError);
  });
});
