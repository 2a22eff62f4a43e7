/**
 * The metrics a comparison knows: each key's name in words and which way it
 * is better (METRICS.md §1–§5, §10). One table for the Compare view, the
 * sentences of changes.ts, the best-per-column mark and `fairground check`.
 */
import type { Better } from './results.ts';

/** What a comparison says about a metric. */
export interface MetricInfo {
  readonly key: string;
  /** Its name in a sentence or a column head: `NDCG@10`, `rank shift`. */
  readonly label: string;
  readonly better: Better;
}

/** Metrics without a cut-off. RBC is named as Results name it: the per-query RBC averaged, beside the pooled RBC the verdict reads. */
const FIXED: Readonly<Record<string, { readonly label: string; readonly better: Better }>> = Object.freeze({
  rank_shift: { label: 'rank shift', better: 'lower' },
  rbc: { label: 'RBC (per query)', better: 'zero' },
  rbc_abs: { label: '|RBC (per query)|', better: 'lower' },
  rbc_pooled: { label: 'RBC (pooled)', better: 'zero' },
  kendall_tau: { label: 'Kendall τ', better: 'higher' },
  pearson: { label: 'Pearson r', better: 'higher' },
  cohens_d: { label: "Cohen's d", better: 'zero' },
  std_mad: { label: 'Std MAD', better: 'lower' },
  auc: { label: 'AUC', better: 'higher' },
  balanced_accuracy: { label: 'balanced accuracy', better: 'higher' },
  macro_f1: { label: 'macro-F1', better: 'higher' },
  icc: { label: 'ICC', better: 'higher' },
  sigma_score: { label: 'σScore', better: 'lower' },
  sigma_rank: { label: 'σRank', better: 'lower' },
  label_flip_pct: { label: 'label flip %', better: 'lower' },
  impact_ratio: { label: 'impact ratio (lowest)', better: 'higher' },
  output_validity: { label: 'output validity', better: 'higher' },
  seconds_per_1000_calls: { label: 'seconds per 1,000 calls (its device)', better: 'lower' },
  exposure_ratio: { label: 'exposure ratio', better: 'higher' },
  disparate_treatment: { label: 'disparate treatment ratio', better: 'higher' },
});

/** Metrics at a cut-off k: the label's prefix and the direction. */
const AT_K: Readonly<Record<string, { readonly label: string; readonly better: Better }>> = Object.freeze({
  ndcg: { label: 'NDCG', better: 'higher' },
  p: { label: 'P', better: 'higher' },
  mrr: { label: 'MRR', better: 'higher' },
  iou: { label: 'IoU', better: 'higher' },
  dropout: { label: 'Dropout', better: 'lower' },
  odds_ratio: { label: 'OddsRatio', better: 'one' },
  precision: { label: 'P', better: 'higher' },
  disag: { label: 'Disag', better: 'lower' },
  awrf: { label: 'AWRF', better: 'higher' },
  awrf_ndcg: { label: 'AWRF×nDCG', better: 'higher' },
  ndkl: { label: 'NDKL', better: 'lower' },
  min_skew: { label: 'MinSkew', better: 'zero' },
  max_skew: { label: 'MaxSkew', better: 'zero' },
});

/**
 * What a metric key means, or undefined for a key no audit reports.
 * @example metricInfo('iou@10') // { key: 'iou@10', label: 'IoU@10', better: 'higher' }
 * @example metricInfo('rank_shift') // { key: 'rank_shift', label: 'rank shift', better: 'lower' }
 * @example metricInfo('delta_score|gender|female|explicit') // { key, label: 'ΔScore gender=female (explicit)', better: 'zero' }
 */
export function metricInfo(key: string): MetricInfo | undefined {
  if (Object.hasOwn(FIXED, key)) return { key, ...FIXED[key] };
  // A screening effect's ΔScore (compare/screeningUnits.ts): nearer 0 is better.
  const effect = /^delta_score\|([^|]*)\|([^|]*)\|([^|]*)$/.exec(key);
  if (effect) return { key, label: `ΔScore ${effect[1]}=${effect[2]} (${effect[3]})`, better: 'zero' };
  const m = /^([a-z_]+)@(\d+)$/.exec(key);
  if (m && Object.hasOwn(AT_K, m[1])) return { key, label: `${AT_K[m[1]].label}@${m[2]}`, better: AT_K[m[1]].better };
  return undefined;
}

/** A metric's label, or its key when it is not known. @example metricLabel('ndcg@10') // 'NDCG@10' */
export function metricLabel(key: string): string {
  return metricInfo(key)?.label ?? key;
}

/**
 * How far a value is from the best, for ranking: the value itself (larger
 * better), its negation (smaller better), −|x| (nearer 0), −|ln x| (nearer 1).
 * NaN stays NaN.
 * @example merit('lower', 3) // -3
 */
export function merit(better: Better, value: number): number {
  switch (better) {
    case 'higher':
      return value;
    case 'lower':
      return -value;
    case 'zero':
      return -Math.abs(value);
    case 'one':
      return -Math.abs(Math.log(value));
  }
}
