/**
 * Pins summarizeModel to the straightforward summary it replaced (`reference` below: every
 * statistic as its own pass over a resample, summarizeTwinColumns per scope, the resampled
 * values in arrays), to the bit, on seeded per-query values shaped like the audit's: units of
 * several languages and of none, twin metrics left undefined here and there, languages with
 * twins but no queries and the reverse, and a case where a language's values stray onto units
 * of another language (so no shortcut may assume they do not).
 */
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { summarizeModel } from '../../../../../src/core/audit/retrieval/summarize.ts';
import type { PerQueryValues } from '../../../../../src/core/audit/retrieval/perQuery.ts';
import { effectivenessKeys, twinMetricKeys, type EffectivenessKey, type TwinMetrics } from '../../../../../src/core/audit/retrieval/results.ts';
import type { Ci } from '../../../../../src/core/audit/common/index.ts';
import { summarizeTwinColumns, summarizeTwins, twinColumns, type TwinSummary } from '../../../../../src/core/metrics/twins.ts';
import type { TwinQueryMetrics } from '../../../../../src/core/metrics/twinsKernel.ts';
import { forEachResample } from '../../../../../src/core/stats/bootstrapResamples.ts';
import { percentileInterval } from '../../../../../src/core/stats/bootstrap.ts';
import { meanAt } from '../../../../../src/core/stats/meanCi.ts';
import { createRng, type Rng } from '../../../../../src/core/stats/rng.ts';

/** summarizeModel as it was before its statistics were fused (commit 5f9ee11), kept as the reference. */
function reference(values: PerQueryValues, k: number, bootstrap: number, seed: number) {
  const v = (x: number | undefined) => (x === undefined ? NaN : x);
  const twinStatistics = (s: TwinSummary) => [v(s.iou), v(s.rankShift), v(s.rbc), s.rbc === undefined ? NaN : Math.abs(s.rbc), v(s.rbcPooled), v(s.kendallTau), v(s.dropout), v(s.pearson), v(s.cohensD), v(s.oddsRatio), v(s.stdMad)];
  const meanDefinedAt = (col: ArrayLike<number>, indices: ArrayLike<number>) => {
    let sum = 0;
    let count = 0;
    for (let j = 0; j < indices.length; j++) {
      const x = col[indices[j]];
      if (Number.isNaN(x)) continue;
      sum += x;
      count++;
    }
    return count === 0 ? NaN : sum / count;
  };
  const n = values.effectiveness[0]?.length ?? 0;
  const langs = [...values.perLang.keys()].sort();
  const pooledLangs = [...values.perLangPooled.keys()].sort();
  const effectLangs = [...values.effectivenessPerLang.keys()].sort();
  const directions = [...values.perDirection.keys()].sort();
  const scopes = [values.overall, ...langs.map((l) => values.perLang.get(l)!), ...pooledLangs.map((l) => values.perLangPooled.get(l)!), ...directions.map((d) => values.perDirection.get(d)!)];
  const scopeColumns = scopes.map(twinColumns);
  const statistics = (indices: ArrayLike<number>): number[] => [
    ...values.effectiveness.map((c) => meanAt(c, indices)),
    ...scopeColumns.flatMap((s) => twinStatistics(summarizeTwinColumns(s, indices))),
    ...effectLangs.flatMap((l) => values.effectivenessPerLang.get(l)!.map((c) => meanDefinedAt(c, indices))),
  ];
  const all = Uint32Array.from({ length: n }, (_, i) => i);
  const full = statistics(all);
  const resampled = full.map(() => [] as number[]);
  if (bootstrap > 0) forEachResample(n, { resamples: bootstrap, seed }, (indices) => statistics(indices).forEach((x, j) => !Number.isNaN(x) && resampled[j].push(x)));
  const cis: Ci[] = full.map((mean, j) => ({ mean, ci: percentileInterval(Float64Array.from(resampled[j]).sort(), 0.95) }));
  const effectiveness = {} as Record<EffectivenessKey, Ci>;
  effectivenessKeys(k).forEach((key, f) => (effectiveness[key] = cis[f]));
  let at = values.effectiveness.length;
  const scope = (list: readonly (TwinQueryMetrics | undefined)[]) => {
    const out: Record<string, Ci | number> = {};
    twinMetricKeys(k).forEach((key, i) => (out[key] = cis[at + i]));
    const s = summarizeTwins(list);
    out.n_pairs = s.pairs;
    out.n_queries = s.queries;
    at += 11;
    return out as unknown as TwinMetrics;
  };
  const overall = scope(values.overall);
  const perLang: Record<string, TwinMetrics> = {};
  for (const l of langs) perLang[l] = scope(values.perLang.get(l)!);
  const perLangPooled: Record<string, TwinMetrics> = {};
  for (const l of pooledLangs) perLangPooled[l] = scope(values.perLangPooled.get(l)!);
  const perDirection: Record<string, TwinMetrics> = {};
  for (const d of directions) perDirection[d] = scope(values.perDirection.get(d)!);
  const effectivenessPerLang: Record<string, Record<EffectivenessKey, Ci>> = {};
  for (const l of effectLangs) {
    const byKey = {} as Record<EffectivenessKey, Ci>;
    effectivenessKeys(k).forEach((key) => (byKey[key] = cis[at++]));
    effectivenessPerLang[l] = byKey;
  }
  return { effectiveness, overall, perLang, perLangPooled, perDirection, effectivenessPerLang };
}

