import { describe, expect, it } from 'vitest';
import { costBiasPoints, type ScreeningResults } from '../../../../../src/core/audit/screening/index.ts';

/** A model with the fields costBiasPoints reads: its time per pair and its effect rows (ΔScore mean and CI). */
function model(id: string, msPerPair: number, effects: [number, number, number][]) {
  return {
    model: { id, label: id },
    latency: { mean_ms_per_pair: msPerPair },
    bias: { effects: effects.map(([mean, lo, hi], i) => ({ kind: 'effect', attribute: 'gender', group: `g${i}`, signal: 'explicit', delta_score: { mean, ci: [lo, hi] } })) },
  };
}
const results = (models: unknown[]) => ({ models }) as unknown as ScreeningResults;

describe('costBiasPoints (cost against the largest bias effect)', () => {
  it('takes each model’s largest |ΔScore| and its time, and marks the dominated ones: worked by hand', () => {
    // a: 10 ms, largest |−7| ; b: 100 ms, largest 2 ; c: 200 ms, largest 5 (slower and less fair than b: dominated)
    const points = costBiasPoints(results([model('a', 10, [[-7, -9, -5], [3, 1, 5]]), model('b', 100, [[2, -1, 5]]), model('c', 200, [[5, 4, 6]])]));
    expect(points.map((p) => [p.id, p.cost, p.largestEffect, p.dominated])).toEqual([
      ['a', 10, 7, false],
      ['b', 100, 2, false],
      ['c', 200, 5, true],
    ]);
    // |·| of a CI that crosses 0 starts at 0; one below 0 flips
    expect(points[0]!.largestEffectCi).toEqual([5, 9]);
    expect(points[1]!.largestEffectCi).toEqual([0, 5]);
    expect(points[0]!.effect).toBe('gender · g0 · explicit');
  });
  it('prices 1,000 calls when given a price', () => {
    const [p] = costBiasPoints(results([model('a', 36, [[1, 0, 2]])]), { kind: 'per-device-hour', amount: 2.5 });
    expect(p!.cost).toBeCloseTo(0.025, 12);
  });
  it('leaves out a model without effect rows', () => {
    expect(costBiasPoints(results([model('a', 10, [])]))).toEqual([]);
  });
});
