/**
 * Pins summarizeTwinRows (one pass over rows, undefined values added as +0) to
 * summarizeTwinColumns (a pass per mean, undefined values skipped), to the bit, on seeded
 * per-query metrics with 53 random bits (so a sum in another order would differ), undefined
 * entries and metrics, −0 values, and ranges of a longer index array.
 */
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { summarizeTwinRows, twinRows, TWIN_ROW_STATISTICS } from '../../../../src/core/metrics/twinRows.ts';
import { summarizeTwinColumns, twinColumns, TWIN_METRICS } from '../../../../src/core/metrics/twins.ts';
import type { TwinQueryMetrics } from '../../../../src/core/metrics/twinsKernel.ts';
import { createRng, type Rng } from '../../../../src/core/stats/rng.ts';

function real(rng: Rng): number {
  return (rng.uint32() * 2 ** 21 + (rng.uint32() >>> 11)) / 2 ** 53;
}

function drawMetrics(rng: Rng, undefinedShare: number): TwinQueryMetrics | undefined {
  if (rng.next() < 0.15) return undefined;
  const maybe = (x: number) => (rng.next() < undefinedShare ? undefined : x);
  return {
    pairs: 1 + rng.int(50),
    rankShift: real(rng) * 30,
    iou: rng.next() < 0.1 ? -0 : real(rng),
    dropout: rng.next() < 0.3 ? 0 : real(rng),
    kendallTau: maybe(2 * real(rng) - 1),
    pearson: maybe(rng.next() < 0.1 ? -0 : 2 * real(rng) - 1),
    winsFirst: rng.int(20),
    winsSecond: rng.int(20),
    cohensD: maybe(real(rng) * 4 - 2),
    topPairs: 10,
    topFirst: 3,
    topSecond: 4,
    oddsRatio: maybe(0.1 + real(rng) * 5),
    stdMad: maybe(real(rng)),
  };
}

/** summarizeTwinColumns' values in TWIN_METRICS order, NaN for undefined. */
function expected(summary: ReturnType<typeof summarizeTwinColumns>): number[] {
  return TWIN_METRICS.map((key) => summary[key] ?? NaN);
}

describe('summarizeTwinRows(rows, units, from, to, out, at)', () => {
  it('writes summarizeTwinColumns(columns, units[from, to)) in TWIN_METRICS order, to the bit', () => {
    const rng = createRng(4711);
    for (let trial = 0; trial < 60; trial++) {
      const n = 1 + rng.int(120);
      const perQuery = Array.from({ length: n }, () => drawMetrics(rng, [0, 0.2, 0.9][trial % 3]));
      const columns = twinColumns(perQuery);
      const rows = twinRows(columns);
      const units = Uint32Array.from({ length: 3 * n }, () => rng.int(n));
      const from = rng.int(n);
      const to = from + rng.int(2 * n);
      const out = new Float64Array(TWIN_ROW_STATISTICS + 5).fill(7);
      summarizeTwinRows(rows, units, from, to, out, 3);
      const want = expected(summarizeTwinColumns(columns, units.subarray(from, to)));
      expect(isDeepStrictEqual([...out.subarray(3, 3 + TWIN_ROW_STATISTICS)], want)).toBe(true);
      // Nothing outside out[at, at + 10) is written.
      expect([...out.subarray(0, 3), ...out.subarray(3 + TWIN_ROW_STATISTICS)]).toEqual([7, 7, 7, 7, 7]);
    }
  });
  it('gives NaN for every statistic of an empty range or of units without pairs', () => {
    const rows = twinRows(twinColumns([undefined, undefined]));
    const out = new Float64Array(TWIN_ROW_STATISTICS);
    summarizeTwinRows(rows, Uint32Array.of(0, 1, 1), 0, 3, out, 0);
    expect([...out].every(Number.isNaN)).toBe(true);
    summarizeTwinRows(twinRows(twinColumns([drawMetrics(createRng(1), 0)])), Uint32Array.of(0), 0, 0, out, 0);
    expect([...out].every(Number.isNaN)).toBe(true);
  });
  it('keeps a mean of −0 values at +0, as summarizeTwinColumns does (its sum starts at +0)', () => {
    const m = drawMetrics(createRng(2), 0)!;
    const columns = twinColumns([{ ...m, pearson: -0 }, undefined, { ...m, pearson: -0 }]);
    const out = new Float64Array(TWIN_ROW_STATISTICS);
    summarizeTwinRows(twinRows(columns), Uint32Array.of(0, 1, 2), 0, 3, out, 0);
    expect(Object.is(out[TWIN_METRICS.indexOf('pearson')], 0)).toBe(true);
    expect(Object.is(summarizeTwinColumns(columns)!.pearson, 0)).toBe(true);
  });
});

describe('twinRows(columns)', () => {
  it('marks a query without pairs 0 and a query defining everything but Pearson r with every other bit', () => {
    const m = drawMetrics(createRng(3), 0)!;
    const rows = twinRows(twinColumns([undefined, { ...m, pearson: undefined }, m]));
    // bits: 0 pairs, 1 ln OR, 2 + (iou, rankShift, dropout, kendallTau, pearson, cohensD, stdMad)
    expect([...rows.defined]).toEqual([0, 0b110111111, 0b111111111]);
    expect([...rows.patterns].sort()).toEqual([0, 0b110111111, 0b111111111]);
    expect([...rows.pattern].map((p) => rows.patterns[p])).toEqual([...rows.defined]);
    // Undefined values are stored as +0.
    expect([...rows.values.subarray(0, 11)].every((v) => Object.is(v, 0))).toBe(true);
  });
});