/**
 * A uniform number in [0, 1) with all 53 bits drawn: sums of such numbers round, so their bits
 * depend on the order of the terms (rng.next()'s 32-bit fractions would add up exactly).
 */
function real(rng: Rng): number {
  return (rng.uint32() * 2 ** 21 + (rng.uint32() >>> 11)) / 2 ** 53;
}

/** One query's twin metrics, drawn; a few left undefined (and undefined altogether with `none`). */
function drawMetrics(rng: Rng, none = 0.1): TwinQueryMetrics | undefined {
  if (rng.next() < none) return undefined;
  const maybe = (x: number) => (rng.next() < 0.15 ? undefined : x);
  const winsFirst = rng.int(12);
  const winsSecond = rng.next() < 0.1 ? 0 : rng.int(12);
  return {
    pairs: 1 + rng.int(40),
    rankShift: real(rng) * 30,
    iou: rng.next() < 0.2 ? 1 : real(rng),
    dropout: rng.next() < 0.3 ? 0 : real(rng),
    kendallTau: maybe(2 * real(rng) - 1),
    pearson: maybe(rng.next() < 0.05 ? -0 : 2 * real(rng) - 1),
    winsFirst,
    winsSecond,
    cohensD: maybe(real(rng) * 4 - 2),
    topPairs: 10,
    topFirst: 3,
    topSecond: 4,
    oddsRatio: maybe(0.1 + real(rng) * 5),
    stdMad: maybe(real(rng)),
  };
}

interface Shape {
  readonly n: number;
  /** Languages of the units' queries (a unit may have none). */
  readonly queryLangs: readonly string[];
  /** Languages of the twins (perLang, perLangPooled). */
  readonly twinLangs: readonly string[];
  /** Share of units a language's values also reach when they are not of that language. */
  readonly stray?: number;
  /** Put a NaN into the effectiveness columns at some units. */
  readonly nanEffectiveness?: boolean;
}

/** Per-query values as perQueryValues lays them out (METRICS.md §3): perLang and effectivenessPerLang only at a language's own units. */
function drawValues(rng: Rng, shape: Shape): PerQueryValues {
  const { n, queryLangs, twinLangs, stray = 0 } = shape;
  const unitLang = Array.from({ length: n }, () => (queryLangs.length === 0 || rng.next() < 0.08 ? undefined : queryLangs[rng.int(queryLangs.length)]));
  const ofLang = (l: string, u: number) => unitLang[u] === l || rng.next() < stray;
  const effectiveness = [0, 1, 2].map(() => Float64Array.from({ length: n }, () => (rng.next() < 0.2 ? 0 : shape.nanEffectiveness && rng.next() < 0.02 ? NaN : real(rng))));
  const overall = Array.from({ length: n }, () => drawMetrics(rng));
  const perLang = new Map(twinLangs.map((l) => [l, Array.from({ length: n }, (_, u) => (ofLang(l, u) ? drawMetrics(rng, 0.2) : undefined))]));
  const perLangPooled = new Map(twinLangs.map((l) => [l, Array.from({ length: n }, () => drawMetrics(rng))]));
  const perDirection = new Map(['male->female', 'female->male'].map((d) => [d, Array.from({ length: n }, () => drawMetrics(rng))]));
  const effectivenessPerLang = new Map(
    queryLangs.map((l) => [l, [0, 1, 2].map(() => Float64Array.from({ length: n }, (_, u) => (ofLang(l, u) ? (rng.next() < 0.25 ? 0 : real(rng)) : NaN)))]),
  );
  return { effectiveness, overall, perLang, perLangPooled, perDirection, effectivenessPerLang, rankShifts: new Map(), cases: { largestShifts: [], topKFlips: [], flipCount: 0, pairCount: 0 } };
}

