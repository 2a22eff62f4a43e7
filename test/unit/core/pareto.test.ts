import { describe, expect, it } from 'vitest';
import { paretoFrontier } from '../../../src/core/pareto.ts';

describe('paretoFrontier', () => {
  it('paretoFrontier returns the non-dominated points sorted by x and the dominated ids', () => {
    const r = paretoFrontier([
      { id: 'a', x: 0.5, y: 0.9 },
      { id: 'b', x: 0.8, y: 0.4 },
      { id: 'c', x: 0.4, y: 0.3 }, // dominated by a and b
      { id: 'd', x: 0.7, y: 0.6 },
      { id: 'e', x: 0.6, y: 0.5 }, // dominated by d
    ]);
    expect(r.frontier.map((p) => p.id)).toEqual(['a', 'd', 'b']);
    expect(r.dominated).toEqual(['c', 'e']);
  });

  it('paretoFrontier counts ≥ on both axes with one strict as domination (equal x, larger y)', () => {
    const r = paretoFrontier([
      { id: 'low', x: 1, y: 1 },
      { id: 'high', x: 1, y: 2 },
      { id: 'right', x: 2, y: 1 }, // not dominated by high (x larger), dominates low
    ]);
    expect(r.dominated).toEqual(['low']);
    expect(r.frontier.map((p) => p.id)).toEqual(['high', 'right']);
  });

  it('paretoFrontier keeps identical points both on the frontier', () => {
    const r = paretoFrontier([
      { id: 'b', x: 1, y: 1 },
      { id: 'a', x: 1, y: 1 },
    ]);
    expect(r.dominated).toEqual([]);
    expect(r.frontier.map((p) => p.id)).toEqual(['a', 'b']);
  });

  it('paretoFrontier treats a point equal in y but smaller in x as dominated', () => {
    const r = paretoFrontier([
      { id: 'p', x: 1, y: 5 },
      { id: 'q', x: 3, y: 5 },
    ]);
    expect(r.dominated).toEqual(['p']);
  });

  it('paretoFrontier([]) returns an empty frontier and throws a RangeError for a non-finite coordinate', () => {
    expect(paretoFrontier([])).toEqual({ frontier: [], dominated: [] });
    expect(() => paretoFrontier([{ id: 'n', x: NaN, y: 1 }])).toThrow(RangeError);
  });
});
