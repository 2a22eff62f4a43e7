import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { auditSubset, retrievalFairnessResults } from '../../../src/core/audit/retrieval/audit.ts';
import { matrixScorer, timingOf } from '../../../src/core/audit/retrieval/scoring.ts';
import { corpusScores, tinySubset, twinScores } from '../core/audit/retrieval/tinyDataset.ts';
import { memoryIo } from './memoryIo.ts';

// Two models on the tiny dataset: "good" with the fixture's scores, "flat" scoring every
// document 0.5 (ties broken by id: xd6 xd5 xd4 first, so NDCG@3 is lower) and every twin 0.5.
function resultsJson(): string {
  const options = { k: 3, bootstrap: 20, seed: 1 };
  const m = (id: string) => ({ id, label: id, kind: 'embedding' as const, revision: 'r', dtype: 'fp32', device: 'cpu' });
  const flat = matrixScorer(new Float64Array(18).fill(0.5), new Float64Array(6).fill(0.5), 6, 2);
  const subset = auditSubset(tinySubset(), [
    { model: m('good'), timing: timingOf(1, 1), score: matrixScorer(corpusScores, twinScores, 6, 2) },
    { model: m('flat'), timing: timingOf(1, 1), score: flat },
  ], options);
  const header = { dataset: { id: 'tiny', version: '1', manifestSha256: '' }, relevanceThreshold: 2, options, createdAt: '', environment: { runtime: 'node' as const } };
  return JSON.stringify(retrievalFairnessResults(header, [subset]));
}

describe('fairground pareto', () => {
  it('prints the frontier and the dominated points per subset', async () => {
    const io = memoryIo({ 'r.json': resultsJson() });
    expect(await main(['pareto', '--results', 'r.json'], io)).toBe(0);
    const out = JSON.parse(io.out);
    const [s] = out.subsets;
    expect(s.task).toBe('tiny');
    expect(s.xLabel).toBe('ndcg@3');
    // flat: IoU@3 = 1 (each twin ties with its original and inherits its id). Its NDCG@3 is
    // (0.5/4.76 + 4/5.26 + 1/2)/3 ≈ 0.455 (xd4 grade 1 at 3; xd6 grade 4 at 1; xd4 grade 2 at 3),
    // good's (4/4.76 + 2/5.26 + 0)/3 ≈ 0.407 with IoU 5/6: flat dominates good.
    expect(s.frontier.map((p: { id: string }) => p.id)).toEqual(['flat']);
    expect(s.dominated.map((p: { id: string }) => p.id)).toEqual(['good']);
    expect(s.frontier[0].y).toBe(1);
  });

  it('accepts --x and --y: on (p@3, −rank_shift) flat (2/9, 0) and good (1/3, −7/6) are both on the frontier', async () => {
    const io = memoryIo({ 'r.json': resultsJson() });
    expect(await main(['pareto', '--results', 'r.json', '--x', 'p@3', '--y', 'rank_shift'], io)).toBe(0);
    const [s] = JSON.parse(io.out).subsets;
    expect(s.yLabel).toBe('−rank_shift');
    expect(s.frontier.map((p: { id: string }) => p.id)).toEqual(['flat', 'good']);
  });

  it('exits 2 naming the file for a non-results file or an unknown metric', async () => {
    const io = memoryIo({ 'x.json': '{"a":1}', 'r.json': resultsJson() });
    expect(await main(['pareto', '--results', 'x.json'], io)).toBe(2);
    expect(io.err).toMatch(/^fairground: x\.json: not a Fairground retrieval-fairness results object/);
    const io2 = memoryIo({ 'r.json': resultsJson() });
    expect(await main(['pareto', '--results', 'r.json', '--y', 'bogus'], io2)).toBe(2);
    expect(io2.err).toMatch(/r\.json: unknown robustness metric "bogus"/);
  });
});
