import { describe, expect, it } from 'vitest';
import {
  changeSentences,
  comparedRows,
  compareRuns,
  comparison,
  crossTask,
  describeChanges,
  formatChange,
  leaderboard,
  lowestImpactRatio,
  matchedPairs,
  pairingOf,
  rowDetail,
  sortedRows,
  unitColumns,
  unitStatistic,
} from '../../../../../src/core/audit/compare/index.ts';
import type { OutcomesResults } from '../../../../../src/core/audit/outcomes/index.ts';
import { model, results, SHA_B } from './fixtures.ts';

describe('unitStatistic(key) recomputes a reported statistic from per-unit columns', () => {
  it('a mean over the units that define it, repeated indices counted again', () => {
    const c = unitColumns({ rank_shift: [2, null, 4], 'ndcg@10': [0.5, 1, 0] });
    expect(unitStatistic('rank_shift')!(c, [0, 1, 2])).toBe(3);
    expect(unitStatistic('rank_shift')!(c, [0, 0, 2])).toBeCloseTo(8 / 3, 15);
    expect(unitStatistic('rank_shift')!(c, [1, 1])).toBeNaN();
    expect(unitStatistic('ndcg@10')!(c, [0, 1, 2])).toBe(0.5);
  });

  it('|RBC| of the mean RBC, the pooled RBC of the win counts, the geometric mean of the odds ratio', () => {
    const c = unitColumns({ rbc: [0.5, -1, null], wins_first: [3, 0, null], wins_second: [1, 2, null], 'log_odds_ratio@10': [Math.log(2), Math.log(8), null] });
    // (−1 − 1 + 0.5) / 3 = −0.5
    expect(unitStatistic('rbc_abs')!(c, [1, 1, 0])).toBe(0.5);
    // W_F = 3 + 0 + 0, W_M = 1 + 2 + 2 over units 0, 1, 1: (3 − 5) / 8
    expect(unitStatistic('rbc_pooled')!(c, [0, 1, 1])).toBe(-0.25);
    // W_F = W_M = 0 at a unit with pairs and no wins: 0; no unit with pairs: undefined
    expect(unitStatistic('rbc_pooled')!(unitColumns({ wins_first: [0], wins_second: [0] }), [0])).toBe(0);
    expect(unitStatistic('rbc_pooled')!(c, [2])).toBeNaN();
    // exp((ln 2 + ln 8) / 2) = 4
    expect(unitStatistic('odds_ratio@10')!(c, [0, 1, 2])).toBeCloseTo(4, 12);
  });

  it('is undefined for a key per-unit columns cannot give', () => {
    expect(unitStatistic('auc')).toBeUndefined();
  });
});

describe('pairingOf(rows, b, c): paired only on the same dataset version, task and queries', () => {
  const a = model('bm25', [0.5, 0.7], [2, 4]);
  const b = model('tfidf', [0.6, 0.6], [1, 3]);
  it('two runs of one dataset version and task, on the same queries, are paired', () => {
    const data = comparedRows([{ label: 'A', results: results([a]) }, { label: 'B', results: results([b]) }]);
    expect(pairingOf(data, 0, 1)).toEqual({ paired: true, units: 2 });
  });
  it('says why a pair is unpaired: another dataset, another version, another task, other queries, no per-unit values', () => {
    const reason = (r: ReturnType<typeof results>) => {
      const p = pairingOf(comparedRows([{ label: 'A', results: results([a]) }, { label: 'B', results: r }]), 0, 1);
      return p.paired ? 'paired' : p.reason;
    };
    expect(reason(results([b], { id: 'cvs' }))).toBe('different datasets (twins 1.0.0 and cvs 1.0.0)');
    expect(reason(results([b], { version: '1.1.0', sha: SHA_B }))).toBe("different versions of twins (1.0.0 and 1.1.0: their manifests' SHA-256 differ)");
    expect(reason(results([b], { sha: '' }))).toBe('the version of twins is not known (no manifest SHA-256)');
    expect(reason(results([b], { task: 'queries' }))).toBe('different tasks (briefs / gender-briefs and queries / gender-briefs)');
    expect(reason(results([model('tfidf', [0.6, 0.6, 0.1], [1, 3, 2])]))).toBe('different queries (2 and 3 audited)');
    expect(reason(results([model('tfidf', [0.6, 0.6], [1, 3], 'v'.repeat(64))]))).toBe('different queries (as many, not the same ones)');
    const { perUnit: _none, ...old } = b;
    expect(reason(results([old]))).toBe('no per-query values stored for B · TFIDF (a run made before Fairground kept them)');
  });
});

