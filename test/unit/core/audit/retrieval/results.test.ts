import { describe, expect, it } from 'vitest';
import { auditSubset, retrievalFairnessResults } from '../../../../../src/core/audit/retrieval/audit.ts';
import { matrixScorer, timingOf } from '../../../../../src/core/audit/retrieval/scoring.ts';
import { parseResults, summaryOf } from '../../../../../src/core/audit/retrieval/results.ts';
import { corpusScores, tinySubset, twinScores } from './tinyDataset.ts';

function tinyResults() {
  const subset = tinySubset();
  const model = { id: 'm', label: 'M', kind: 'embedding' as const, revision: 'r', dtype: 'fp32', device: 'cpu' };
  const options = { k: 3, bootstrap: 50, seed: 1 };
  return retrievalFairnessResults(
    { dataset: { id: 'tiny', version: '1', manifestSha256: '0'.repeat(64) }, relevanceThreshold: 2, options, createdAt: '2026-01-01T00:00:00Z', environment: { runtime: 'browser', userAgent: 'test' } },
    [auditSubset(subset, [{ model, timing: timingOf(1, 1), score: matrixScorer(corpusScores, twinScores, 6, 2) }], options)],
  );
}

describe('the results object', () => {
  it('holds no record identifier of the dataset (it is safe to share)', () => {
    const json = JSON.stringify(tinyResults());
    const s = tinySubset();
    const ids = [...s.queries.map((q) => q.id), ...s.corpus.map((d) => d.id), ...s.twins.map((t) => t.twinId), 'xq4'];
    for (const id of ids) expect(json).not.toContain(id);
  });

  it('summaryOf(results) drops the rank-shift histograms and keeps every summary number', () => {
    const r = tinyResults();
    const s = summaryOf(r);
    expect(JSON.stringify(s)).not.toContain('rankShiftHistogram');
    expect(s.subsets[0].models[0].effectiveness).toEqual(r.subsets[0].models[0].effectiveness);
    expect(s.subsets[0].models[0].robustness).toEqual(r.subsets[0].models[0].robustness);
    expect(s.parameters).toEqual(r.parameters);
    expect(r.subsets[0].models[0].rankShiftHistogram.length).toBeGreaterThan(0); // input unchanged
  });

  it('parseResults(JSON) reads the nulls JSON wrote for NaN back as NaN', () => {
    const r = tinyResults();
    const back = parseResults(JSON.parse(JSON.stringify(r)));
    expect(back.subsets[0].models[0].robustness.perLang.en.pearson).toEqual({ mean: NaN, ci: [NaN, NaN] });
    expect(back).toEqual(r);
  });

  it('parseResults throws for anything but a schema-1 retrieval-fairness object', () => {
    expect(() => parseResults({ schema: 2, kind: 'retrieval-fairness', subsets: [] })).toThrow(TypeError);
    expect(() => parseResults(null)).toThrow(TypeError);
  });
});
