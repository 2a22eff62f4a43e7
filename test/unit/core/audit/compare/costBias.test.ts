/**
 * Compare's time against bias across runs (issue 49), worked by hand on the tiny screening
 * fixture (tinyScreening.ts). Model A: the explicit female variant scores 15 below its CV, its
 * largest effect (the implicit female names move it by −5 against the male names' +1: −6);
 * 200 ms of calls over 132 pairs = 1.5152 s per 1,000 calls. Version 2 (run 2): the explicit
 * female ΔScore is −15, −13, …, −5 per CV, mean −10; 400 ms over 132 pairs = 3.0303 s. Model C
 * (run 1): A's scores at 800 ms over 132 pairs = 6.0606 s, so A (as fast or faster, as fair)
 * dominates it; A and version 2 are each better on one axis.
 */
import { describe, expect, it } from 'vitest';
import { comparisonCostBias, compareRuns } from '../../../../../src/core/audit/compare/index.ts';
import { screeningAudit } from '../../../../../src/core/audit/screening/audit.ts';
import { parseScreeningResults, type ScreeningResults } from '../../../../../src/core/audit/screening/index.ts';
import type { ScreeningModelScores } from '../../../../../src/core/audit/screening/input.ts';
import { A_BASE, base, CVS, HEADER, MODEL_A, offsetOf, PARTS, WORK } from '../screening/tinyScreening.ts';

const V2: ScreeningModelScores = {
  ...MODEL_A,
  variants: Float64Array.from(WORK.variants, (p) => base(A_BASE, p) + (p.variantId.endsWith('gender.explicit.female') ? -15 + 2 * CVS.indexOf(p.cvId) : offsetOf(p))),
  latency: { callsMs: [400], pairs: 132 },
};
const MODEL_C: ScreeningModelScores = { ...MODEL_A, model: { ...MODEL_A.model, id: 'model-c', label: 'model-c' }, latency: { callsMs: [800], pairs: 132 } };

const audit = (models: ScreeningModelScores[]): ScreeningResults =>
  parseScreeningResults(JSON.parse(JSON.stringify(screeningAudit(PARTS, models, { reference: { gender: 'male' }, bootstrap: 0, seed: 7 }, HEADER))));

describe('comparisonCostBias', () => {
  const c = compareRuns({ label: 'v1', results: audit([MODEL_A, MODEL_C]) }, { label: 'v2', results: audit([V2]) });
  const [group] = comparisonCostBias(c);

  it('gives each screening row its seconds per 1,000 calls and its largest |ΔScore|, with the effect named', () => {
    expect(comparisonCostBias(c)).toHaveLength(1);
    expect(group.group).toBe('tiny 1.0.0 · cv-screening');
    expect(group.points.map((p) => p.label)).toEqual(['v1 · model-a', 'v1 · model-c', 'v2 · model-a']);
    expect(group.points.map((p) => p.seconds)).toEqual([200 / 132, 800 / 132, 400 / 132]);
    expect(group.points.map((p) => p.largestEffect)).toEqual([15, 15, 10]);
    expect(group.points.map((p) => p.effect)).toEqual(['gender · female · explicit', 'gender · female · explicit', 'gender · female · explicit']);
    expect(c.rows[0].values.seconds_per_1000_calls.mean).toBe(200 / 132);
  });

  it('marks the row beaten on both axes as dominated, and no other', () => {
    expect(group.points.map((p) => p.dominated)).toEqual([false, true, false]);
  });

  it('leaves out retrieval rows and rows without a time', () => {
    const untimed = audit([{ ...MODEL_A, latency: { callsMs: [], pairs: 0 } }]);
    const d = compareRuns({ label: 'v1', results: untimed }, { label: 'v2', results: audit([V2]) });
    expect(comparisonCostBias(d)[0].points.map((p) => p.label)).toEqual(['v2 · model-a']);
  });
});
