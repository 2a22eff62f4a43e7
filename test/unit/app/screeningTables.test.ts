import { describe, expect, it } from 'vitest';
import type { ScreeningModelResult, ScreeningResults } from '../../../src/core/audit/screeningResults.ts';
import { biasTable, confusionSpec, consistencyNote, exportScreeningTable, validityTable } from '../../../src/app/results/screeningTables.ts';

const c = (mean: number, lo = mean - 0.1, hi = mean + 0.1) => ({ mean, ci: [lo, hi] as [number, number] });

function model(id: string, deterministic: boolean): ScreeningModelResult {
  return {
    model: { id, label: id.toUpperCase(), kind: 'cross-encoder', revision: 'main', dtype: 'fp32', device: 'wasm' },
    deterministic,
    runs: deterministic ? 1 : 2,
    consistency: null,
    bias: {
      effects: [{ attribute: 'gender', group: 'female', signal: 'explicit', delta_score: c(-2), delta_rank: c(-1), 'excl@5': c(10), p: 0.01, q: 0.02, significant: true, n_cvs: 40 }],
      noise_floor: [{ kind: 'noise', attribute: 'noise', group: 'typos', signal: 'explicit', delta_score: c(0.5), delta_rank: c(0.1), 'excl@5': c(2), n_cvs: 40 }],
      noise_floor_max: { delta_score: 0.5, delta_rank: 0.1, 'excl@5': 2 },
    },
    validity: {
      threshold: 42,
      threshold_source: 'tuned',
      tune_balanced_accuracy: 0.8,
      auc: c(0.75),
      balanced_accuracy: c(0.7),
      macro_f1: c(0.68),
      'precision@5': c(0.6),
      random_baseline: c(0.4),
      // rows: true 0, true 1; columns: predicted 0, 1.
      confusion: { labels: [0, 1], counts: [[30, 5], [4, 11]], row_percent: [[85.7, 14.3], [26.7, 73.3]] },
      delta_auc: id === 'b' ? { ...c(0.05), reference: 'a', p: 0.2 } : null,
      n_test_rows: 50,
      n_test_jobs: 3,
      n_tune_rows: 20,
    },
    latency: { median_ms: 10, p95_ms: 20, calls: 5, mean_ms_per_pair: 1 },
  };
}

const results = { parameters: { referenceModel: 'a', cutoff: 50 }, models: [model('a', true), model('b', false)] } as unknown as ScreeningResults;

describe('screening tables', () => {
  it('validityTable(results) marks the reference model and gives ΔAUC with its CI to the others', () => {
    const t = validityTable(results);
    expect(t.rows.map((r) => r.id)).toEqual(['a', 'b']);
    expect(t.rows[0].cells.delta_auc).toEqual({ text: 'reference' });
    expect(t.rows[1].cells.delta_auc).toMatchObject({ ci: { mean: 0.05, ci: [0.05 - 0.1, 0.05 + 0.1] }, significant: false });
    expect(t.rows[1].cells.auc).toEqual({ ci: c(0.75), significant: undefined });
  });

  it('biasTable(results) lists every effect then the noise floor of each model, effects marked by q', () => {
    const t = biasTable(results);
    expect(t.rows.map((r) => r.label)).toEqual(['A · gender · female · explicit', 'A · noise · typos · explicit', 'B · gender · female · explicit', 'B · noise · typos · explicit']);
    expect(t.rows[0].cells.delta_score).toEqual({ ci: c(-2), significant: true });
    expect(t.rows[1].cells.kind).toEqual({ text: 'noise floor (noise)' });
  });

  it('consistencyNote(m) says a deterministic model is deterministic and quotes the noise floor', () => {
    expect(consistencyNote(results.models[0])).toMatch(/^A is deterministic \(by construction, scored once\).*\|ΔScore\| ≤ 0\.50/);
    expect(consistencyNote(results.models[1])).toMatch(/one run only/);
  });

  it('confusionSpec(m) puts FIT first: [[TP, FN], [FP, TN]]', () => {
    expect(confusionSpec(results.models[0])!.counts).toEqual([[11, 4], [5, 30]]);
  });

  it('exportScreeningTable(table) writes mean, lo and hi per column', () => {
    const e = exportScreeningTable(validityTable(results));
    expect(e.columns.slice(0, 4)).toEqual(['row', 'auc', 'auc_lo', 'auc_hi']);
    expect(e.rows[0].slice(0, 4)).toEqual(['A', 0.75, 0.65, 0.85]);
  });
});
