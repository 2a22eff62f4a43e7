import { describe, expect, it } from 'vitest';
import type { ScreeningModelResult, ScreeningResults } from '../../../../src/core/audit/screening/results.ts';
import { biasTable, confusionSpec, consistencyNote, consistencyTable, exportScreeningTable, forestSpec, latencyQualitySpec, latencyTable, validityTable } from '../../../../src/present/tables/screeningTables.ts';

const c = (mean: number, lo = mean - 0.1, hi = mean + 0.1) => ({ mean, ci: [lo, hi] as [number, number] });
const t = (mean: number, p: number, q: number, lo = mean - 0.1, hi = mean + 0.1) => ({ ...c(mean, lo, hi), p, q, significant: q < 0.05 });
const NONE = { mean: NaN, ci: [NaN, NaN] as [number, number], p: NaN, q: NaN, significant: false };
const t_ = (mean: number) => ({ ...c(mean), p: 0.01, q: 0.02, significant: true });
const EXACT = (v: number) => ({ mean: v, ci: [v, v] as [number, number] });

function model(id: string, deterministic: boolean): ScreeningModelResult {
  return {
    model: { id, label: id.toUpperCase(), kind: 'cross-encoder', revision: 'main', dtype: 'fp32', device: 'wasm' },
    deterministic,
    runs: deterministic ? 1 : 2,
    consistency: deterministic
      ? { basis: 'deterministic', icc: EXACT(1), sigma_score: EXACT(0), sigma_rank: EXACT(0), label_flip_pct: EXACT(0), 'disag@5': EXACT(0), flip_by_cutoff: [{ cutoff: 50, label_flip_pct: 0 }] }
      : null,
    bias: {
      effects: [
        { kind: 'effect', attribute: 'gender', group: 'female', signal: 'explicit', delta_score: t(-2, 0.01, 0.02), delta_rank: t(-1, 0.04, 0.06), 'excl@5': t(10, 0.5, 0.6), n_cvs: 40 },
        { kind: 'reference', attribute: 'gender', group: 'male', signal: 'explicit', delta_score: NONE, delta_rank: t(-0.5, 0.001, 0.004), 'excl@5': t(4, 0.3, 0.6), n_cvs: 40 },
      ],
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
      chance: { auc: { level: 0.5, excluded: true }, balanced_accuracy: { level: 0.5, excluded: true }, macro_f1: { level: 0.5, excluded: false }, 'precision@5': { level: 0.4, excluded: true } },
      delta_auc: id === 'b' ? { ...c(0.05), reference: 'a', p: 0.04, significant: false } : null,
      n_test_rows: 50,
      n_test_jobs: 3,
      n_tune_rows: 20,
    },
    latency: { median_ms: 10, p95_ms: 20, calls: 5, mean_ms_per_pair: 36, median_ms_per_pair: 30, p95_ms_per_pair: 40, batch_size: 16, pairs_per_second: 27.8 },
  };
}

const results = { parameters: { referenceModel: 'a', cutoff: 50 }, models: [model('a', true), model('b', false)] } as unknown as ScreeningResults;

