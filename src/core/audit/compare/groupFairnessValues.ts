/**
 * The group fairness of rankings a comparison row reports (METRICS.md §12): `awrf@K`,
 * `awrf_ndcg@K`, `ndkl@K`, `exposure_ratio`, `disparate_treatment` (macro means, paired across runs
 * through the per-unit columns) and `min_skew@k`, `max_skew@k` (pooled: shown and gated, not paired).
 */
import type { GroupFairnessSummary } from '../../metrics/groupFairness/index.ts';
import type { Ci } from '../common/index.ts';

/** A summary's reported value as a row's {mean, ci}: a plain number has no CI (NaN bounds); null or absent is left out. */
function asCi(value: unknown): Ci | undefined {
  if (typeof value === 'number') return { mean: value, ci: [NaN, NaN] };
  if (typeof value !== 'object' || value === null || !('mean' in value)) return undefined;
  const v = value as { mean: unknown; ci?: readonly unknown[] };
  const num = (x: unknown) => (typeof x === 'number' ? x : NaN);
  return { mean: num(v.mean), ci: [num(v.ci?.[0]), num(v.ci?.[1])] };
}

/**
 * @example groupFairnessValues({ k: 10, 'awrf@10': 0.97, exposure_ratio: { mean: 0.7, ci: [0.6, 0.8] }, … }) // { 'awrf@10': { mean: 0.97, ci: [NaN, NaN] }, exposure_ratio: … }
 */
export function groupFairnessValues(summary: GroupFairnessSummary | undefined): Record<string, Ci> {
  if (!summary) return {};
  const s = summary as unknown as Record<string, unknown>;
  const keys = [`awrf@${summary.k}`, `awrf_ndcg@${summary.k}`, `ndkl@${summary.k}`, 'exposure_ratio', 'disparate_treatment'];
  for (const key of Object.keys(s)) if (/^(?:min|max)_skew@\d+$/.test(key)) keys.push(key);
  const out: Record<string, Ci> = {};
  for (const key of keys) {
    const c = asCi(s[key]);
    if (c) out[key] = c;
  }
  return out;
}
