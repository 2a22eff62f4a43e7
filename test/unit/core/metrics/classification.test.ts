import { describe, expect, it } from 'vitest';
import {
  auc,
  balancedAccuracy,
  confusionCounts,
  confusionMatrix,
  deltaAuc,
  macroF1,
  precisionAtK,
  randomBaseline,
  tuneThreshold,
} from '../../../../src/core/metrics/classification.ts';

describe('auc', () => {
  it('auc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]) returns 0.75 (scikit-learn documentation example)', () => {
    expect(auc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])).toBe(0.75);
  });

  it('auc counts a tied positive–negative pair as one half', () => {
    // positives 3, 2; negatives 2, 1, 2: 3 beats all (3); 2 vs 2 (½), 2 vs 1 (1), 2 vs 2 (½) → 5/6
    expect(auc([1, 0, 1, 0, 0], [3, 2, 2, 1, 2])).toBeCloseTo(5 / 6, 15);
    expect(auc([0, 1], [1, 1])).toBe(0.5);
  });

  it('auc returns NaN for a single-class label set', () => {
    expect(auc([1, 1, 1], [0.2, 0.5, 0.9])).toBeNaN();
    expect(auc([0, 0], [0.2, 0.5])).toBeNaN();
    expect(auc([], [])).toBeNaN();
  });

  it('auc throws a RangeError for a label other than 0/1 or different lengths', () => {
    expect(() => auc([0, 2], [1, 2])).toThrow(RangeError);
    expect(() => auc([0, 1], [1])).toThrow(RangeError);
  });
});

describe('confusion-based metrics', () => {
  // labels 1 1 1 1 0 0, scores 9 8 7 2 6 1, t = 5 → tp 3, fn 1, fp 1, tn 1
  const labels = [1, 1, 1, 1, 0, 0];
  const scores = [9, 8, 7, 2, 6, 1];

  it('confusionCounts(labels, scores, t) predicts 1 iff s ≥ t', () => {
    expect(confusionCounts(labels, scores, 5)).toEqual({ tp: 3, fn: 1, fp: 1, tn: 1 });
    expect(confusionCounts([1, 0], [5, 5], 5)).toEqual({ tp: 1, fn: 0, fp: 1, tn: 0 });
  });

  it('balancedAccuracy returns (TPR + TNR)/2', () => {
    expect(balancedAccuracy({ tp: 3, fn: 1, fp: 1, tn: 1 })).toBe((3 / 4 + 1 / 2) / 2);
  });

  it('balancedAccuracy of a single-class label set returns the rate of the present class', () => {
    expect(balancedAccuracy({ tp: 2, fn: 1, fp: 0, tn: 0 })).toBeCloseTo(2 / 3, 15);
    expect(balancedAccuracy({ tp: 0, fn: 0, fp: 0, tn: 0 })).toBeNaN();
  });

  it('macroF1 averages the F1 of both classes', () => {
    // class 1: 2·3/(6+1+1) = 0.75; class 0: 2·1/(2+1+1) = 0.5
    expect(macroF1({ tp: 3, fn: 1, fp: 1, tn: 1 })).toBe(0.625);
  });

  it('macroF1 counts an undefined F1 as 0 and always averages over both classes', () => {
    // no predicted and no true positives: F1(1) = 0/0 → 0; F1(0) = 2·2/(4) = 1 → 0.5
    expect(macroF1({ tp: 0, fn: 0, fp: 0, tn: 2 })).toBe(0.5);
    // no predicted positives: F1(1) = 0; F1(0) = 2/(2+0+1) = 2/3
    expect(macroF1({ tp: 0, fn: 1, fp: 0, tn: 1 })).toBeCloseTo(1 / 3, 15);
  });

  it('confusionMatrix returns [[tn, fp], [fn, tp]] with row percentages, NaN for an empty row', () => {
    expect(confusionMatrix({ tp: 3, fn: 1, fp: 1, tn: 1 })).toEqual({
      counts: [[1, 1], [1, 3]],
      rowPercent: [[50, 50], [25, 75]],
    });
    expect(confusionMatrix({ tp: 1, fn: 1, fp: 0, tn: 0 }).rowPercent).toEqual([[NaN, NaN], [50, 50]]);
  });
});

