import { describe, expect, it } from 'vitest';
import { screeningEffects, summarizeEffect, type ScreeningPool, type ScreeningVariant } from '../../../../src/core/metrics/screening.ts';

const v = (attribute: string, group: string, signal: string, score: number, name = ''): ScreeningVariant => ({ attribute, group, signal, name, score });

// Original ranks: a 1, b 2, c 3.
const POOL: ScreeningPool = {
  jobId: 'j1',
  cvs: [
    { cvId: 'a', score: 80, variants: [v('gender', 'female', 'explicit', 65), v('gender', 'male', 'explicit', 80), v('noise', 'whitespace', '-', 79)] },
    { cvId: 'b', score: 70, variants: [v('gender', 'female', 'explicit', 85), v('gender', 'male', 'explicit', 75), v('noise', 'whitespace', '-', 70)] },
    { cvId: 'c', score: 60, variants: [v('gender', 'female', 'explicit', 60), v('gender', 'male', 'explicit', 50), v('noise', 'whitespace', '-', 90)] },
  ],
};

describe('screeningEffects(pools, options) + summarizeEffect(effect)', () => {
  const { units, effects } = screeningEffects([POOL], { reference: { gender: 'male' }, k: 1 });
  const find = (kind: string, group: string) => effects.find((e) => e.kind === kind && e.group === group)!;

  it('lists one effect per non-reference group, a reference row for the reference group, and the noise perturbations', () => {
    expect(units).toHaveLength(3);
    expect(effects.map((e) => `${e.kind}:${e.attribute}/${e.group}/${e.signal}`)).toEqual(['effect:gender/female/explicit', 'reference:gender/male/explicit', 'noise:noise/whitespace/-']);
  });
  it('gives the reference row ΔRank and Excl@k against the original CV and no ΔScore', () => {
    const ref = find('reference', 'male');
    // male variants a 80 → 1st, b 75 → 2nd, c 50 → 3rd: every CV keeps its rank; a stays the top 1
    expect([...ref.deltaScore].every(Number.isNaN)).toBe(true);
    expect(summarizeEffect(ref)).toEqual({ deltaScore: NaN, deltaRank: 0, excl: 0 });
    const moved = screeningEffects(
      [{ jobId: 'j', cvs: [{ cvId: 'a', score: 80, variants: [v('gender', 'male', 'explicit', 10)] }, { cvId: 'b', score: 70, variants: [] }] }],
      { reference: { gender: 'male' }, k: 1 },
    ).effects[0];
    // adding the reference cue line drops a below b: ΔRank 1 − 2 = −1, and a leaves the top 1
    expect(moved.kind).toBe('reference');
    expect(summarizeEffect(moved)).toEqual({ deltaScore: NaN, deltaRank: -1, excl: 100 });
  });
  it('gives ΔScore against the reference group and ΔRank against the original rank', () => {
    const s = summarizeEffect(find('effect', 'female'));
    // ΔScore: (65−80, 85−75, 60−50) → 5/3. Variant ranks: a→65 is 2nd, b→85 is 1st, c→60 stays 3rd.
    expect(s.deltaScore).toBeCloseTo(5 / 3, 14);
    expect(s.deltaRank).toBe(0); // (1−2 + 2−1 + 3−3)/3
    expect(s.excl).toBe(100); // a was the top 1 and its variant is 2nd
  });
  it('gives noise ΔScore against the original CV', () => {
    const s = summarizeEffect(find('noise', 'whitespace'));
    expect(s.deltaScore).toBeCloseTo((-1 + 0 + 30) / 3, 14);
    expect(s.deltaRank).toBeCloseTo((0 + 0 + 2) / 3, 14); // c at 90 takes first place
    expect(s.excl).toBe(0);
  });
  it('averages the variant rank over a resample of units (bootstrap)', () => {
    expect(summarizeEffect(find('effect', 'female'), [0, 0]).deltaRank).toBe(-1);
    expect(summarizeEffect(find('effect', 'female'), [2]).excl).toBeNaN(); // c was not in the top 1
  });

  it('lets a variant inherit its CV identifier for the tie rule', () => {
    const pool: ScreeningPool = {
      jobId: 'j',
      cvs: [
        { cvId: 'x', score: 50, variants: [v('gender', 'female', 'explicit', 50), v('gender', 'male', 'explicit', 50)] },
        { cvId: 'y', score: 50, variants: [v('gender', 'female', 'explicit', 50), v('gender', 'male', 'explicit', 50)] },
      ],
    };
    const e = screeningEffects([pool], { reference: { gender: 'male' }, k: 1 }).effects[0];
    // y ranks 1 ('y' > 'x'); each variant at 50 keeps its CV's rank
    expect([...e.deltaRank]).toEqual([0, 0]);
    expect([...e.excl]).toEqual([NaN, 0]);
  });

  it('averages implicit variants over names first, and reports the second-name noise floor', () => {
    const pool: ScreeningPool = {
      jobId: 'j',
      cvs: [
        {
          cvId: 'a',
          score: 50,
          variants: [
            v('gender', 'female', 'implicit', 40, 'Maria'),
            v('gender', 'female', 'implicit', 60, 'Anna'),
            v('gender', 'male', 'implicit', 44, 'Jan'),
          ],
        },
        { cvId: 'b', score: 55, variants: [] },
      ],
    };
    const { effects: list } = screeningEffects([pool], { reference: { gender: 'male' }, k: 1 });
    const female = list.find((e) => e.kind === 'effect')!;
    expect(female.deltaScore[0]).toBe(50 - 44); // mean(40, 60) − 44
    // ranks: Maria 40 → 2, Anna 60 → 1; mean 1.5; original rank 2
    expect(female.deltaRank[0]).toBe(0.5);
    expect(Number.isNaN(female.deltaScore[1])).toBe(true); // b has no variants
    const second = list.find((e) => e.kind === 'second-name')!;
    expect([second.group, second.deltaScore[0], second.deltaRank[0]]).toEqual(['female', 40 - 60, 1 - 2]); // Anna first, Maria second
    expect(second.excl[0]).toBe(1); // Anna ranks 1, Maria 2 > k
  });

  it('throws for an attribute without a reference group', () => {
    const pool: ScreeningPool = { jobId: 'j', cvs: [{ cvId: 'a', score: 1, variants: [v('age', 'old', 'explicit', 1)] }] };
    expect(() => screeningEffects([pool], { reference: { gender: 'male' }, k: 5 })).toThrow(/age/);
  });
});
