import { describe, expect, it } from 'vitest';
import { columnNote, effectivenessBySubset, exportTable, forestMetrics, isSignificant, latencySpec, perLanguage, retrievalColumns, retrievalRows, sortRows } from '../../../../src/present/tables/retrievalTable.ts';
import type { ModelResult, SubsetResult, TwinMetrics } from '../../../../src/core/audit/retrieval/results.ts';
import type { Ci } from '../../../../src/core/audit/common/ci.ts';

const ci = (mean: number, lo: number, hi: number): Ci => ({ mean, ci: [lo, hi] });
function twin(rbc: Ci): TwinMetrics {
  return { 'iou@10': ci(0.9, 0.8, 1), 'dropout@10': ci(0.1, 0, 0.2), rank_shift: ci(2, 1, 3), rbc, rbc_abs: ci(Math.abs(rbc.mean), 0, 1), kendall_tau: ci(0.95, 0.9, 1), pearson: ci(0.99, 0.98, 1), rbc_pooled: rbc, cohens_d: ci(-0.3, -0.5, -0.1), 'odds_ratio@10': ci(0.5, 0.3, 0.9), std_mad: ci(0.02, 0.01, 0.03), n_pairs: 10, n_queries: 5 } as TwinMetrics;
}
function model(id: string, ndcg: number, rbc: Ci): ModelResult {
  return {
    model: { id, label: id.toUpperCase(), kind: 'bm25', revision: '-', dtype: '-', device: 'cpu' },
    timing: { wallMs: 12.4, textsEmbedded: 1, textsCached: 0, textsPerSecond: 1 },
    nQueries: 5,
    nSkipped: 0,
    effectiveness: { 'ndcg@10': ci(ndcg, ndcg - 0.1, ndcg + 0.1), 'p@10': ci(0.5, 0.4, 0.6), 'mrr@10': ci(0.7, 0.6, 0.8) },
    robustness: { overall: twin(rbc), perLang: { en: twin(rbc), fr: twin(ci(NaN, NaN, NaN)) }, perLangPooled: {}, perDirection: {} },
    rankShiftHistogram: [],
  };
}
const subset: SubsetResult = { task: 'briefs', twinsTask: 'gender-briefs', groups: ['female', 'male'], models: [model('a', 0.5, ci(-0.2, -0.3, -0.1)), model('b', 0.7, ci(0.05, -0.1, 0.2))] };

describe('retrievalRows(subset, k)', () => {
  it('takes effectiveness and overall twin metrics per model', () => {
    const rows = retrievalRows(subset, 10);
    expect(rows.map((r) => r.label)).toEqual(['A', 'B']);
    expect(rows[1].cells['ndcg@10'].mean).toBe(0.7);
    expect(rows[0].cells.rbc.mean).toBe(-0.2);
    expect(rows[0].cells['iou@10'].mean).toBe(0.9);
  });
});

describe('sortRows(rows, key, descending)', () => {
  it('orders by the mean of a column', () => {
    expect(sortRows(retrievalRows(subset, 10), 'ndcg@10', true).map((r) => r.id)).toEqual(['b', 'a']);
    expect(sortRows(retrievalRows(subset, 10), 'ndcg@10', false).map((r) => r.id)).toEqual(['a', 'b']);
  });
});

describe('isSignificant(ci, noEffect)', () => {
  it('is true only when the CI excludes 0', () => {
    expect(isSignificant(ci(-0.2, -0.3, -0.1))).toBe(true);
    expect(isSignificant(ci(0.05, -0.1, 0.2))).toBe(false);
    expect(isSignificant(ci(NaN, NaN, NaN))).toBe(false);
  });
  it('isSignificant(ci, 1) tests an odds ratio against 1', () => {
    expect(isSignificant(ci(0.5, 0.3, 0.9), 1)).toBe(true);
    expect(isSignificant(ci(0.5, 0.3, 1.2), 1)).toBe(false);
  });
});

describe('columnNote(column, groups): what the header says under a name (issue 48)', () => {
  it('Std MAD: lower is better and scale-dependent, in each model\'s own score units; a signed column its sign; the rest which way is better', () => {
    const cols = retrievalColumns(10);
    const note = (key: string) => columnNote(cols.find((c) => c.key === key)!, ['female', 'male']);
    expect(note('std_mad')).toBe('lower is better · scale-dependent: in each model’s own score units, not comparable across models');
    expect(note('rbc')).toBe('> 0 favours female, < 0 male');
    expect(note('iou@10')).toBe('higher is better');
  });
});

