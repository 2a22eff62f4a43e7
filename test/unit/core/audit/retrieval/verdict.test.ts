import { describe, expect, it } from 'vitest';
import { fairnessAnchor, retrievalVerdict, retrievalVerdicts } from '../../../../../src/core/audit/retrieval/verdict.ts';
import { fairnessRanking } from '../../../../../src/core/audit/retrieval/fairnessRanking.ts';
import type { ModelResult, SubsetResult } from '../../../../../src/core/audit/retrieval/results.ts';
import { displayNames, shortModelName } from '../../../../../src/core/models/displayName.ts';

/** Only what a verdict reads: the overall twin statistics of one model (the rest of a result is not needed). */
function model(id: string, label: string, rbc: number, ci: [number, number]): ModelResult {
  const overall = { rbc_pooled: { mean: rbc, ci }, rank_shift: { mean: 15.62, ci: [14, 17] }, 'iou@10': { mean: 0.9049, ci: [0.89, 0.92] } };
  return { model: { id, label }, robustness: { overall } } as unknown as ModelResult;
}
const subset = (models: ModelResult[], twinsTask = 'twins'): SubsetResult => ({ task: 'briefs', twinsTask, groups: ['female', 'male'], models }) as unknown as SubsetResult;

describe('retrievalVerdict(subset, model, k)', () => {
  it('a negative pooled RBC whose CI excludes 0: the first group ranks below, in (1 + 0.41)/2 = 70.5% of the pairs that moved', () => {
    const m = model('bm25', 'BM25 (k1 1.2, b 0.75)', -0.41, [-0.46, -0.34]);
    const v = retrievalVerdict(subset([m]), m, 10);
    expect(v.text).toBe('BM25: female-signalled profiles rank below their male twins in 70.5% of the pairs that moved (pooled RBC −0.410, 95% CI −0.460 to −0.340); swapping twins in moves a profile 15.6 ranks on average and keeps 90.5% of the top 10 (IoU@10).');
    expect(v.distinguishable).toBe(true);
    expect(v.anchor).toBe(fairnessAnchor({ task: 'briefs', twinsTask: 'twins' }, 'bm25'));
  });

  it('a positive RBC favours the first group; a CI that includes 0 names no one', () => {
    const up = model('e5', 'intfloat/multilingual-e5-small', 0.2, [0.1, 0.3]);
    expect(retrievalVerdict(subset([up]), up, 10).text).toMatch(/^multilingual-e5-small: male-signalled profiles rank below their female twins in 60\.0% /u);
    const none = model('tfidf', 'TF-IDF', 0.05, [-0.02, 0.12]);
    const v = retrievalVerdict(subset([none]), none, 10);
    expect(v.distinguishable).toBe(false);
    expect(v.text).toMatch(/^TF-IDF: no preference between female- and male-signalled profiles can be told from chance \(pooled RBC 0\.050, 95% CI −0\.020 to 0\.120, which includes 0\)/u);
  });

  it('the summary counts the models that favour a group; a set without twins has no verdicts', () => {
    const models = [model('a', 'A', -0.41, [-0.46, -0.34]), model('b', 'B', 0.05, [-0.02, 0.12])];
    expect(retrievalVerdicts(subset(models), 10).summary).toBe('1 of 2 models favour one group by more than chance allows.');
    expect(retrievalVerdicts(subset([models[1]]), 10).summary).toBe('No model favours female- or male-signalled profiles by more than chance allows.');
    expect(retrievalVerdicts(subset(models, ''), 10)).toEqual({ verdicts: [], summary: 'This query set has no twins: only effectiveness is measured.' });
  });
});

describe('shortModelName and displayNames', () => {
  it('drops a trailing parenthesis, an organisation and the imported: prefix', () => {
    expect(shortModelName('GloVe 100d static (bundled)', 'x')).toBe('GloVe 100d static');
    expect(shortModelName('Calibrated similarity (GloVe 100d static (bundled))', 'x')).toBe('Calibrated similarity (GloVe 100d static)');
    expect(shortModelName('', 'Snowflake/snowflake-arctic-embed-xs')).toBe('snowflake-arctic-embed-xs');
    expect(shortModelName('imported:word-overlap', 'imported:word-overlap')).toBe('word-overlap');
  });
  it('two models with the same short name keep their full labels', () => {
    expect(displayNames([{ label: 'BM25 (k1 1.2)', id: 'a' }, { label: 'BM25 (k1 2)', id: 'b' }, { label: 'TF-IDF (l2)', id: 'c' }])).toEqual(['BM25 (k1 1.2)', 'BM25 (k1 2)', 'TF-IDF']);
  });
});

