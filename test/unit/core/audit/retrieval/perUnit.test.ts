/**
 * The per-unit columns a results object keeps (retrieval/perUnit.ts) give back every reported
 * overall statistic of the model to the bit (compare/statistics.ts), and never reach a permalink.
 */
import { describe, expect, it } from 'vitest';
import { auditSubset } from '../../../../../src/core/audit/retrieval/audit.ts';
import { matrixScorer, timingOf } from '../../../../../src/core/audit/retrieval/scoring.ts';
import { summaryOf, twinMetricKeys, unitsSha256, type RetrievalFairnessResults } from '../../../../../src/core/audit/retrieval/index.ts';
import { unitColumns, unitStatistic } from '../../../../../src/core/audit/compare/index.ts';
import { sha256Hex } from '../../../../../src/core/sha256.ts';
import { corpusScores, tinySubset, twinScores } from './tinyDataset.ts';

const descriptor = { id: 'good', label: 'good', kind: 'embedding' as const, revision: 'r', dtype: 'fp32', device: 'cpu' };

describe('ModelResult.perUnit', () => {
  const subset = auditSubset(tinySubset(), [{ model: descriptor, timing: timingOf(1, 1), score: matrixScorer(corpusScores, twinScores, 6, 2) }], { k: 3, bootstrap: 20, seed: 1 });
  const m = subset.models[0];

  it('one value per audited query (xq1, xq2, xq3: xq4 has no grade ≥ τ), the units named by a hash', () => {
    expect(m.perUnit!.units).toBe(3);
    expect(m.perUnit!.unitsSha256).toBe(sha256Hex(new TextEncoder().encode('xq1\nxq2\nxq3')));
    expect(unitsSha256(['xq1', 'xq2', 'xq3'])).toBe(m.perUnit!.unitsSha256);
    for (const column of Object.values(m.perUnit!.columns)) expect(column).toHaveLength(3);
  });

  it('every effectiveness and overall twin statistic recomputed from the columns is the reported mean, to the bit', () => {
    const columns = unitColumns(m.perUnit!.columns);
    const all = [0, 1, 2];
    const reported: Record<string, { mean: number }> = { ...m.effectiveness, ...(m.robustness.overall as unknown as Record<string, { mean: number }>) };
    for (const key of ['ndcg@3', 'p@3', 'mrr@3', ...twinMetricKeys(3)]) {
      const value = unitStatistic(key)!(columns, all);
      if (Number.isNaN(reported[key].mean)) expect(value, key).toBeNaN();
      else expect(value, key).toBe(reported[key].mean);
    }
  });

  it('summaryOf (the permalink) drops it', () => {
    const results = { subsets: [subset] } as unknown as RetrievalFairnessResults;
    expect('perUnit' in summaryOf(results).subsets[0].models[0]).toBe(false);
    expect(JSON.stringify(summaryOf(results))).not.toContain('unitsSha256');
  });
});