describe('screening tables', () => {
  it('validityTable(results) marks the reference model and gives ΔAUC with its CI to the others', () => {
    const t = validityTable(results);
    expect(t.rows.map((r) => r.id)).toEqual(['a', 'b']);
    expect(t.rows[0].cells.delta_auc).toEqual({ text: 'reference' });
    // p = 0.04 but the CI [−0.05, 0.15] holds 0: not marked (the mark is the CI, as the paper's)
    expect(t.rows[1].cells.delta_auc).toMatchObject({ ci: { mean: 0.05, ci: [0.05 - 0.1, 0.05 + 0.1] }, significant: false });
    expect(t.rows[1].cells.delta_auc_p).toEqual({ value: 0.04, pValue: true });
  });

  it('validityTable(results) marks AUC, balanced accuracy, macro-F1 and P@5 whose CI excludes chance', () => {
    const cells = validityTable(results).rows[1].cells;
    expect(cells.auc).toEqual({ ci: c(0.75), significant: true, mark: '95% CI excludes chance (0.50)' });
    expect(cells.macro_f1).toMatchObject({ significant: false });
    expect(cells['precision@5']).toEqual({ ci: c(0.6), significant: true, mark: '95% CI excludes chance (the FIT base rate, 0.40)' });
  });

  it('biasTable(results) lists every effect and reference row, then the noise floor of each model, each statistic marked by its q', () => {
    const t = biasTable(results);
    // Each model's name once, as the group of its rows (not repeated in every row label).
    expect(t.rows.map((r) => `${r.group} | ${r.label}`)).toEqual([
      'A | gender · female · explicit',
      'A | gender · male (reference) · explicit',
      'A | noise · typos · explicit',
      'B | gender · female · explicit',
      'B | gender · male (reference) · explicit',
      'B | noise · typos · explicit',
    ]);
    // Effect rows carry the anchor the verdict sentences link to; reference and noise rows none.
    expect(t.rows.map((r) => r.anchor)).toEqual(['bias:a:gender:female:explicit', undefined, undefined, 'bias:b:gender:female:explicit', undefined, undefined]);
    expect(exportScreeningTable(t).rows[0][0]).toBe('A · gender · female · explicit');
    const mark = 'q < 0.05 (Benjamini–Hochberg over the model’s tests)';
    expect(t.rows[0].cells.delta_score).toEqual({ ci: t_(-2), significant: true, mark });
    expect(t.rows[0].cells.delta_rank).toMatchObject({ significant: false }); // q 0.06
    const p = (value: number) => ({ value, pValue: true });
    expect(t.rows[0].cells).toMatchObject({ p_score: p(0.01), q_score: p(0.02), p_rank: p(0.04), q_rank: p(0.06), p_excl: p(0.5), q_excl: p(0.6) });
    expect(t.rows[2].cells.kind).toEqual({ text: 'noise floor (noise)' });
  });

  it('biasTable(results) gives the reference row ΔScore "ref." and its ΔRank and Excl@5 with their tests', () => {
    const ref = biasTable(results).rows[1];
    expect(ref.cells.kind).toEqual({ text: 'reference group' });
    expect(ref.cells.delta_score).toEqual({ text: 'ref.' });
    expect(ref.cells.p_score).toBeUndefined();
    expect(ref.cells.delta_rank).toMatchObject({ ci: { mean: -0.5 }, significant: true });
    expect(ref.cells.q_rank).toEqual({ value: 0.004, pValue: true });
  });

  it('forestSpec(results) plots ΔScore of the effect rows only (a reference row has none), one panel per attribute', () => {
    expect(forestSpec(results).rows.map((r) => `${r.panel} | ${r.group}`)).toEqual(['gender | female · explicit', 'gender | female · explicit']);
  });

  it('consistencyNote(m) says a deterministic model is deterministic (by construction, scored once), that its row is exact, and quotes the noise floor', () => {
    expect(consistencyNote(results.models[0])).toMatch(/^A is deterministic \(by construction, scored once\): its row is exact.*ICC 1.*\|ΔScore\| ≤ 0\.50/);
    expect(consistencyNote(results.models[1])).toMatch(/one run only/);
  });

  it('consistencyTable(results) gives a deterministic model its row: ICC 1, σScore 0, σRank 0, label flips 0, Disag@5 0', () => {
    const rows = consistencyTable(results).rows;
    expect(rows.map((r) => r.id)).toEqual(['a']); // b ran once: nothing to measure
    expect(rows[0].cells).toMatchObject({ basis: { text: 'deterministic (exact)' }, icc: { ci: EXACT(1) }, sigma_score: { ci: EXACT(0) }, sigma_rank: { ci: EXACT(0) }, label_flip_pct: { ci: EXACT(0) }, 'disag@5': { ci: EXACT(0) } });
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

describe('latency and cost', () => {
  it('latencyTable(results, price) shows the time per pair, throughput and batch, and the cost per 1,000 calls from the price', () => {
    const plain = latencyTable(results);
    expect(plain.columns.map((c) => c.key)).not.toContain('cost_per_1000');
    expect(plain.rows[0].cells.median_ms_per_pair).toMatchObject({ value: 30 });
    expect(plain.rows[0].cells.batch_size).toMatchObject({ value: 16 });
    const priced = latencyTable(results, { kind: 'per-device-hour', amount: 2.5 });
    // 1,000 pairs × 36 ms = 36 s = 0.01 h at $2.50
    expect((priced.rows[0].cells.cost_per_1000 as { value: number }).value).toBeCloseTo(0.025, 12);
  });

  it('latencyQualitySpec puts the median time per pair or, priced, the cost per 1,000 calls against AUC', () => {
    const byLatency = latencyQualitySpec(results);
    expect(byLatency.latencyLabel).toMatch(/per job–CV pair/);
    expect(byLatency.points.map((p) => p.latencyMs)).toEqual(byLatency.points.map(() => 30));
    const byCost = latencyQualitySpec(results, 'cost', { kind: 'per-1000-calls', amount: 4 });
    expect(byCost.unit).toBe('cost');
    expect(byCost.points.map((p) => p.latencyMs)).toEqual(byCost.points.map(() => 4));
    // without a price the cost axis falls back to latency
    expect(latencyQualitySpec(results, 'cost').unit).toBe('ms');
  });
});