describe('tuneThreshold', () => {
  it('tuneThreshold picks the smallest candidate of maximal balanced accuracy', () => {
    // t=1: BA .5; t=2: (1 + .5)/2 = .75; t=3: .5; t=4: (.5 + 1)/2 = .75 → 2
    expect(tuneThreshold([0, 1, 0, 1], [1, 2, 3, 4])).toEqual({ threshold: 2, balancedAccuracy: 0.75 });
  });

  it('tuneThreshold chooses among the distinct scores only, ties in score moving together', () => {
    // scores 1 1 5 5 with labels 0 1 0 1: both candidates give BA .5 → 1
    expect(tuneThreshold([0, 1, 0, 1], [1, 1, 5, 5])).toEqual({ threshold: 1, balancedAccuracy: 0.5 });
    // separable at 0.7 → BA 1
    expect(tuneThreshold([0, 0, 1, 1], [0.1, 0.3, 0.7, 0.9])).toEqual({ threshold: 0.7, balancedAccuracy: 1 });
  });

  it('tuneThreshold returns undefined for a single-class tune split', () => {
    expect(tuneThreshold([1, 1], [0.3, 0.4])).toBeUndefined();
  });
});

describe('precisionAtK and randomBaseline', () => {
  it('precisionAtK breaks score ties by id descending', () => {
    const p = { ids: ['a', 'b', 'c'], groups: ['j', 'j', 'j'], labels: [1, 0, 0], scores: [1, 1, 0] };
    expect(precisionAtK(p, 1).mean).toBe(0); // b outranks a
    expect(precisionAtK({ ...p, ids: ['z', 'b', 'c'] }, 1).mean).toBe(1); // z outranks b
  });

  it('precisionAtK uses the pool size when the pool is smaller than k and averages over jobs', () => {
    const p = {
      ids: ['a', 'b', 'c', 'd', 'e'],
      groups: ['j1', 'j1', 'j2', 'j2', 'j2'],
      labels: [1, 0, 1, 1, 0],
      scores: [0.9, 0.1, 0.5, 0.2, 0.8],
    };
    // j1 (pool 2 < k=3): 1/2; j2 top 3 = all: 2/3
    const r = precisionAtK(p, 3);
    expect(r.groups).toEqual(['j1', 'j2']);
    expect([...r.values]).toEqual([0.5, 2 / 3]);
    expect(r.mean).toBeCloseTo((0.5 + 2 / 3) / 2, 15);
    // k = 1: j1 → a (FIT) 1; j2 → e (0.8, not FIT) 0
    expect(precisionAtK(p, 1).mean).toBe(0.5);
  });

  it('randomBaseline returns the mean share of FIT per job', () => {
    const p = { ids: ['a', 'b', 'c'], groups: ['j', 'j', 'k'], labels: [1, 0, 1], scores: [0, 0, 0] };
    expect(randomBaseline(p).mean).toBe(0.75);
  });

  it('precisionAtK throws a RangeError for k < 1', () => {
    expect(() => precisionAtK({ ids: ['a'], groups: ['j'], labels: [1], scores: [1] }, 0)).toThrow(RangeError);
  });
});

describe('deltaAuc', () => {
  // Four jobs of four CVs, two FIT each; the model ranks FIT first, the reference last.
  const groups = ['a', 'a', 'a', 'a', 'b', 'b', 'b', 'b', 'c', 'c', 'c', 'c', 'd', 'd', 'd', 'd'];
  const labels = [1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0];
  const model = [4, 3, 2, 1, 4, 3, 2, 1, 4, 3, 2, 1, 4, 3, 2, 1];
  const reference = [1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4];

  it('deltaAuc of a perfect model against a reversed reference is 1 with p = 0', () => {
    const r = deltaAuc(groups, labels, model, reference, { resamples: 200, seed: 3 });
    expect(r.mean).toBe(1);
    expect(r.ci).toEqual([1, 1]);
    expect(r.p).toBe(0);
  });

  it('deltaAuc of a model against itself is 0 with p = 1', () => {
    const r = deltaAuc(groups, labels, model, model, { resamples: 200, seed: 3 });
    expect(r).toEqual({ mean: 0, ci: [0, 0], p: 1 });
  });

  it('deltaAuc pools the rows of the resampled jobs (AUC is not averaged per job)', () => {
    // job a: FIT scored 10, 9 / not 1, 0; job b: FIT 2, 1 / not 8, 7. Reference: constant 0.
    // pooled model AUC: FIT {10, 9, 2, 1} vs not {1, 0, 8, 7}: 10, 9 beat all (8);
    // 2 beats 1, 0 (2); 1 ties 1 (½), beats 0 (1) → 11.5/16; reference 0.5.
    const g = ['a', 'a', 'a', 'a', 'b', 'b', 'b', 'b'];
    const y = [1, 1, 0, 0, 1, 1, 0, 0];
    const r = deltaAuc(g, y, [10, 9, 1, 0, 2, 1, 8, 7], new Array(8).fill(0), { resamples: 10, seed: 1 });
    expect(r.mean).toBeCloseTo(11.5 / 16 - 0.5, 15);
  });
});
