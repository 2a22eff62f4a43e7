import { describe, expect, it } from 'vitest';
import { auditSubset, auditSubsetInBlocks, retrievalFairnessResults } from '../../../../../src/core/audit/retrieval/audit.ts';
import { matrixScorer, timingOf } from '../../../../../src/core/audit/retrieval/scoring.ts';
import type { AuditModel } from '../../../../../src/core/audit/retrieval/input.ts';
import { bootstrapCi } from '../../../../../src/core/stats/bootstrap.ts';
import { meanCi } from '../../../../../src/core/stats/meanCi.ts';
import { corpusScores, tinySubset, twinScores } from './tinyDataset.ts';

const model: AuditModel['model'] = { id: 'm', label: 'M', kind: 'embedding', revision: 'r', dtype: 'fp32', device: 'cpu' };
const tiny = (): AuditModel => ({ model, timing: timingOf(100, 11), score: matrixScorer(corpusScores, twinScores, 6, 2) });

// Hand-worked per-query values (see tinyDataset.ts for the score tables).
// xq1 ranks xd1 xd2 xd3 | xd6 xd5 xd4; relevant (grade ≥ 2) xd1 (3) and xd3 (2); xd4 judged 1.
//   DCG@3 = 3/1 + 0 + 2/2 = 4; IDCG@3 = 3 + 2/log2(3) + 1/2.
// xq2 ranks xd4 xd5 xd6 | xd3 xd2 xd1; xd6 (4) at rank 3, xd1 (2) at 6.
//   DCG@3 = 4/log2(4) = 2; IDCG@3 = 4 + 2/log2(3).
// xq3 ranks xd3 xd5 xd1 | xd2 xd4 xd6; only xd4 (2) is relevant, at rank 5: all 0.
const L3 = Math.log2(3);
const ndcg = [4 / (3.5 + 2 / L3), 2 / (4 + 2 / L3), 0];
const p = [2 / 3, 1 / 3, 0];
const mrr = [1, 1 / 3, 0];
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('auditSubset on the tiny hand-made dataset', () => {
  const result = auditSubset(tinySubset(), [tiny()], { k: 3, bootstrap: 0 });
  const m = result.models[0];

  it('counts the audited and skipped queries', () => {
    expect(m.nQueries).toBe(3);
    expect(m.nSkipped).toBe(1); // xq4 has only a grade-1 judgment
  });

  it('reports NDCG@3, P@3 and MRR@3 at τ = 2 as macro averages', () => {
    expect(m.effectiveness!['ndcg@3'].mean).toBeCloseTo(mean(ndcg), 12);
    expect(m.effectiveness!['p@3'].mean).toBeCloseTo(1 / 3, 12);
    expect(m.effectiveness!['mrr@3'].mean).toBeCloseTo(4 / 9, 12);
    expect(Object.keys(m.effectiveness!)).toEqual(['ndcg@3', 'p@3', 'mrr@3']);
  });

  it('reports the overall twin metrics', () => {
    const o = m.robustness.overall;
    // IoU@3 per query 1, 1, 1/2 (xq3: A = {xd3,xd5,xd1}, B = {xd3,xd2,xd1}).
    expect(o['iou@3'].mean).toBeCloseTo(2.5 / 3, 12);
    // |rank_o − rank_t|: xq1 (1, 1), xq2 (0, 1), xq3 (2, 2) → 1, 0.5, 2.
    expect(o.rank_shift.mean).toBeCloseTo(3.5 / 3, 12);
    // Dropout@3: only xq3 drops xd5 out of the top 3.
    expect(o['dropout@3'].mean).toBeCloseTo(1 / 3, 12);
    // Kendall τ-b over the 6 documents: 2, 1 and 3 discordant pairs of 15.
    expect(o.kendall_tau.mean).toBeCloseTo((11 / 15 + 13 / 15 + 9 / 15) / 3, 12);
    // Pearson r of two points: +1, +1, −1.
    expect(o.pearson.mean).toBeCloseTo(1 / 3, 12);
    // Wins (female, male): xq1 (2, 0), xq2 (1, 0; xd2 tied), xq3 (0, 2): per-query RBC 1, 1, −1,
    // averaged 1/3 (METRICS.md §3); pooled (3 − 2)/5.
    expect(o.rbc.mean).toBeCloseTo(1 / 3, 12);
    expect(o.rbc_abs.mean).toBeCloseTo(1 / 3, 12);
    expect(o.rbc_pooled.mean).toBeCloseTo(0.2, 12);
    expect(o.n_pairs).toBe(6);
    expect(o.n_queries).toBe(3);
  });

  it('reports OddsRatio@3, Std MAD and Cohen’s d of the overall twins', () => {
    const o = m.robustness.overall;
    // Ranks (F, M) where each member stands: xq1 xd2 (2, 3), xd5 (4, 5) → n_F = n_M = 1, OR 1;
    // xq2 xd2 (5, 5), xd5 (1, 2) → OR 1; xq3 xd2 (4, 2), xd5 (4, 2) → n_F = 0, n_M = 2:
    // OR = (0.5/2.5)/(2.5/0.5) = 0.04. Geometric mean 0.04^(1/3).
    expect(o['odds_ratio@3'].mean).toBeCloseTo(Math.cbrt(0.04), 12);
    // |s(d) − s(d')|: xq1 (.15, .15) sd 0, xq2 (.05, .15) sd .05√2, xq3 (.18, .2) sd .01√2 → mean .02√2.
    expect(o.std_mad.mean).toBeCloseTo(0.02 * Math.SQRT2, 12);
    // s(F) − s(M) on xq2: (.05, .15), d = 0.1 / (0.05√2) = √2 (xq1's two equal differences differ only by rounding)
    expect(m.robustness.perLangPooled.en.cohens_d.mean).toBeNaN(); // one pair per query
  });

  it('reports the pooled per-language variant: every query, only that language replaced (xd5 has no lang: its document is fr)', () => {
    const { en, fr } = m.robustness.perLangPooled;
    expect(Object.keys(m.robustness.perLangPooled)).toEqual(['en', 'fr']);
    expect(en['iou@3'].mean).toBeCloseTo(5 / 6, 12);
    expect(en.rank_shift.mean).toBeCloseTo(1, 12);
    expect(en['dropout@3'].mean).toBe(0);
    expect(en.kendall_tau.mean).toBeCloseTo((13 / 15 + 1 + 11 / 15) / 3, 12);
    expect(en.pearson.mean).toBeNaN(); // one pair per query: undefined everywhere
    expect(en.rbc.mean).toBe(0); // one win each
    expect(fr['iou@3'].mean).toBeCloseTo(5 / 6, 12);
    expect(fr.rank_shift.mean).toBeCloseTo(4 / 3, 12);
    expect(fr['dropout@3'].mean).toBeCloseTo(1 / 3, 12);
    expect(fr.kendall_tau.mean).toBeCloseTo(37 / 45, 12);
    expect(fr.rbc.mean).toBeCloseTo(1 / 3, 12); // per query 1, 1, −1; pooled (2 − 1)/3 alike
    expect(fr.rbc_pooled.mean).toBeCloseTo(1 / 3, 12);
    // en (xd2): OR 1 on xq1, none on xq2 (neither member in the top 3), (0.5/1.5)/(1.5/0.5) = 1/9 on xq3;
    // fr (xd5): none on xq1, 1 on xq2, 1/9 on xq3. Geometric means 1/3.
    expect(en['odds_ratio@3'].mean).toBeCloseTo(1 / 3, 12);
    expect(fr['odds_ratio@3'].mean).toBeCloseTo(1 / 3, 12);
    expect(en.std_mad.mean).toBeNaN(); // |S| = 1 per query
    expect(fr.n_pairs).toBe(3);
  });

  it('reports the per-language subsets of the paper: the queries of L (en: xq1, xq3; fr: xq2), the twins of L, the whole corpus', () => {
    const { en, fr } = m.robustness.perLang;
    expect(Object.keys(m.robustness.perLang)).toEqual(['en', 'fr']);
    // en (xd2's twin): IoU@3 1 on xq1, 1/2 on xq3 (B = {xd3, xd2', xd5}); rank shift 1 and 2; Kendall 13/15 and 11/15.
    expect(en['iou@3'].mean).toBeCloseTo(0.75, 12);
    expect(en.rank_shift.mean).toBeCloseTo(1.5, 12);
    expect(en['dropout@3'].mean).toBe(0);
    expect(en.kendall_tau.mean).toBeCloseTo(12 / 15, 12);
    // xq1: the female original ranks better (2 against 3); xq3: the male twin (2 against 4): RBC 1 and −1.
    expect(en.rbc.mean).toBe(0);
    expect([en.n_queries, en.n_pairs]).toEqual([2, 2]);
    // fr (xd5's twin) on xq2: rank 2 → 1 (its female twin scores .95), IoU 1, RBC +1.
    expect(fr['iou@3'].mean).toBe(1);
    expect(fr.rank_shift.mean).toBe(1);
    expect(fr['dropout@3'].mean).toBe(0);
    expect(fr.rbc.mean).toBe(1);
    expect([fr.n_queries, fr.n_pairs]).toEqual([1, 1]);
  });

  it('reports effectiveness on each language\'s queries: en (xq1, xq3), fr (xq2)', () => {
    const { en, fr } = m.effectivenessPerLang!;
    expect(en['ndcg@3'].mean).toBeCloseTo((ndcg[0] + ndcg[2]) / 2, 12);
    expect(en['p@3'].mean).toBeCloseTo(1 / 3, 12);
    expect(en['mrr@3'].mean).toBeCloseTo(0.5, 12);
    expect(fr['ndcg@3'].mean).toBeCloseTo(ndcg[1], 12);
    expect(fr['mrr@3'].mean).toBeCloseTo(1 / 3, 12);
  });

  it('a dataset whose queries search only their own language (pool "language") ranks each subset among its documents', () => {
    const r = auditSubset({ ...tinySubset(), pool: 'language' }, [tiny()], { k: 3, bootstrap: 0 }).models[0];
    const { en, fr } = r.robustness.perLang;
    // en pool xd1–xd3: k = 3 holds the pool, so IoU 1 and no dropout; xd2 rank 2 → 3 on xq1, 3 → 2 on xq3.
    expect(en['iou@3'].mean).toBe(1);
    expect(en['dropout@3'].mean).toBe(0);
    expect(en.rank_shift.mean).toBe(1);
    expect(en.rbc.mean).toBe(0);
    // fr pool xd4–xd6 on xq2: xd5 rank 2 → 1.
    expect(fr.rank_shift.mean).toBe(1);
    expect(fr.rbc.mean).toBe(1);
    // xq1 ranks xd1 xd2 xd3 in both pools; xq3's only relevant document (xd4, fr) is outside the en pool: 0 either way;
    // xq2's fr pool ranks xd4 xd5 xd6: xd6 (4) third, as in the whole corpus.
    expect(r.effectivenessPerLang!.en['ndcg@3'].mean).toBeCloseTo((ndcg[0] + ndcg[2]) / 2, 12);
    expect(r.effectivenessPerLang!.fr['ndcg@3'].mean).toBeCloseTo(ndcg[1], 12);
    // xq3 judged on xd2 (an en profile) alone: 4th in the whole corpus (behind fr's xd5), 3rd in the en pool.
    const qrels = new Map(tinySubset().qrels!);
    qrels.set('xq3', new Map([['xd2', 2]]));
    const judged = (pool: 'corpus' | 'language') => auditSubset({ ...tinySubset(), qrels, pool }, [tiny()], { k: 3, bootstrap: 0 }).models[0].effectivenessPerLang!.en;
    expect(judged('corpus')['mrr@3'].mean).toBeCloseTo(1 / 2, 12); // xq1 1, xq3 0
    expect(judged('language')['mrr@3'].mean).toBeCloseTo((1 + 1 / 3) / 2, 12);
    expect(judged('language')['ndcg@3'].mean).toBeCloseTo((ndcg[0] + 1 / 2) / 2, 12); // xq3: (2/log2 4) / 2
    // the overall metrics and the pooled variant keep the whole corpus
    expect(r.robustness.overall).toEqual(m.robustness.overall);
    expect(r.robustness.perLangPooled).toEqual(m.robustness.perLangPooled);
  });

  it('reports per-direction metrics, equal here to the languages', () => {
    const d = m.robustness.perDirection;
    expect(Object.keys(d)).toEqual(['female->male', 'male->female']);
    expect(d['female->male']).toEqual(m.robustness.perLangPooled.en);
    expect(d['male->female']).toEqual(m.robustness.perLangPooled.fr);
  });

  it('builds the signed rank-shift histogram rank_o − rank_t', () => {
    expect(m.rankShiftHistogram).toEqual([
      { shift: -2, count: 1 },
      { shift: -1, count: 1 },
      { shift: 0, count: 1 },
      { shift: 1, count: 2 },
      { shift: 2, count: 1 },
    ]);
  });

  it('gives ci [NaN, NaN] with B = 0, serialised as [null, null]', () => {
    expect(m.effectiveness!['ndcg@3'].ci).toEqual([NaN, NaN]);
    expect(JSON.parse(JSON.stringify(m.effectiveness!['ndcg@3']))).toEqual({ mean: mean(ndcg), ci: [null, null] });
  });

  it('keeps the model descriptor and timing', () => {
    expect(m.model).toEqual(model);
    expect(m.timing).toEqual({ wallMs: 100, textsEmbedded: 11, textsCached: 0, textsPerSecond: 110 });
  });
});