describe('fairnessRanking(subset, key): the models in order on the fairness the reader picked (issue 48)', () => {
  /** A model with |RBC|, IoU@10 and rank shift as given (means and CIs by hand). */
  function ranked(id: string, label: string, rbcAbs: [number, number, number], iou: [number, number, number], shift: [number, number, number]): ModelResult {
    const ci = ([mean, lo, hi]: [number, number, number]) => ({ mean, ci: [lo, hi] });
    return { model: { id, label }, robustness: { overall: { rbc_abs: ci(rbcAbs), 'iou@10': ci(iou), rank_shift: ci(shift) } } } as unknown as ModelResult;
  }
  // The demo's shape: BM25 the strongest preference, TF-IDF the smallest |RBC| and the best IoU but the largest rank shift.
  const bm25 = ranked('bm25', 'BM25 (k1 1.2, b 0.75)', [0.41, 0.34, 0.46], [0.88, 0.86, 0.9], [12, 11, 13]);
  const tfidf = ranked('tfidf', 'TF-IDF', [0.12, 0.08, 0.16], [0.95, 0.94, 0.96], [20, 18, 22]);
  const glove = ranked('glove', 'GloVe (100d)', [0.2, 0.15, 0.25], [0.93, 0.9, 0.955], [9, 8, 10]);
  const demo = subset([bm25, tfidf, glove]);

  it('on |RBC| (smaller is fairer): TF-IDF 0.120, GloVe 0.200, BM25 0.410; TF-IDF\'s CI [0.08, 0.16] and GloVe\'s [0.15, 0.25] overlap (0.16 > 0.15)', () => {
    expect(fairnessRanking(demo, 'rbc')).toBe(
      'Ranked on |RBC| (how strongly one group is preferred; smaller is fairer): TF-IDF 0.120, GloVe 0.200, BM25 0.410 — the 95% CIs of TF-IDF and GloVe overlap, so which of the two is fairer cannot be told from these queries.',
    );
  });

  it('on rank shift TF-IDF comes last; GloVe\'s CI [8, 10] lies clear of BM25\'s [11, 13]: GloVe is the fairest on it', () => {
    expect(fairnessRanking(demo, 'rank_shift')).toBe(
      'Ranked on rank shift (how far swapping twins moves a profile; smaller is fairer): GloVe 9.0, BM25 12.0, TF-IDF 20.0 — GloVe\'s 95% CI lies clear of BM25\'s, so GloVe is the fairest on this measure.',
    );
  });

  it('on IoU@10 (larger is fairer): TF-IDF 0.950, GloVe 0.930, BM25 0.880; the CIs [0.94, 0.96] and [0.90, 0.955] overlap', () => {
    expect(fairnessRanking(demo, 'iou@10')).toMatch(/^Ranked on IoU@10 \(how much of the top 10 swapping twins keeps; larger is fairer\): TF-IDF 0\.950, GloVe 0\.930, BM25 0\.880 — the 95% CIs of TF-IDF and GloVe overlap/);
  });

  it('one model: nothing to rank against; no twins: no sentence', () => {
    expect(fairnessRanking(subset([bm25]), 'rbc')).toBe('Ranked on |RBC| (how strongly one group is preferred; smaller is fairer): BM25 is the only model, so there is nothing to rank it against.');
    expect(fairnessRanking(subset([bm25, tfidf], ''), 'rbc')).toBeUndefined();
  });

  it('a measure only one model has: the models cannot be ranked, and why', () => {
    const none = ranked('x', 'X', [NaN, NaN, NaN], [NaN, NaN, NaN], [NaN, NaN, NaN]);
    expect(fairnessRanking(subset([bm25, none]), 'rbc')).toBe('Ranked on |RBC| (how strongly one group is preferred; smaller is fairer): the models cannot be ranked — X has no value on it (no twin pair defines it).');
  });

  it('on a group-fairness measure (issue 50): AWRF@10 larger is fairer, NDKL@10 smaller is fairer, read from each model\'s §12 summary', () => {
    const grouped = (m: ModelResult, awrf: [number, number, number], ndkl: [number, number, number]): ModelResult => {
      const ci = ([mean, lo, hi]: [number, number, number]) => ({ mean, ci: [lo, hi] });
      return { ...m, groupFairness: { by: ['meta.gender'], summary: { k: 10, 'awrf@10': ci(awrf), 'ndkl@10': ci(ndkl) } } } as unknown as ModelResult;
    };
    const g = subset([grouped(bm25, [0.975, 0.971, 0.979], [0.303, 0.29, 0.318]), grouped(tfidf, [0.99, 0.985, 0.995], [0.2, 0.18, 0.22])]);
    expect(fairnessRanking(g, 'awrf@10')).toBe(
      'Ranked on AWRF@10 (how closely each group’s share of the attention follows its target; larger is fairer): TF-IDF 0.990, BM25 0.975 — TF-IDF\'s 95% CI lies clear of BM25\'s, so TF-IDF is the fairest on this measure.',
    );
    expect(fairnessRanking(g, 'ndkl@10')).toMatch(/^Ranked on NDKL@10 \(.*; smaller is fairer\): TF-IDF 0\.200, BM25 0\.303 — TF-IDF's 95% CI lies clear/);
    // group fairness needs no twins, and a model without labels has no value
    expect(fairnessRanking(subset([g.models[0], tfidf], ''), 'awrf@10')).toMatch(/the models cannot be ranked — TF-IDF has no value on it \(no document it ranked has a group label\)/);
    expect(fairnessRanking(subset([bm25, tfidf]), 'awrf@10')).toBeUndefined();
  });
});