describe('retrievalColumns(k)', () => {
  it('retrievalColumns(10) shows the per-query RBC as "RBC (per query)", the pooled RBC, Cohen’s d, OR@10 and Std MAD', () => {
    const cols = retrievalColumns(10);
    expect(cols.map((c) => c.key)).toEqual(['ndcg@10', 'p@10', 'mrr@10', 'iou@10', 'rank_shift', 'kendall_tau', 'dropout@10', 'rbc', 'rbc_pooled', 'cohens_d', 'odds_ratio@10', 'std_mad']);
    expect(cols.find((c) => c.key === 'rbc')!.label).toBe('RBC (per query)');
    expect(cols.find((c) => c.key === 'odds_ratio@10')!.noEffect).toBe(1);
    expect(cols.find((c) => c.key === 'cohens_d')!.noEffect).toBe(0);
  });
  it('retrievalRows(subset, 10) fills the new columns from the overall twin metrics', () => {
    const [a] = retrievalRows(subset, 10);
    expect(a.cells.rbc_pooled.mean).toBe(-0.2);
    expect(a.cells['odds_ratio@10'].mean).toBe(0.5);
    expect(a.cells.std_mad.mean).toBe(0.02);
  });
  it('forestMetrics(10) offers every robustness column, RBC first, with its no-effect line', () => {
    const f = forestMetrics(10);
    expect(f[0]).toEqual({ key: 'rbc', label: 'RBC (per query)', noEffect: 0 });
    expect(f.map((o) => o.key)).toContain('odds_ratio@10');
    expect(f.find((o) => o.key === 'odds_ratio@10')!.noEffect).toBe(1);
  });
});

describe('exportTable(subset, k)', () => {
  it('writes mean and CI bounds per metric, one row per model', () => {
    const t = exportTable(subset, 10);
    expect(t.columns.slice(0, 8)).toEqual(['model', 'device', 'dtype', 'n_queries', 'wall_ms', 'ndcg@10', 'ndcg@10_lo', 'ndcg@10_hi']);
    expect(t.rows[0].slice(0, 8)).toEqual(['A', 'cpu', '-', 5, 12, 0.5, 0.4, 0.6]);
  });
});

describe('perLanguage(subset, key)', () => {
  it('gives one row per model and language, in a panel per language, null where undefined', () => {
    const rows = perLanguage(subset, 'rbc');
    expect(rows).toHaveLength(4);
    expect(rows[0]).toEqual({ model: 'A', group: 'en', panel: 'en', estimate: -0.2, ci: [-0.3, -0.1] });
    expect(rows[1]).toEqual({ model: 'A', group: 'fr', panel: 'fr', estimate: null, ci: undefined });
  });
});

describe('latencySpec(subset, k)', () => {
  it('plots each timed model at its NDCG@k', () => {
    expect(latencySpec(subset, 10).points).toEqual([
      { id: 'a', label: 'A', latencyMs: 12.4, quality: 0.5 },
      { id: 'b', label: 'B', latencyMs: 12.4, quality: 0.7 },
    ]);
  });

  it('leaves out a model whose NDCG@k is undefined (a shared link writes it as null) or that was not timed', () => {
    const undefinedNdcg = { ...subset.models[0], effectiveness: { ...subset.models[0].effectiveness, 'ndcg@10': ci(NaN, NaN, NaN) } };
    const untimed = { ...subset.models[1], timing: { ...subset.models[1].timing, wallMs: 0 } };
    expect(latencySpec({ ...subset, models: [undefinedNdcg, untimed] }, 10).points).toEqual([]);
  });
});

describe('effectivenessBySubset(subset, key)', () => {
  it('gives each model\'s value on all queries, then on each language\'s queries; none without labels', () => {
    const withLangs: SubsetResult = {
      ...subset,
      models: [{ ...subset.models[0], effectivenessPerLang: { en: { 'ndcg@10': ci(0.6, 0.5, 0.7), 'p@10': ci(0.5, 0.4, 0.6), 'mrr@10': ci(0.7, 0.6, 0.8) }, fr: { 'ndcg@10': ci(NaN, NaN, NaN), 'p@10': ci(0.5, 0.4, 0.6), 'mrr@10': ci(0.7, 0.6, 0.8) } } }],
    };
    expect(effectivenessBySubset(withLangs, 'ndcg@10')).toEqual([
      { model: 'A', group: 'all queries', estimate: 0.5, ci: [0.4, 0.6] },
      { model: 'A', group: 'en', estimate: 0.6, ci: [0.5, 0.7] },
      { model: 'A', group: 'fr', estimate: null, ci: undefined },
    ]);
    const { effectiveness: _e, ...unjudged } = subset.models[0];
    expect(effectivenessBySubset({ ...subset, unjudged: 'no labels', models: [unjudged] }, 'ndcg@10')).toEqual([]);
  });

  it('perLanguage(subset, key, variant) reads the subsets or the pooled variant', () => {
    const pooled: SubsetResult = { ...subset, models: [{ ...subset.models[0], robustness: { ...subset.models[0].robustness, perLangPooled: { de: twin(ci(0.3, 0.2, 0.4)) } } }] };
    expect(perLanguage(pooled, 'rbc', 'pooled').map((r) => [r.group, r.estimate])).toEqual([['de', 0.3]]);
    expect(perLanguage(pooled, 'rbc').map((r) => r.group)).toEqual(['en', 'fr']);
  });
});