describe('comparison(rows, pairs): paired differences with CI, p and BH q', () => {
  it('a candidate better by exactly 0.1 on every query: difference 0.1 in every resample, CI [0.1, 0.1], p 0', () => {
    const base = model('v1', [0.2, 0.5, 0.9, 0.4], [5, 5, 5, 5]);
    const cand = model('v2', [0.3, 0.6, 1.0, 0.5], [5, 5, 5, 5]);
    const r = compareRuns({ label: 'A', results: results([base]) }, { label: 'B', results: results([cand]) }, { metrics: ['ndcg@10', 'rank_shift'], resamples: 50, seed: 1 });
    const [ndcg, shift] = r.comparisons[0].metrics;
    expect(ndcg.difference!.mean).toBeCloseTo(0.1, 12);
    expect(ndcg.difference!.ci[0]).toBeCloseTo(0.1, 12);
    expect(ndcg.difference!.ci[1]).toBeCloseTo(0.1, 12);
    expect(ndcg.difference!.p).toBe(0);
    // rank shift equal everywhere: θ* = 0 in every resample, so p = min(1, 2·1) = 1
    expect(shift.difference).toEqual({ mean: 0, ci: [0, 0], p: 1, q: 1, significant: false });
    // BH over the two tests: p (0, 1) → q (0, 1)
    expect(ndcg.difference!.q).toBe(0);
    expect(ndcg.difference!.significant).toBe(true);
    expect(r.resamples).toBe(50);
    expect(r.seed).toBe(1);
  });

  it('defaults to the first run’s B and seed, and unpaired pairs show both CIs and no difference', () => {
    const a = results([model('bm25', [0.5, 0.7], [2, 4])], { bootstrap: 30, seed: 9 });
    const b = results([model('bm25', [0.6, 0.6], [1, 3])], { id: 'cvs' });
    const r = compareRuns({ label: 'A', results: a }, { label: 'B', results: b });
    expect([r.resamples, r.seed]).toEqual([30, 9]);
    const [c] = r.comparisons;
    expect(c.paired).toBe(false);
    expect(c.reason).toMatch(/^different datasets/);
    expect(c.metrics.every((m) => m.difference === null)).toBe(true);
    expect(c.metrics[0]).toMatchObject({ metric: 'ndcg@10', baseline: { mean: 0.6, ci: [0.1, 0.9] }, candidate: { mean: 0.6 } });
  });

  it('B = 0 gives the difference without CI or p', () => {
    const r = compareRuns({ label: 'A', results: results([model('a', [0, 1], [1, 1])]) }, { label: 'B', results: results([model('a', [1, 1], [1, 1])]) }, { metrics: ['ndcg@10'], resamples: 0 });
    expect(r.comparisons[0].metrics[0].difference!.mean).toBe(0.5);
    expect(r.comparisons[0].metrics[0].difference!.ci).toEqual([NaN, NaN]);
    expect(r.comparisons[0].metrics[0].difference!.p).toBeNaN();
  });

  it('refuses a metric neither run reports, listing those they do', () => {
    const a = { label: 'A', results: results([model('a', [0, 1], [1, 1])]) };
    expect(() => compareRuns(a, a, { metrics: ['bogus'] })).toThrow(/no metric "bogus" in either results; they report ndcg@10, p@10, mrr@10, iou@10, rank_shift/);
    expect(() => comparison(comparedRows([a]), { pairs: [[0, 0]] })).toThrow(RangeError);
  });
});

describe('matchedPairs(rows, baseline, candidate)', () => {
  it('pairs models of the same id on a task, else every baseline model of the task', () => {
    const data = comparedRows([
      { label: 'A', results: results([model('bm25', [0], [0]), model('tfidf', [0], [0])]) },
      { label: 'B', results: results([model('tfidf', [0], [0]), model('glove', [0], [0])]) },
    ]);
    expect(matchedPairs(data, 0, 1)).toEqual([[1, 2], [0, 3], [1, 3]]);
  });
  it('matches tasks by order when the runs share none (two datasets)', () => {
    const data = comparedRows([{ label: 'A', results: results([model('a', [0], [0])]) }, { label: 'B', results: results([model('a', [0], [0])], { task: 'other', id: 'x' }) }]);
    expect(matchedPairs(data, 0, 1)).toEqual([[0, 1]]);
  });
});

describe('describeChanges: the changes between two versions in words, from the numbers', () => {
  it('writes each metric old → new, with the paired difference and its CI', () => {
    const base = model('v1', [0.2, 0.5, 0.9, 0.4], [50, 40, 46, 50.8]);
    const cand = model('v2', [0.3, 0.6, 1.0, 0.5], [35, 25, 31, 33.8]);
    const r = compareRuns({ label: 'A', results: results([base]) }, { label: 'B', results: results([cand]) }, { metrics: ['rank_shift', 'ndcg@10'], resamples: 20, seed: 1 });
    const d = r.comparisons[0].metrics[0].difference!;
    const f = formatChange;
    expect(describeChanges(r, 0)).toBe(
      `B · V2 against A · V1: rank shift 46.7 → 31.2 (${f(d.mean)}, CI ${f(d.ci[0])} to ${f(d.ci[1])}, significant), NDCG@10 0.50 → 0.60 (+0.10, CI 0.10 to 0.10, significant) (paired over 4 queries)`,
    );
    expect(f(d.mean)).toBe('−15.5');
  });
  it('says an unpaired comparison is unpaired, and why', () => {
    const r = compareRuns({ label: 'A', results: results([model('v1', [0.76], [1])]) }, { label: 'B', results: results([model('v2', [0.84], [1])], { id: 'other' }) }, { metrics: ['ndcg@10'] });
    expect(changeSentences(r)).toEqual(['B · V2 against A · V1: NDCG@10 0.76 → 0.84 (unpaired: different datasets (twins 1.0.0 and other 1.0.0); no difference tested)']);
  });
  it('formatChange rounds by magnitude and writes a true minus sign', () => {
    expect([formatChange(46.71), formatChange(-15.46), formatChange(0.756), formatChange(-0.0412), formatChange(123.4), formatChange(-0.0001), formatChange(NaN)]).toEqual(['46.7', '−15.5', '0.76', '−0.041', '123', '−0.00010', 'n/a']);
    expect(formatChange(-0.004)).toBe('−0.0040');
    expect(formatChange(0)).toBe('0');
  });
});

