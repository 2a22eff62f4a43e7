import { describe, expect, it } from 'vitest';
import { compareSystems, winTieLoss } from '../../../../../src/core/audit/tasks/compare.ts';
import type { TaskPredictions, TaskRecord } from '../../../../../src/core/metrics/tasks.ts';

const gen = (records: TaskRecord[]): TaskPredictions[] => [{ task: { name: 'g', kind: 'generation', capability: 'Generation' }, records }];

describe('winTieLoss(a, b)', () => {
  it('ties scores equal after rounding to 4 decimals on the 0–1 scale', () => {
    expect(winTieLoss([0.5, 0.600001, 0.7], [0.55, 0.6, 0.6999])).toEqual({ wins: 1, ties: 1, losses: 1, of: 3 });
  });
  it('0.50004 against 0.5 is a tie, 0.5001 a win (4 decimals on 0–1, not on 0–100)', () => {
    expect(winTieLoss([0.5, 0.5], [0.50004, 0.5001])).toEqual({ wins: 1, ties: 1, losses: 0, of: 2 });
  });
  it('compareSystems ties task scores that differ below the fourth decimal on 0–1 (on 0–100 it was a win)', () => {
    // 1,000 lines; A's first scores ROUGE-L 0.99 instead of 1: the task differs by 1e-5 on 0–1 (0.001 on 0–100).
    const ref = 'a'.repeat(100);
    const lines = (first: string) => Array.from({ length: 1000 }, (_, i) => ({ id: `${i}`, prediction: i === 0 ? first : ref, reference: ref }));
    const c = compareSystems([{ name: 'A', tasks: gen(lines(ref.slice(0, 99) + 'b')) }, { name: 'B', tasks: gen(lines(ref)) }], 'benchmark', { resamples: 0, seed: 0 });
    expect(c.comparisons[0].tasks.g.gain).toBeCloseTo(0.001, 9);
    expect(c.comparisons[0].task_wtl).toEqual({ wins: 0, ties: 1, losses: 0, of: 1 });
    expect(c.comparisons[0].tasks.g.items).toEqual({ wins: 1, ties: 999, losses: 0, of: 1000 });
  });
});

describe('compareSystems(systems, rule, options)', () => {
  const a = gen([
    { id: '1', prediction: 'abcd', reference: 'abcd' },
    { id: '2', prediction: 'ab', reference: 'abcd' },
    { id: '3', prediction: null, reference: 'abcd' },
    { id: '4', prediction: 'x', reference: 'abcd' },
  ]);
  const b = gen([
    { id: '1', prediction: 'abcd', reference: 'abcd' },
    { id: '2', prediction: 'abcd', reference: 'abcd' },
    { id: '3', prediction: 'abcd', reference: 'abcd' },
  ]);
  const c = compareSystems([{ name: 'A', tasks: a }, { name: 'B', tasks: b }], 'benchmark', { resamples: 2000, seed: 1 });
  it('scores both on the common complete subset and states its size', () => {
    // id 3 is missing in A (left out), id 4 is absent from B: the subset is ids 1 and 2
    expect(c.subset.g).toEqual({ n: 2, n_excluded: 2 });
    const t = c.comparisons[0].tasks.g;
    expect(t.a).toBeCloseTo(100 * (1 + 2 / 3) / 2, 12); // ROUGE-L F of 'ab' vs 'abcd': P 1, R 1/2 → 2/3
    expect(t.b).toBe(100);
    expect(t.gain).toBeCloseTo(100 - t.a!, 12);
    expect(t.items).toEqual({ wins: 1, ties: 1, losses: 0, of: 2 });
  });
  it('gives the gain a paired CI from the same resampled units', () => {
    const g = c.comparisons[0].overall;
    expect(g.ci![0]).toBeGreaterThanOrEqual(0); // B is never worse on any item
    expect(g.ci![1]).toBeCloseTo(100 / 3, 12); // a resample of item 2 twice
    expect(c.comparisons[0].task_wtl).toEqual({ wins: 1, ties: 0, losses: 0, of: 1 });
    expect(c.bootstrap).toEqual({ resamples: 2000, seed: 1, level: 0.95 });
  });
  it('a system against itself gains exactly 0 with CI [0, 0]', () => {
    const self = compareSystems([{ name: 'A', tasks: a }, { name: 'A2', tasks: a }], 'benchmark', { resamples: 200, seed: 1 }).comparisons[0];
    expect(self.overall).toMatchObject({ gain: 0, ci: [0, 0] });
  });
  it('compares every pair of three systems', () => {
    const three = compareSystems([{ name: 'A', tasks: a }, { name: 'B', tasks: b }, { name: 'C', tasks: b }], 'benchmark', { resamples: 0, seed: 0 });
    expect(three.comparisons.map((p) => `${p.a}-${p.b}`)).toEqual(['A-B', 'A-C', 'B-C']);
  });
});
