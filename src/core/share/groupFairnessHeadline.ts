/**
 * What a summary link carries of a ranking's group fairness (METRICS.md §12): what its verdict
 * reads — the grouping, K, the target (not its relevance threshold), the counts, each group's target share and mean attention
 * share (its CI left out; shares to 4 significant digits, as the verdict prints them to 0.1%), and AWRF@K with its CI. The exposure and Skew per group, the exposure
 * ratio, NDKL, AWRF×nDCG, disparate treatment and the skipped-query counts stay in the full link (as
 * the per-language tables do), so an e-mailed link stays under 4,000 characters.
 */
import type { GroupFairnessSummary } from '../metrics/groupFairness/index.ts';

/** Significant digits of a share in a summary link: the verdict prints shares to 0.1%. */
const SHARE_DIGITS = 4;

/** The keys a summary link keeps, besides `awrf@K`. */
const HEADLINE = ['k', 'target', 'groups', 'n_queries', 'n_unlabelled', 'target_share'] as const;

/**
 * @example headlineOf(summary) // { k: 10, target: 'pool', …, 'awrf@10': { mean, ci } }
 */
export function headlineOf(summary: GroupFairnessSummary): GroupFairnessSummary {
  const s = summary as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of [...HEADLINE, `awrf@${summary.k}`]) if (s[key] !== undefined) out[key] = s[key];
  const mean = (v: unknown) => (typeof v === 'object' && v !== null && 'mean' in v ? (v as { mean: number }).mean : v);
  // Shares as the verdict prints them (to 0.1%) need 4 significant digits, not the link's 7.
  const share = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Number(v.toPrecision(SHARE_DIGITS)) : v);
  out.attention_share = Object.fromEntries(Object.entries(summary.attention_share).map(([g, v]) => [g, share(mean(v))]));
  out.target_share = Object.fromEntries(Object.entries(summary.target_share).map(([g, v]) => [g, share(v)]));
  return out as unknown as GroupFairnessSummary;
}
