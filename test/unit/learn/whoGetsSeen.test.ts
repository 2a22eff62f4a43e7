/**
 * The "Who gets seen" lesson (issue 50): its numbers are core's, and they equal the values worked
 * out by hand in docs/learn.md for "All A first" (A1 … A5 at ranks 1–5, B1 … B5 at 6–10, target ½ ½).
 */
import { describe, expect, it } from 'vitest';
import { CANDIDATES, RANKINGS, lessonNumbers, rankingOf } from '../../../src/app/learn/lessons/whoGetsSeenExample.ts';

/** Exposure at rank r (Singh & Joachims): 1 / log2(1 + r). */
const v = (r: number) => 1 / Math.log2(1 + r);
/** AWRF's attention weight at rank r: 1 / log2(max(r, 2)). */
const w = (r: number) => 1 / Math.log2(Math.max(r, 2));
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const ranks = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const value = (x: unknown) => x as number;

describe('the Who gets seen lesson, all A first, worked by hand', () => {
  const aFirst = lessonNumbers(RANKINGS.find((r) => r.id === 'a-first')!.order);

  it('exposure: A the mean of 1/log2(1 + r) over ranks 1–5 = 0.5897, B over 6–10 = 0.3190; the ratio 0.5410', () => {
    const expA = sum(ranks(1, 5).map(v)) / 5; // (1 + 0.6309 + 0.5 + 0.4307 + 0.3869) / 5
    const expB = sum(ranks(6, 10).map(v)) / 5; // (0.3562 + 0.3333 + 0.3155 + 0.3010 + 0.2891) / 5
    expect(expA).toBeCloseTo(0.58969, 5);
    expect(expB).toBeCloseTo(0.31902, 5);
    expect(value(aFirst.summary.exposure.A)).toBeCloseTo(expA, 12);
    expect(value(aFirst.summary.exposure.B)).toBeCloseTo(expB, 12);
    expect(value(aFirst.summary.exposure_ratio)).toBeCloseTo(expB / expA, 12);
    expect(value(aFirst.summary.exposure_ratio)).toBeCloseTo(0.541, 3);
  });

  it('AWRF@10: attention A = (1 + 1 + 0.6309 + 0.5 + 0.4307) / 5.2545 = 0.6778; 1 − JSD((0.6778, 0.3222), (½, ½)) = 0.9836', () => {
    const total = sum(ranks(1, 10).map(w));
    const a = sum(ranks(1, 5).map(w)) / total;
    expect(a).toBeCloseTo(0.67782, 5);
    const m = [(a + 0.5) / 2, (1 - a + 0.5) / 2];
    const kl = (p: number[]) => sum(p.map((x, i) => x * Math.log(x / m[i])));
    const awrf = 1 - (kl([a, 1 - a]) + kl([0.5, 0.5])) / 2;
    expect(awrf).toBeCloseTo(0.98357, 5);
    expect(value(aFirst.summary.attention_share.A)).toBeCloseTo(a, 12);
    expect(value(aFirst.summary['awrf@10'])).toBeCloseTo(awrf, 12);
  });

  it('Skew@3 and Skew@5: A holds every slot, ln(1 / ½) = ln 2 = 0.693; B holds none: absent, never a number', () => {
    for (const k of [3, 5]) {
      expect(value(aFirst.summary[`skew@${k}`].A)).toBeCloseTo(Math.log(2), 12);
      expect(aFirst.summary[`skew@${k}`].B).toBeUndefined();
      expect(aFirst.summary[`absent@${k}`]).toEqual(['B']);
      expect(value(aFirst.summary[`min_skew@${k}`])).toBeCloseTo(Math.log(2), 12);
    }
  });

  it('the attention curve at k = 10 is the summary\'s attention share; at k = 1 A holds it all', () => {
    const a = aFirst.curve.groups.indexOf('A');
    expect(aFirst.curve.share[a][0]).toBe(1);
    expect(aFirst.curve.share[a][9]).toBeCloseTo(value(aFirst.summary.attention_share.A), 12);
    expect([...aFirst.curve.target]).toEqual([0.5, 0.5]);
  });
});

describe('the three rankings read apart', () => {
  const [alternating, , bFirst] = RANKINGS.map((r) => lessonNumbers(r.order));

  it('alternating: exposure ratio (1 + 0.4307 + 0.3869 + 0.3333 + 0.3010 … over B) 0.802; Skew@3 A ln(4/3), B ln(2/3)', () => {
    const odd = [1, 3, 5, 7, 9];
    const expA = sum(odd.map(v)) / 5;
    const expB = sum(odd.map((r) => v(r + 1))) / 5;
    expect(value(alternating.summary.exposure_ratio)).toBeCloseTo(expB / expA, 12);
    expect(value(alternating.summary['skew@3'].A)).toBeCloseTo(Math.log(4 / 3), 12);
    expect(value(alternating.summary['skew@3'].B)).toBeCloseTo(Math.log(2 / 3), 12);
    expect(value(alternating.summary['skew@5'].B)).toBeCloseTo(Math.log(0.8), 12);
  });

  it('B first, A in the tail: the top 3 looks like the alternating one mirrored (A ln(2/3)), the top 5 does not (A ln(2/5))', () => {
    expect(value(bFirst.summary['skew@3'].A)).toBeCloseTo(Math.log(2 / 3), 12);
    expect(value(bFirst.summary['skew@5'].A)).toBeCloseTo(Math.log(2 / 5), 12);
    expect(value(bFirst.summary.exposure_ratio)).toBeLessThan(value(alternating.summary.exposure_ratio));
  });

  it('rankingOf(order) names one of the three, and none once a candidate has moved', () => {
    expect(RANKINGS.map((r) => rankingOf(r.order))).toEqual(['alternating', 'a-first', 'b-first-a-tail']);
    expect(rankingOf(['B1', ...RANKINGS[0].order.filter((id) => id !== 'B1')])).toBeUndefined();
    expect(CANDIDATES).toHaveLength(10);
  });
});
