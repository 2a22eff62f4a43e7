/**
 * Who gets seen in the screening shortlists (issue 50, METRICS.md §12; screening/groupFairness.ts):
 * hand-worked on two jobs. Job j1 pools c1 and c2, each with a female and a male version; the model
 * scores the female versions higher (90, 70 against 80, 60), so j1's ranking reads f, m, f, m. Job j2
 * pools c3 alone: its male version first (50 against 40). A noise-floor variant is never ranked.
 */
import { describe, expect, it } from 'vitest';
import { prepareScreening } from '../../../../../src/core/audit/screening/audit.ts';
import { screeningGroupFairness } from '../../../../../src/core/audit/screening/groupFairness.ts';
import type { ScreeningModelScores, ScreeningParts } from '../../../../../src/core/audit/screening/input.ts';

const PARTS: ScreeningParts = {
  pools: [{ job_id: 'j1', cv_ids: ['c1', 'c2'] }, { job_id: 'j2', cv_ids: ['c3'] }],
  labels: [],
  variants: [
    { cv_id: 'c1', variant_id: 'c1-f', attribute: 'gender', group: 'female', signal: 'explicit' },
    { cv_id: 'c1', variant_id: 'c1-m', attribute: 'gender', group: 'male', signal: 'explicit' },
    { cv_id: 'c2', variant_id: 'c2-f', attribute: 'gender', group: 'female', signal: 'explicit' },
    { cv_id: 'c2', variant_id: 'c2-m', attribute: 'gender', group: 'male', signal: 'explicit' },
    { cv_id: 'c2', variant_id: 'c2-typo', attribute: 'noise', group: 'typo', signal: 'noise' },
    { cv_id: 'c3', variant_id: 'c3-f', attribute: 'gender', group: 'female', signal: 'explicit' },
    { cv_id: 'c3', variant_id: 'c3-m', attribute: 'gender', group: 'male', signal: 'explicit' },
  ],
};

/** Scores by variant id, laid out in the work list's order. */
function scoresOf(prepared: ReturnType<typeof prepareScreening>, byVariant: Record<string, number>): ScreeningModelScores {
  return {
    model: { id: 'm', label: 'Model M (v1)', kind: 'classifier', revision: '-', dtype: '-', device: '-' } as unknown as ScreeningModelScores['model'],
    runs: [prepared.work.originals.map(() => 50)],
    variants: prepared.work.variants.map((v) => byVariant[v.variantId]),
    latency: { callsMs: [1], pairs: 1, callPairs: [1] },
  } as ScreeningModelScores;
}

const w = (r: number) => 1 / Math.log2(Math.max(r, 2));
const v = (r: number) => 1 / Math.log2(1 + r);
/** Jensen–Shannon divergence (natural log) of two distributions, written out. */
function jsd(p: number[], q: number[]): number {
  const m = p.map((x, i) => (x + q[i]) / 2);
  const kl = (a: number[]) => a.reduce((s, x, i) => s + (x > 0 ? x * Math.log(x / m[i]) : 0), 0);
  return (kl(p) + kl(q)) / 2;
}

describe('screeningGroupFairness', () => {
  it('ranks each job’s versions by score and reads §12 off the shortlist: hand-worked exposure, AWRF, Skew over two jobs', () => {
    const prepared = prepareScreening(PARTS, { reference: { gender: 'male' }, bootstrap: 0 });
    const scores = scoresOf(prepared, { 'c1-f': 90, 'c1-m': 80, 'c2-f': 70, 'c2-m': 60, 'c2-typo': 99, 'c3-f': 40, 'c3-m': 50 });
    const [gender, ...others] = screeningGroupFairness(prepared, scores, { bootstrap: 0, seed: 0 });
    expect(others).toEqual([]); // the noise floor is not an attribute here
    expect(gender.attribute).toBe('gender');
    const s = gender.summary;
    expect([s.k, s.groups, s.n_queries]).toEqual([5, ['female', 'male'], 2]);
    // j1: f m f m; j2: m f. Attention of female: j1 (w1 + w3) / (w1 + w2 + w3 + w4), j2 w2 / (w1 + w2).
    const j1f = (w(1) + w(3)) / (w(1) + w(2) + w(3) + w(4));
    const j2f = w(2) / (w(1) + w(2));
    expect(s.attention_share.female as number).toBeCloseTo((j1f + j2f) / 2, 14);
    const awrf = (1 - jsd([j1f, 1 - j1f], [0.5, 0.5]) + 1 - jsd([j2f, 1 - j2f], [0.5, 0.5])) / 2;
    expect(s['awrf@5'] as number).toBeCloseTo(awrf, 14);
    // Exposure: mean of 1/log2(1 + r) over each group's ranks; j1 female (v1 + v3)/2, male (v2 + v4)/2; j2 female v2, male v1.
    expect(s.exposure.female as number).toBeCloseTo(((v(1) + v(3)) / 2 + v(2)) / 2, 14);
    expect(s.exposure_ratio as number).toBeCloseTo(((v(2) + v(4)) / (v(1) + v(3)) + v(2) / v(1)) / 2, 14);
    // Pooled Skew@5: female holds 2 of 4 slots in j1 and 1 of 2 in j2, against ½.
    expect(s['skew@5'].female as number).toBeCloseTo(Math.log(3 / 6 / 0.5), 14);
    expect(gender.verdict).toMatch(/^In Model M's top 5, male profiles receive \d+\.\d% of the attention against 50\.0% in the CV pools/);
  });

  it('bootstraps over jobs with the run’s seed: the same seed gives the same CI, B = 0 plain numbers', () => {
    const prepared = prepareScreening(PARTS, { reference: { gender: 'male' }, bootstrap: 0 });
    const scores = scoresOf(prepared, { 'c1-f': 90, 'c1-m': 80, 'c2-f': 70, 'c2-m': 60, 'c2-typo': 1, 'c3-f': 40, 'c3-m': 50 });
    const a = screeningGroupFairness(prepared, scores, { bootstrap: 300, seed: 5 })[0].summary['awrf@5'];
    const b = screeningGroupFairness(prepared, scores, { bootstrap: 300, seed: 5 })[0].summary['awrf@5'];
    expect(a).toEqual(b);
    expect(typeof a === 'object' && a.ci[0] <= a.mean && a.mean <= a.ci[1]).toBe(true);
  });
});