describe('leaderboard: models × datasets, best per column', () => {
  const r = compareRuns(
    { label: 'A', results: results([model('bm25', [0.5, 0.7], [2, 4]), model('tfidf', [0.9, 0.7], [8, 9])]) },
    { label: 'B', results: results([model('glove', [0.6, 0.6], [1, 3])], { id: 'cvs' }) },
    { metrics: ['ndcg@10', 'rank_shift'] },
  );
  const board = leaderboard(r);
  it('groups columns by dataset version and task, one per metric', () => {
    expect(board.columns.map((c) => `${c.group} | ${c.label}`)).toEqual([
      'twins 1.0.0 · briefs / gender-briefs | NDCG@10',
      'twins 1.0.0 · briefs / gender-briefs | rank shift',
      'cvs 1.0.0 · briefs / gender-briefs | NDCG@10',
      'cvs 1.0.0 · briefs / gender-briefs | rank shift',
    ]);
    expect(board.rows.map((row) => row.label)).toEqual(['A · BM25', 'A · TFIDF', 'B · GLOVE']);
    expect(board.rows[2].cells[0]).toBeUndefined();
  });
  it('marks the best row per column by its direction (larger NDCG, smaller rank shift); one value marks none', () => {
    expect(board.columns.map((c) => c.best)).toEqual([[1], [0], [], []]);
  });
  it('sorts by a column, rows without a value last', () => {
    expect(sortedRows(board, 1, 'ascending').map((row) => row.label)).toEqual(['A · BM25', 'A · TFIDF', 'B · GLOVE']);
    expect(sortedRows(board, 0, 'ascending').map((row) => row.label)).toEqual(['A · BM25', 'A · TFIDF', 'B · GLOVE']);
    expect(sortedRows(board, 0, 'descending').map((row) => row.label)).toEqual(['A · TFIDF', 'A · BM25', 'B · GLOVE']);
  });
});

describe('lowestImpactRatio(outcomes)', () => {
  it('the lowest mean over compared categories, with the lowest lower and upper bounds', () => {
    const cat = (impact_ratio: unknown, excluded = false) => ({ impact_ratio, excluded });
    const o = { groupings: [{ categories: [cat({ mean: 1, ci: [1, 1] }), cat({ mean: 0.75, ci: [0.6, 0.95] })] }, { categories: [cat({ mean: 0.8, ci: [0.5, 0.9] }), cat({ mean: 0.1, ci: [0, 0.2] }, true)] }] } as unknown as OutcomesResults;
    expect(lowestImpactRatio([o])).toEqual({ mean: 0.75, ci: [0.5, 0.9] });
    expect(lowestImpactRatio([])).toBeUndefined();
    // As `eval outcomes` prints them: null for a number or CI it cannot define
    const printed = { groupings: [{ categories: [cat(null), cat({ mean: 0.9, ci: null })] }] } as unknown as OutcomesResults;
    expect(lowestImpactRatio([printed])).toEqual({ mean: 0.9, ci: [NaN, NaN] });
  });
});

describe('crossTask(results, i) and rowDetail(results, i) (issue 48)', () => {
  // One run with the same model on two tasks, against another run on the first task.
  const briefs = results([model('bm25', [0.5, 0.7], [2, 4])], { task: 'briefs' });
  const both = { ...briefs, subsets: [...briefs.subsets, { ...briefs.subsets[0], task: 'queries', twinsTask: 'gender-queries' }] };
  const other = results([model('tfidf', [0.4, 0.6], [3, 5])], { task: 'briefs' });
  const rows = comparedRows([{ label: 'A', results: both }, { label: 'B', results: other }]);
  // rows: 0 A·bm25 briefs, 1 A·bm25 queries, 2 B·tfidf briefs; every row against row 0
  const r = comparison(rows, { metrics: ['ndcg@10'], pairs: [[0, 1], [0, 2]] });

  it('briefs against queries is a cross-task comparison (unpaired, another task); briefs against briefs is not', () => {
    expect(r.comparisons[0].paired).toBe(false);
    expect(crossTask(r, 0)).toBe(true);
    expect(crossTask(r, 1)).toBe(false);
  });

  it('a row in full, for a tooltip: the run, the model\'s full label, its id, revision, dtype, device and task', () => {
    expect(rowDetail(r, 2)).toBe('B · TFIDF — tfidf, builtin, fp64, cpu (briefs / gender-briefs)');
  });
});
