/**
 * Agreement with an independent NumPy / SciPy / scikit-learn implementation
 * written from METRICS.md (scripts/reference/metrics_b.py, fixed seed).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rankPool, substitutionRank, tieKeys } from '../../../src/core/metrics/rankedPool.ts';
import { twinQueryMetrics, type TwinPair } from '../../../src/core/metrics/twinsKernel.ts';
import { consistencyUnits, flipByCutoff, summarizeConsistency } from '../../../src/core/metrics/consistency.ts';
import { screeningEffects, summarizeEffect, type ScreeningPool } from '../../../src/core/metrics/screening.ts';
import { fitTfidf } from '../../../src/core/baselines/tfidf.ts';
import { fitBm25 } from '../../../src/core/baselines/bm25.ts';

const fixture = JSON.parse(readFileSync(new URL('../../fixtures/reference/metrics-b.json', import.meta.url), 'utf8')) as {
  twins: { ids: string[]; scores: number[]; k: number; pairs: TwinPair[]; expected: Record<string, number | number[] | null> }[];
  consistency: { runs: number; pools: { cvIds: string[]; scores: number[] }[]; expected: Record<string, number | number[]> }[];
  screening: { k: number; reference: Record<string, string>; pools: ScreeningPool[]; expected: Record<string, string | number | null>[] }[];
  tfidf: { corpus: string[]; query: string; expected: number[] }[];
  bm25: { corpus: string[]; query: string; expected: number[] }[];
};

const close = (actual: number | undefined, expected: number | null) => {
  if (expected === null) expect(actual).toBeUndefined();
  else expect(Math.abs((actual as number) - expected)).toBeLessThanOrEqual(1e-9);
};

describe('twinQueryMetrics(pool, pairs, k) agrees with the NumPy/SciPy reference', () => {
  it.each(fixture.twins.map((c, i) => [i, c] as const))('case %i', (_, c) => {
    const pool = rankPool(c.scores, tieKeys(c.ids));
    expect(c.pairs.map((p) => substitutionRank(pool, p.index, p.twinScore))).toEqual(c.expected.rankT);
    expect(c.pairs.map((p) => pool.rankOf[p.index])).toEqual(c.expected.rankO);
    const m = twinQueryMetrics(pool, c.pairs, c.k)!;
    for (const key of ['rankShift', 'iou', 'dropout', 'kendallTau', 'pearson'] as const) close(m[key], c.expected[key] as number | null);
    expect([m.winsFirst, m.winsSecond]).toEqual([c.expected.winsFirst, c.expected.winsSecond]);
  });
});

describe('consistency metrics agree with the NumPy reference', () => {
  it.each(fixture.consistency.map((c, i) => [i, c] as const))('case %i', (_, c) => {
    const units = consistencyUnits(
      c.pools.map((p, j) => ({ jobId: `j${j}`, cvIds: p.cvIds, scores: p.scores })),
      c.runs,
      50,
      5,
    );
    const s = summarizeConsistency(units);
    for (const key of ['icc', 'sigmaScore', 'sigmaRank', 'labelFlipPct', 'disag'] as const) close(s[key], c.expected[key] as number);
    const curve = flipByCutoff(units);
    expect(curve.map((f) => f.cutoff)).toEqual(Array.from({ length: 91 }, (_, i) => i + 5));
    (c.expected.flipByCutoff as number[]).forEach((v, i) => close(curve[i].labelFlipPct, v));
  });
});

describe('screeningEffects agrees with the NumPy reference, reference-group rows included', () => {
  it.each(fixture.screening.map((c, i) => [i, c] as const))('case %i', (_, c) => {
    const { effects } = screeningEffects(c.pools, { reference: c.reference, k: c.k });
    expect(effects).toHaveLength(c.expected.length);
    for (const want of c.expected) {
      const e = effects.find((x) => x.kind === want.kind && x.attribute === want.attribute && x.group === want.group && x.signal === want.signal);
      expect(e, JSON.stringify(want)).toBeDefined();
      const got = summarizeEffect(e!);
      if (want.kind === 'reference') expect(got.deltaScore).toBeNaN(); // the reference row has no ΔScore
      else close(got.deltaScore, want.deltaScore as number);
      close(got.deltaRank, want.deltaRank as number);
      if (want.excl === null) expect(got.excl).toBeNaN();
      else close(got.excl, want.excl as number);
    }
  });
});

describe('fitTfidf(corpus).score(query) agrees with scikit-learn TfidfVectorizer', () => {
  it.each(fixture.tfidf.map((c, i) => [i, c] as const))('case %i', (_, c) => {
    const got = fitTfidf(c.corpus).score(c.query, new Float64Array(c.corpus.length));
    c.expected.forEach((v, i) => close(got[i], v));
  });
});

describe('fitBm25(corpus).score(query) agrees with the formula in NumPy', () => {
  it.each(fixture.bm25.map((c, i) => [i, c] as const))('case %i', (_, c) => {
    const got = fitBm25(c.corpus).score(c.query, new Float64Array(c.corpus.length));
    c.expected.forEach((v, i) => close(got[i], v));
  });
});