describe('auditSubset bootstrap', () => {
  const options = { k: 3, bootstrap: 200, seed: 7 };
  const m = auditSubset(tinySubset(), [tiny()], options).models[0];

  it('draws one resample set for all metrics: each CI equals an independent bootstrap of the hand values', () => {
    const ci = { resamples: 200, seed: 7 };
    expect(m.effectiveness!['ndcg@3'].ci).toEqual(meanCi(ndcg, ci).ci);
    expect(m.effectiveness!['p@3'].ci).toEqual(meanCi(p, ci).ci);
    expect(m.effectiveness!['mrr@3'].ci).toEqual(meanCi(mrr, ci).ci);
    const wins = [[2, 0], [1, 0], [0, 2]];
    const pooledRbc = (idx: Uint32Array) => {
      let f = 0, s = 0;
      for (const i of idx) [f, s] = [f + wins[i][0], s + wins[i][1]];
      return f + s === 0 ? 0 : (f - s) / (f + s);
    };
    expect(m.robustness.overall.rbc_pooled.ci).toEqual(bootstrapCi(3, pooledRbc, ci).ci);
    expect(m.robustness.overall.rbc.ci).toEqual(meanCi([1, 1, -1], ci).ci);
    const meanRbc = (idx: Uint32Array) => [...idx].reduce((a, i) => a + [1, 1, -1][i], 0) / idx.length;
    expect(m.robustness.overall.rbc_abs.ci).toEqual(bootstrapCi(3, (idx) => Math.abs(meanRbc(idx)), ci).ci);
    expect(m.robustness.overall['iou@3'].ci).toEqual(meanCi([1, 1, 0.5], ci).ci);
  });

  it('skips resamples where a metric is undefined (en Pearson: never defined → [NaN, NaN])', () => {
    expect(m.robustness.perLang.en.pearson).toEqual({ mean: NaN, ci: [NaN, NaN] });
  });

  it('is deterministic: the same seed gives an identical results object', () => {
    const header = {
      dataset: { id: 'tiny', version: '1', manifestSha256: 'ab'.repeat(32) },
      relevanceThreshold: 2,
      options,
      createdAt: '2026-01-01T00:00:00.000Z',
      environment: { runtime: 'node' as const },
    };
    const a = retrievalFairnessResults(header, [auditSubset(tinySubset(), [tiny()], options)]);
    const b = retrievalFairnessResults(header, [auditSubset(tinySubset(), [tiny()], options)]);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.parameters).toEqual({ k: 3, relevanceThreshold: 2, bootstrap: 200, seed: 7, groups: ['female', 'male'] });
  });

  it('resamples two models alike (paired): identical scores give identical CIs', () => {
    const r = auditSubset(tinySubset(), [tiny(), { ...tiny(), model: { ...model, id: 'm2' } }], options);
    expect(r.models[1].effectiveness).toEqual(r.models[0].effectiveness);
    expect(r.models[1].robustness).toEqual(r.models[0].robustness);
  });
});

