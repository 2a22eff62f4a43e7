import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { percentile } from '../../../src/core/stats/percentile.ts';
import { kendallTauB, pearson } from '../../../src/core/stats/correlation.ts';
import { benjaminiHochberg } from '../../../src/core/stats/multipleTesting.ts';
import { evaluateRetrieval } from '../../../src/core/metrics/retrieval.ts';
import type { Gain } from '../../../src/core/metrics/retrieval.ts';
import {
  auc,
  balancedAccuracy,
  confusionCounts,
  confusionMatrix,
  macroF1,
  tuneThreshold,
} from '../../../src/core/metrics/classification.ts';
import type { Scored } from '../../../src/core/ranking.ts';

/** Values from scripts/reference/metrics_a.py (scikit-learn, SciPy, NumPy). */
const fixture = JSON.parse(readFileSync(new URL('../../fixtures/reference/metrics-a.json', import.meta.url), 'utf8'));
const TOL = 1e-9;

const close = (actual: number | undefined, expected: number | null) => {
  if (expected === null) expect(actual === undefined || Number.isNaN(actual)).toBe(true);
  else expect(Math.abs((actual as number) - expected)).toBeLessThan(TOL);
};

describe('reference agreement (metrics-a.json)', () => {
  it('auc, balancedAccuracy, macroF1 and confusionMatrix agree with scikit-learn', () => {
    expect(fixture.classification.length).toBeGreaterThan(10);
    for (const c of fixture.classification) {
      close(auc(c.labels, c.scores), c.auc);
      const counts = confusionCounts(c.labels, c.scores, c.threshold);
      close(balancedAccuracy(counts), c.balanced_accuracy);
      close(macroF1(counts), c.macro_f1);
      const m = confusionMatrix(counts);
      expect(m.counts).toEqual(c.counts);
      m.rowPercent.flat().forEach((v, i) => close(v, c.row_percent.flat()[i]));
    }
  });

  it('tuneThreshold picks the brute-force smallest maximiser of balanced accuracy', () => {
    for (const c of fixture.tune) {
      const tuned = tuneThreshold(c.labels, c.scores)!;
      expect(tuned.threshold).toBe(c.threshold);
      close(tuned.balancedAccuracy, c.balanced_accuracy);
    }
  });

  it('kendallTauB and pearson agree with scipy.stats.kendalltau and pearsonr', () => {
    for (const c of fixture.correlation) {
      close(kendallTauB(c.x, c.y), c.kendall);
      close(pearson(c.x, c.y), c.pearson);
    }
  });

  it('percentile agrees with numpy.percentile (linear)', () => {
    for (const c of fixture.percentile) {
      c.p.forEach((p: number, i: number) => close(percentile(c.sorted, p), c.values[i]));
    }
  });

  it('benjaminiHochberg agrees with the step-up formula', () => {
    for (const c of fixture.bh) {
      benjaminiHochberg(c.p).forEach((q, i) => close(q, c.q[i]));
    }
  });

  it('evaluateRetrieval agrees with the NumPy implementation of METRICS.md §1', () => {
    for (const c of fixture.retrieval) {
      const run = new Map<string, Scored[]>(
        Object.entries(c.run as Record<string, [string, number][]>).map(([q, docs]) => [
          q,
          docs.map(([id, score]) => ({ id, score })),
        ]),
      );
      const qrels = new Map<string, Map<string, number>>(
        Object.entries(c.qrels as Record<string, Record<string, number>>).map(([q, j]) => [q, new Map(Object.entries(j))]),
      );
      const result = evaluateRetrieval(run, qrels, { k: c.k, threshold: c.threshold, gain: c.gain as Gain });
      expect(result.nSkipped).toBe(c.n_skipped);
      expect(result.queries).toEqual(Object.keys(c.per_query));
      result.queries.forEach((q, qi) => {
        result.keys.forEach((key, m) => close(result.values[m][qi], c.per_query[q][key]));
      });
    }
  });
});
