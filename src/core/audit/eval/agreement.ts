/**
 * `eval agreement`: label agreement over annotators (METRICS.md §11). Every pair of annotators
 * who graded at least one common item is scored on those common items (metrics/agreement.ts);
 * each statistic is then summarised over the pairs where it is defined — the unweighted mean and
 * the range (min, max), with the number of pairs behind it.
 */
import type { Annotations } from '../../formats/annotations.ts';
import { binaryKappa, cohenKappa, fuzzyAgreement, relevantAgreement } from '../../metrics/agreement.ts';

/** The statistics of one annotator pair on its common items. */
export interface AgreementPair {
  readonly annotators: readonly [string, string];
  readonly n_common: number;
  readonly fuzzy_agreement: number | undefined;
  readonly relevant_agreement: number | undefined;
  readonly kappa_quadratic: number | undefined;
  readonly kappa_binary: number | undefined;
}

/** The statistics every pair reports, in table order. */
export const AGREEMENT_STATISTICS = Object.freeze(['fuzzy_agreement', 'relevant_agreement', 'kappa_quadratic', 'kappa_binary'] as const);
export type AgreementStatistic = (typeof AGREEMENT_STATISTICS)[number];

/** A statistic over the pairs where it is defined; mean, min and max undefined when there are none. */
export interface AgreementSummary {
  readonly mean: number | undefined;
  readonly min: number | undefined;
  readonly max: number | undefined;
  readonly n_pairs: number;
}

export interface AgreementResults {
  readonly threshold: number;
  readonly n_rows: number;
  readonly n_items: number;
  readonly n_annotators: number;
  /** Every annotator pair, compared or not: n(n − 1)/2. */
  readonly n_annotator_pairs: number;
  /** The pairs with at least one common item, in the annotators' order of first appearance. */
  readonly pairs: readonly AgreementPair[];
  readonly summary: Readonly<Record<AgreementStatistic, AgreementSummary>>;
}

/** The two annotators' grades of the items both graded, aligned, in the first one's item order. */
function commonGrades(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): [number[], number[]] {
  const x: number[] = [];
  const y: number[] = [];
  for (const [item, grade] of a) {
    const other = b.get(item);
    if (other !== undefined) {
      x.push(grade);
      y.push(other);
    }
  }
  return [x, y];
}

function summarise(values: readonly (number | undefined)[]): AgreementSummary {
  const defined = values.filter((v): v is number => v !== undefined);
  if (defined.length === 0) return { mean: undefined, min: undefined, max: undefined, n_pairs: 0 };
  return { mean: defined.reduce((s, v) => s + v, 0) / defined.length, min: Math.min(...defined), max: Math.max(...defined), n_pairs: defined.length };
}

/**
 * Pairwise label agreement over the annotators of `annotations`, with τ = `threshold` for the
 * relevant agreement and the binarised κ. Pairs without a common item are counted in
 * `n_annotator_pairs` but not listed or averaged.
 * @example evalAgreement(readAnnotations(readRecordTable('item,annotator,label\nq,a,1\nq,b,2\nr,a,3\nr,b,3\n', 'csv')), { threshold: 2 }).summary.fuzzy_agreement.mean // 1
 */
export function evalAgreement(annotations: Annotations, options: { readonly threshold: number }): AgreementResults {
  const { threshold } = options;
  const { annotators, grades } = annotations;
  const pairs: AgreementPair[] = [];
  for (let i = 0; i < annotators.length; i++) {
    for (let j = i + 1; j < annotators.length; j++) {
      const [x, y] = commonGrades(grades.get(annotators[i])!, grades.get(annotators[j])!);
      if (x.length === 0) continue;
      pairs.push({
        annotators: [annotators[i], annotators[j]],
        n_common: x.length,
        fuzzy_agreement: fuzzyAgreement(x, y),
        relevant_agreement: relevantAgreement(x, y, threshold),
        kappa_quadratic: cohenKappa(x, y, 'quadratic'),
        kappa_binary: binaryKappa(x, y, threshold),
      });
    }
  }
  const summary = Object.fromEntries(AGREEMENT_STATISTICS.map((s) => [s, summarise(pairs.map((p) => p[s]))])) as Record<AgreementStatistic, AgreementSummary>;
  const n = annotators.length;
  return { threshold, n_rows: annotations.nRows, n_items: annotations.nItems, n_annotators: n, n_annotator_pairs: (n * (n - 1)) / 2, pairs, summary };
}