describe('auditSubset edge cases', () => {
  it('scores a qrels query missing from the queries 0 and gives it no twin metrics', () => {
    const subset = { ...tinySubset(), qrels: new Map([...tinySubset().qrels!, ['xq9', new Map([['xd1', 4]])]]) };
    const m = auditSubset(subset, [tiny()], { k: 3, bootstrap: 0 }).models[0];
    expect(m.nQueries).toBe(4);
    expect(m.effectiveness!['p@3'].mean).toBeCloseTo(1 / 4, 12);
    expect(m.robustness.overall.n_queries).toBe(3);
    expect(m.robustness.overall['iou@3'].mean).toBeCloseTo(2.5 / 3, 12);
  });

  it('reports no pairs and NaN twin metrics without a twins task', () => {
    const noTwins: AuditModel = { ...tiny(), score: matrixScorer(corpusScores, new Float64Array(0), 6, 0) };
    const m = auditSubset({ ...tinySubset(), twins: [], twinsTask: '' }, [noTwins], { k: 3, bootstrap: 10 }).models[0];
    expect(m.robustness.overall.n_pairs).toBe(0);
    expect(m.robustness.overall.rbc).toEqual({ mean: NaN, ci: [NaN, NaN] });
    expect(m.robustness.perLang).toEqual({});
    expect(m.rankShiftHistogram).toEqual([]);
  });

  it('throws for a twin of a document outside the corpus, a short score row, or a non-finite score', () => {
    const bad = { ...tinySubset(), twins: [{ id: 'nope', twinId: 't', group: 'female', twinGroup: 'male' }] };
    expect(() => auditSubset(bad, [tiny()], { bootstrap: 0 })).toThrow(/not in the corpus/);
    const short: AuditModel = { ...tiny(), score: () => ({ corpus: [1, 2], twins: [1, 2] }) };
    expect(() => auditSubset(tinySubset(), [short], { bootstrap: 0 })).toThrow(/2 corpus scores, expected 6/);
    const nan: AuditModel = { ...tiny(), score: () => ({ corpus: [1, 2, 3, 4, 5, NaN], twins: [1, 2] }) };
    expect(() => auditSubset(tinySubset(), [nan], { bootstrap: 0 })).toThrow(/not finite/);
  });

  it('rejects invalid options', () => {
    expect(() => auditSubset(tinySubset(), [tiny()], { k: 0 })).toThrow(RangeError);
    expect(() => auditSubset(tinySubset(), [tiny()], { bootstrap: -1 })).toThrow(RangeError);
    expect(() => auditSubset(tinySubset(), [tiny()], { bootstrap: 1.5 })).toThrow(RangeError);
  });
});