/** Deep equality with numbers compared by Object.is (NaN equals NaN, −0 is not 0): the same results to the bit. */
function expectIdentical(got: unknown, want: unknown): void {
  expect(got).toEqual(want);
  expect(isDeepStrictEqual(got, want)).toBe(true);
}

describe('summarizeModel(values, k, bootstrap, seed)', () => {
  const rng = createRng(20251203);
  const shapes: (Shape & { readonly name: string; readonly bootstrap: number })[] = [
    { name: 'the demo\'s shape (240 queries, 5 languages)', n: 240, queryLangs: ['de', 'en', 'es', 'fr', 'it'], twinLangs: ['de', 'en', 'es', 'fr', 'it'], bootstrap: 300 },
    { name: 'twin languages without queries and query languages without twins', n: 57, queryLangs: ['en', 'fr', 'nl'], twinLangs: ['en', 'fr', 'pt'], bootstrap: 400 },
    { name: 'one language', n: 31, queryLangs: ['en'], twinLangs: ['en'], bootstrap: 200 },
    { name: 'no languages', n: 20, queryLangs: [], twinLangs: [], bootstrap: 200 },
    { name: 'a language\'s values at units of other languages', n: 80, queryLangs: ['de', 'en', 'fr'], twinLangs: ['de', 'en', 'fr'], stray: 0.1, bootstrap: 300 },
    { name: 'NaN effectiveness at some units', n: 60, queryLangs: ['de', 'en'], twinLangs: ['de', 'en'], nanEffectiveness: true, bootstrap: 300 },
    { name: 'one unit', n: 1, queryLangs: ['en'], twinLangs: ['en'], bootstrap: 50 },
    { name: 'few units (many resamples leave a language out)', n: 6, queryLangs: ['de', 'en', 'fr'], twinLangs: ['de', 'en', 'fr'], bootstrap: 300 },
    { name: 'no bootstrap', n: 40, queryLangs: ['de', 'en'], twinLangs: ['de', 'en'], bootstrap: 0 },
  ];
  for (const shape of shapes) {
    it(`gives the reference's results to the bit: ${shape.name}`, () => {
      for (let trial = 0; trial < 2; trial++) {
        const values = drawValues(rng, shape);
        const seed = rng.int(1000);
        expectIdentical(summarizeModel(values, 10, shape.bootstrap, seed), reference(values, 10, shape.bootstrap, seed));
      }
    });
  }
  it('gives the reference\'s results on no units', () => {
    const values = drawValues(rng, { n: 0, queryLangs: ['en'], twinLangs: ['en'] });
    expectIdentical(summarizeModel(values, 5, 100, 1), reference(values, 5, 100, 1));
  });
  it('is checked on inputs whose sums depend on their order (a summation in another order would show)', () => {
    // The same resample summed in draw order and in unit order: on these values the bits differ
    // for some statistic, so a kernel that reordered its sums would fail the tests above.
    const values = drawValues(createRng(7), { n: 240, queryLangs: ['de', 'en'], twinLangs: ['de', 'en'] });
    const iou = twinColumns(values.overall).means.iou;
    let differs = 0;
    forEachResample(240, { resamples: 50, seed: 3 }, (indices) => {
      const sorted = Uint32Array.from(indices).sort();
      let a = 0;
      let b = 0;
      for (let j = 0; j < 240; j++) if (!Number.isNaN(iou[indices[j]])) a += iou[indices[j]];
      for (let j = 0; j < 240; j++) if (!Number.isNaN(iou[sorted[j]])) b += iou[sorted[j]];
      if (a !== b) differs++;
    });
    expect(differs).toBeGreaterThan(10);
  });
});
