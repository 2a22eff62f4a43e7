/**
 * The paired differences of two stored runs (BM25 and TF-IDF on datasets/freelance-twins, task
 * briefs) against an independent paired bootstrap over the same resamples
 * (scripts/reference/compare.py, Python written from METRICS.md §3 and §6), to 1e-9: the
 * difference, its CI, p and the BH q over the compared metrics, for two settings of B, seed and
 * metrics. The inputs are `fairground run` outputs (scripts/reference/compareInputs.mjs).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../../src/core/audit/compare/index.ts';
import { parseResults } from '../../../src/core/audit/retrieval/index.ts';

const runs = JSON.parse(readFileSync(new URL('../../fixtures/reference/compare-runs.json', import.meta.url), 'utf8')) as { bm25: unknown; tfidf: unknown };
const fixture = JSON.parse(readFileSync(new URL('../../fixtures/reference/compare.json', import.meta.url), 'utf8')) as {
  cases: {
    resamples: number;
    seed: number;
    units: number;
    metrics: string[];
    differences: { metric: string; mean: number; ci: [number, number]; p: number; q: number; baseline_full: number; candidate_full: number; baseline_reported: number; candidate_reported: number }[];
  }[];
};

const close = (actual: number, expected: number, what: string) => expect(Math.abs(actual - expected), `${what}: ${actual} vs ${expected}`).toBeLessThanOrEqual(1e-9);

describe('compareRuns(BM25 run, TF-IDF run) equals the independent paired bootstrap of scripts/reference/compare.py', () => {
  const baseline = { label: 'bm25.json', results: parseResults(runs.bm25) };
  const candidate = { label: 'tfidf.json', results: parseResults(runs.tfidf) };

  it('the fixture is not vacuous: both runs audited the same 240 queries, and the per-unit statistics are the reported means', () => {
    expect(fixture.cases).toHaveLength(2);
    for (const c of fixture.cases) {
      expect(c.units).toBe(240);
      for (const d of c.differences) {
        close(d.baseline_full, d.baseline_reported, `${d.metric} BM25`);
        close(d.candidate_full, d.candidate_reported, `${d.metric} TF-IDF`);
      }
    }
    expect(fixture.cases[0].differences.some((d) => d.p > 0.05)).toBe(true);
    expect(fixture.cases[0].differences.some((d) => d.p < 0.05)).toBe(true);
  });

  for (const c of fixture.cases) {
    it(`B = ${c.resamples}, seed ${c.seed}, metrics ${c.metrics.join(', ')}`, () => {
      const results = compareRuns(baseline, candidate, { metrics: c.metrics, resamples: c.resamples, seed: c.seed });
      expect(results.comparisons).toHaveLength(1);
      const [pair] = results.comparisons;
      expect(pair.paired).toBe(true);
      expect(pair.units).toBe(c.units);
      expect(pair.metrics.map((m) => m.metric)).toEqual(c.metrics);
      pair.metrics.forEach((m, i) => {
        const want = c.differences[i];
        const d = m.difference!;
        close(d.mean, want.mean, `${m.metric} difference`);
        close(d.ci[0], want.ci[0], `${m.metric} CI low`);
        close(d.ci[1], want.ci[1], `${m.metric} CI high`);
        expect(d.p, `${m.metric} p`).toBe(want.p);
        close(d.q, want.q, `${m.metric} q`);
        expect(d.significant).toBe(want.q < 0.05);
        // Each side is the run's own reported statistic.
        close(m.baseline.mean, want.baseline_reported, `${m.metric} baseline`);
        close(m.candidate.mean, want.candidate_reported, `${m.metric} candidate`);
      });
    });
  }
});