describe('auditSubset without relevance labels (a user\'s own CVs, no qrels)', () => {
  const { qrels: _ignored, ...unjudged } = tinySubset();
  const result = auditSubset(unjudged, [tiny()], { k: 3, bootstrap: 50, seed: 3 });
  const m = result.models[0];

  it('audits every query, reports no effectiveness and says why', () => {
    expect(m.nQueries).toBe(3);
    expect(m.nSkipped).toBe(0);
    expect(m.effectiveness).toBeUndefined();
    expect(result.unjudged).toMatch(/no relevance labels/);
  });

  it('gives the same twin metrics as the judged subset, whose three audited queries are the same (hand-worked above)', () => {
    const o = m.robustness.overall;
    expect(o['iou@3'].mean).toBeCloseTo(2.5 / 3, 12);
    expect(o.rank_shift.mean).toBeCloseTo(3.5 / 3, 12);
    expect(o.rbc.mean).toBeCloseTo(1 / 3, 12);
    expect(o.n_queries).toBe(3);
  });

  it('a judged subset says nothing about labels', () => {
    expect(auditSubset(tinySubset(), [tiny()], { k: 3, bootstrap: 0 }).unjudged).toBeUndefined();
  });
});

describe('auditSubsetInBlocks', () => {
  it('gives auditSubset\'s result for blocks of 1 to 4 queries, reports queries done and stops on abort', async () => {
    const want = auditSubset(tinySubset(), [tiny()], { k: 3, bootstrap: 200, seed: 3 });
    const score = tiny().score;
    for (const blockSize of [1, 2, 3, 4]) {
      const blocks: number[][] = [];
      const done: number[] = [];
      const got = await auditSubsetInBlocks(
        tinySubset(),
        { model, timing: timingOf(100, 11), blockSize, scoreBlock: async (qs) => (blocks.push([...qs]), [...qs].map(score)) },
        { k: 3, bootstrap: 200, seed: 3 },
        { onQueries: (d, total) => done.push(d / total) },
      );
      expect(got).toEqual(want);
      expect(blocks.every((b) => b.length <= blockSize)).toBe(true);
      expect(done.at(-1)).toBe(1);
    }
    const controller = new AbortController();
    controller.abort();
    await expect(auditSubsetInBlocks(tinySubset(), { model, timing: timingOf(100, 11), blockSize: 1, scoreBlock: (qs) => [...qs].map(score) }, { k: 3 }, { signal: controller.signal })).rejects.toThrow();
  });
  it('refuses a block scored as the wrong number of rows', async () => {
    await expect(auditSubsetInBlocks(tinySubset(), { model, timing: timingOf(100, 11), blockSize: 2, scoreBlock: () => [] }, { k: 3 })).rejects.toThrow(/scored as 0 rows/);
  });
});
