import { describe, expect, it } from 'vitest';
import { RUBRIC, RUBRIC_GATES, answerPosition, fitProbabilityScore, rubricScore, type RubricAnswer } from '../../../src/core/rubric.ts';

const levels = (...v: number[]): Record<string, RubricAnswer> =>
  Object.fromEntries(RUBRIC.map((q, i) => [q.id, { level: v[i] }]));

describe('RUBRIC', () => {
  it('holds the seven questions of RUBRIC.md with weights summing to 100', () => {
    expect(RUBRIC.map((q) => [q.id, q.weight, q.levels.length - 1, q.gate])).toEqual([
      ['required_skills', 30, 4, undefined],
      ['relevant_experience', 25, 4, undefined],
      ['seniority_match', 15, 3, undefined],
      ['domain_fit', 10, 3, undefined],
      ['preferred_skills', 10, 3, 'jd_lists_preferred'],
      ['education_learning', 5, 3, 'jd_mentions_education'],
      ['evidence_impact', 5, 3, undefined],
    ]);
    expect(RUBRIC_GATES.map((g) => g.id)).toEqual(['jd_lists_preferred', 'jd_mentions_education']);
  });
  it('gives every level an NLI hypothesis, e.g. the top level of required_skills', () => {
    expect(RUBRIC[0].levels[4].hypothesis).toBe("The CV shows all of the job's required skills.");
    expect(RUBRIC.every((q) => q.levels.every((l, i) => l.level === i && l.hypothesis.endsWith('.')))).toBe(true);
  });
  it('is frozen all the way down', () => {
    expect(Object.isFrozen(RUBRIC) && Object.isFrozen(RUBRIC[0]) && Object.isFrozen(RUBRIC[0].levels[0])).toBe(true);
  });
});

describe('answerPosition(question, answer)', () => {
  it('is v̂/ℓ for one level and Σ v·p(v)/ℓ for probabilities', () => {
    expect(answerPosition(RUBRIC[0], { level: 3 })).toBe(0.75);
    expect(answerPosition(RUBRIC[0], { probabilities: [0, 0, 0.5, 0.5, 0] })).toBe(0.625); // (1 + 1.5)/4
  });
  it('throws for a wrong number of levels, a level out of range or probabilities not summing to 1', () => {
    expect(() => answerPosition(RUBRIC[2], { probabilities: [0.5, 0.5] })).toThrow(RangeError);
    expect(() => answerPosition(RUBRIC[2], { level: 4 })).toThrow(RangeError);
    expect(() => answerPosition(RUBRIC[2], { probabilities: [0.5, 0.2, 0.2, 0.2] })).toThrow(/sum/);
  });
});

describe('rubricScore(answers)', () => {
  it('is 100 for all top levels and 0 for all bottom levels', () => {
    expect(rubricScore({ questions: levels(4, 4, 3, 3, 3, 3, 3), gates: { jd_lists_preferred: 1, jd_mentions_education: 1 } })).toBe(100);
    expect(rubricScore({ questions: levels(0, 0, 0, 0, 0, 0, 0), gates: {} })).toBe(0);
  });
  it('drops gated questions from both sums when the gate is below 0.5', () => {
    // only required_skills at its top: 30 / (100 − 10 − 5)
    const q = levels(4, 0, 0, 0, 3, 3, 0);
    expect(rubricScore({ questions: q, gates: { jd_lists_preferred: 0.49 } })).toBeCloseTo((100 * 30) / 85, 12);
    // the preferred gate at exactly 0.5 counts: (30 + 10) / 95
    expect(rubricScore({ questions: q, gates: { jd_lists_preferred: 0.5 } })).toBeCloseTo((100 * 40) / 95, 12);
  });
  it('throws when a question is unanswered', () => {
    const q = levels(4, 4, 3, 3, 3, 3, 3);
    delete q.domain_fit;
    expect(() => rubricScore({ questions: q, gates: {} })).toThrow(/domain_fit/);
  });
});

describe('fitProbabilityScore(p)', () => {
  it('is 100p and rejects p outside [0, 1]', () => {
    expect(fitProbabilityScore(0.37)).toBeCloseTo(37, 12);
    expect(() => fitProbabilityScore(1.2)).toThrow(RangeError);
  });
});
