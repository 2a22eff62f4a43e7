import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { PLANTED_RULE, PLANTED_SKILLS, plantedPool, plantedResult, plantedScore } from '../../../src/app/learn/lessons/plantedExample.ts';

/** The female twin's score by hand: the odds of "yes" times e^−δ. */
const byOdds = (male: number, delta: number) => {
  const odds = (male / (100 - male)) * Math.exp(-delta);
  return (100 * odds) / (1 + odds);
};

describe('planted-bias lesson', () => {
  it('PLANTED_RULE holds the bundled model’s constants (its config.json, fairground_planted)', () => {
    const config = JSON.parse(readFileSync('public/models/fairground-planted-llm/config.json', 'utf8')).fairground_planted;
    expect(PLANTED_RULE.alpha).toBe(config.alpha);
    expect(PLANTED_RULE.beta).toBe(config.beta);
    expect(PLANTED_RULE.c).toBeCloseTo(config.c, 15);
    expect(PLANTED_RULE.deltaFemale).toBeCloseTo(config.delta_female_logit, 15);
  });

  it('plantedScore(2, false, ln 2) is 50 (margin −3 + 9·2/6 = 0), and the female twin 100/3 (odds halved)', () => {
    expect(plantedScore(2, false, Math.LN2)).toBe(50); // the @example
    expect(plantedScore(2, true, Math.LN2)).toBeCloseTo(100 / 3, 12);
  });

  it('plantedScore(k, false, δ) is 100·σ(−3 + 9k/(k + 4)): k = 0 gives 100·σ(−3), k = 8 gives 100·σ(3)', () => {
    expect(plantedScore(0, false, 0)).toBeCloseTo(100 / (1 + Math.exp(3)), 12);
    expect(plantedScore(8, false, 0)).toBeCloseTo(100 / (1 + Math.exp(-3)), 12);
    expect(plantedScore(4, false, 0)).toBeCloseTo(100 / (1 + Math.exp(-1.5)), 12);
  });

  it('plantedScore(k, true, 0) equals the male score: with δ = 0 the cue changes nothing', () => {
    for (const k of PLANTED_SKILLS) expect(plantedScore(k, true, 0)).toBe(plantedScore(k, false, 0));
  });

  it('plantedResult(0): every pair equal, ΔScore female − male 0 and Black − white 0', () => {
    const r = plantedResult(0);
    expect(r.pairs.map((p) => p.female - p.male)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(r.femaleDeltaScore).toBe(0);
    expect(r.blackDeltaScore).toBe(0);
  });

  it('plantedResult(ln 2): each female twin has half the male twin’s odds; ΔScore is their mean difference, −8.83; ethnicity stays 0', () => {
    const r = plantedResult(Math.LN2);
    expect(r.pairs.map((p) => p.skills)).toEqual([...PLANTED_SKILLS]);
    for (const p of r.pairs) expect(p.female).toBeCloseTo(byOdds(p.male, Math.LN2), 10);
    const mean = r.pairs.reduce((s, p) => s + (p.female - p.male), 0) / r.pairs.length;
    expect(r.femaleDeltaScore).toBeCloseTo(mean, 12);
    expect(r.femaleDeltaScore.toFixed(2)).toBe('-8.83');
    expect(r.blackDeltaScore).toBe(0);
  });

  it('plantedPool(δ) gives every CV male, female, white and Black twins; the original scores as the male twin', () => {
    const pool = plantedPool(Math.LN2);
    expect(pool.cvs).toHaveLength(6);
    for (const cv of pool.cvs) {
      expect(cv.variants.map((v) => `${v.attribute}:${v.group}`)).toEqual(['gender:male', 'gender:female', 'ethnicity:white', 'ethnicity:black']);
      expect(cv.variants[0].score).toBe(cv.score);
    }
  });
});
