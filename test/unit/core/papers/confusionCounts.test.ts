/**
 * Checked against the screening paper's own numbers: from its published confusion counts,
 * confusion.ts gives the balanced accuracy and macro-F1 the paper reports.
 *
 * Which count is which, from the values: the paper writes each matrix as four counts
 * (515/387/336/521 and 534/368/475/382). Balanced accuracy and macro-F1 match the published
 * 0.589/0.589 and 0.519/0.517 only when the first two counts are one true class (515 + 387 = 902,
 * and 534 + 368 = 902: both models saw the same 902 and 857 CVs) and the first and last counts are
 * the correct decisions — the row-major matrix [[TN, FP], [FN, TP]] that scikit-learn's
 * confusion_matrix and Fairground's results print. (Both metrics are symmetric in the two classes,
 * so the values cannot tell which row is FIT; we read it as scikit-learn's layout.)
 */
import { describe, expect, it } from 'vitest';
import { balancedAccuracy, confusionCounts, confusionMatrix, macroF1 } from '../../../../src/core/metrics/classification.ts';

/** A label/score set with exactly these counts at threshold 50: predicted FIT iff score ≥ 50. */
function labelledSet(tn: number, fp: number, fn: number, tp: number): { labels: Uint8Array; scores: Float64Array } {
  const rows: [number, number][] = [
    ...Array.from({ length: tn }, (): [number, number] => [0, 10]),
    ...Array.from({ length: fp }, (): [number, number] => [0, 90]),
    ...Array.from({ length: fn }, (): [number, number] => [1, 10]),
    ...Array.from({ length: tp }, (): [number, number] => [1, 90]),
  ];
  return { labels: Uint8Array.from(rows, (r) => r[0]), scores: Float64Array.from(rows, (r) => r[1]) };
}

describe('confusion.ts on the paper’s published confusion counts', () => {
  it.each([
    [[515, 387, 336, 521], 0.589, 0.589],
    [[534, 368, 475, 382], 0.519, 0.517],
  ] as const)('confusionCounts of %j at 50 gives balanced accuracy %s and macro-F1 %s (3 decimals, as published)', ([tn, fp, fn, tp], ba, f1) => {
    const { labels, scores } = labelledSet(tn, fp, fn, tp);
    const c = confusionCounts(labels, scores, 50);
    expect(c).toEqual({ tp, fp, tn, fn });
    expect(confusionMatrix(c).counts).toEqual([
      [tn, fp],
      [fn, tp],
    ]);
    expect(balancedAccuracy(c).toFixed(3)).toBe(ba.toFixed(3));
    expect(macroF1(c).toFixed(3)).toBe(f1.toFixed(3));
  });

  it('confusionCounts of 515/387/336/521 gives balanced accuracy (521/857 + 515/902)/2 and macro-F1 (1042/1765 + 1030/1753)/2 exactly', () => {
    const c = confusionCounts(...(Object.values(labelledSet(515, 387, 336, 521)) as [Uint8Array, Float64Array]), 50);
    expect(balancedAccuracy(c)).toBeCloseTo((521 / 857 + 515 / 902) / 2, 15);
    expect(macroF1(c)).toBeCloseTo((1042 / (1042 + 387 + 336) + 1030 / (1030 + 336 + 387)) / 2, 15);
  });
});
