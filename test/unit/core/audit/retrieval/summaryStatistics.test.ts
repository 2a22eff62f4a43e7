/**
 * unitStatistics on hand-worked values: the means over a set of units (repeats counted), a
 * language's defined means over its own units, a twin scope's statistics in twinMetricKeys
 * order. (Its agreement to the bit with a pass per statistic is pinned in summarize.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { PER_SCOPE, unitStatistics } from '../../../../../src/core/audit/retrieval/summaryStatistics.ts';
import { twinColumns } from '../../../../../src/core/metrics/twins.ts';
import type { TwinQueryMetrics } from '../../../../../src/core/metrics/twinsKernel.ts';

const metrics = (iou: number, winsFirst: number, winsSecond: number, oddsRatio: number | undefined): TwinQueryMetrics => ({
  pairs: 2,
  rankShift: 1,
  iou,
  dropout: 0,
  kendallTau: undefined,
  pearson: 0.5,
  winsFirst,
  winsSecond,
  cohensD: 1,
  topPairs: 2,
  topFirst: 1,
  topSecond: 1,
  oddsRatio,
  stdMad: 0.25,
});

describe('unitStatistics(inputs, n).fill(indices, out)', () => {
  it('averages a column over the units drawn, repeats counted (the @example)', () => {
    const s = unitStatistics({ means: [Float64Array.of(1, 2, 3)], twinScopes: [], definedMeans: [] }, 3);
    const out = new Float64Array(s.count);
    s.fill(Uint32Array.of(0, 0, 2), out);
    expect(s.count).toBe(1);
    expect(out[0]).toBe(5 / 3);
  });
  it('averages a language\'s column over its own units where defined, NaN for a language not drawn', () => {
    // Units 0 and 2 are English, 1 French, 3 neither.
    const en = [Float64Array.of(0.5, NaN, 0.25, NaN)];
    const fr = [Float64Array.of(NaN, 0.75, NaN, NaN)];
    const s = unitStatistics({ means: [], twinScopes: [], definedMeans: [{ columns: en, lang: 'en' }, { columns: fr, lang: 'fr' }] }, 4);
    const out = new Float64Array(s.count);
    s.fill(Uint32Array.of(2, 3, 0, 2), out);
    expect([...out]).toEqual([(0.25 + 0.5 + 0.25) / 3, NaN]);
    s.fill(Uint32Array.of(1, 1, 3, 3), out);
    expect([...out]).toEqual([NaN, 0.75]);
  });
  it('writes a twin scope\'s statistics in twinMetricKeys order, |RBC| beside RBC', () => {
    // Unit 0: IoU 0.5, wins 3–1 (RBC 0.5), OR 4; unit 1: IoU 1, wins 0–2 (RBC −1), OR 1; unit 2: no pairs.
    const columns = twinColumns([metrics(0.5, 3, 1, 4), metrics(1, 0, 2, 1), undefined]);
    const s = unitStatistics({ means: [], twinScopes: [{ columns }], definedMeans: [] }, 3);
    const out = new Float64Array(s.count);
    s.fill(Uint32Array.of(0, 1, 2), out);
    expect(s.count).toBe(PER_SCOPE);
    // iou, rank shift, RBC, |RBC|, pooled RBC (3 − 3)/6, τ (undefined), dropout, r, d, OR = exp(mean ln) = 2, Std MAD
    expect([...out]).toEqual([0.75, 1, -0.25, 0.25, 0, NaN, 0, 0.5, 1, 2, 0.25]);
  });
});
