import { describe, expect, it } from 'vitest';
import { SCREENING_OUTCOMES } from '../../../../src/core/permalink/outcomesSchema.ts';
import { auditOutcomes } from '../../../../src/core/audit/outcomes/audit.ts';

/** A screening model's outcomes as JSON (as a link carries them): made by the audit itself. */
function outcomesJson(resamples: number) {
  const outcomes = auditOutcomes(
    {
      groupColumns: ['gender'],
      groups: [['female', 'female', 'male', 'male', 'male', 'female']],
      decision: { kind: 'selected', column: 'score ≥ 50', selected: Uint8Array.from([1, 0, 1, 1, 0, 0]) },
      job: { column: 'job', values: ['j1', 'j1', 'j1', 'j2', 'j2', 'j2'] },
      lines: [1, 2, 3, 4, 5, 6],
    },
    {},
    resamples > 0 ? { resamples, seed: 0 } : undefined,
  );
  return JSON.parse(JSON.stringify([{ attribute: 'gender', threshold: 50, outcomes }]));
}

describe('SCREENING_OUTCOMES(value, path)', () => {
  it('accepts the outcomes the audit makes, with and without CIs', () => {
    expect(() => SCREENING_OUTCOMES(outcomesJson(0), 'outcomes')).not.toThrow();
    expect(() => SCREENING_OUTCOMES(outcomesJson(50), 'outcomes')).not.toThrow();
  });

  it('refuses a tampered rate, an unknown key and a threshold off the 0–100 scale, naming the path', () => {
    const rate = outcomesJson(0);
    rate[0].outcomes.groupings[0].categories[0].selection_rate = 'NaN';
    expect(() => SCREENING_OUTCOMES(rate, 'm.outcomes')).toThrow(/m\.outcomes\[0\]\.outcomes\.groupings\[0\]\.categories\[0\]\.selection_rate/);
    const extra = outcomesJson(0);
    extra[0].outcomes.secret = 'x';
    expect(() => SCREENING_OUTCOMES(extra, 'm.outcomes')).toThrow(/unknown key/);
    const threshold = outcomesJson(0);
    threshold[0].threshold = 150;
    expect(() => SCREENING_OUTCOMES(threshold, 'm.outcomes')).toThrow(/threshold/);
  });
});

describe('SCREENING_OUTCOMES with a shortlist rule', () => {
  it('accepts a top-k rule without a threshold, and refuses a shortlist of 0 or an unknown rule', () => {
    const topK = outcomesJson(0);
    delete topK[0].threshold;
    topK[0].rule = { kind: 'top-k', k: 5 };
    expect(() => SCREENING_OUTCOMES(topK, 'o')).not.toThrow();
    const zero = structuredClone(topK);
    zero[0].rule.k = 0;
    expect(() => SCREENING_OUTCOMES(zero, 'o')).toThrow(/o\[0\]\.rule\.k/);
    const unknown = structuredClone(topK);
    unknown[0].rule.kind = 'everyone';
    expect(() => SCREENING_OUTCOMES(unknown, 'o')).toThrow(/o\[0\]\.rule\.kind/);
  });
});
