/**
 * The models of a query set ranked on the fairness measure the reader picked (issue 48: a reader
 * could tell the most effective model from the verdicts but not the fairest — BM25 with the
 * strongest preference, TF-IDF with the smallest |RBC| and the best IoU but the largest rank
 * shift). One sentence: the models in order on that measure, with their values, and whether the
 * first is told apart from the second by their 95% CIs; or why they cannot be ranked.
 */
import { statistic } from '../common/index.ts';
import { displayNames } from '../../models/displayName.ts';
import { isGroupFairnessAxis, orientMeasure } from './pareto.ts';
import type { SubsetResult } from './results.ts';

/** A fairness measure in words, and which way is fairer. */
function measure(key: string): { name: string; fairer: string } {
  if (key === 'rbc') return { name: '|RBC| (how strongly one group is preferred)', fairer: 'smaller is fairer' };
  if (key === 'rank_shift') return { name: 'rank shift (how far swapping twins moves a profile)', fairer: 'smaller is fairer' };
  if (key === 'kendall_tau') return { name: 'Kendall τ (how much of the ranking order swapping twins keeps)', fairer: 'larger is fairer' };
  const at = /^(iou|dropout)@(\d+)$/u.exec(key);
  if (at?.[1] === 'iou') return { name: `IoU@${at[2]} (how much of the top ${at[2]} swapping twins keeps)`, fairer: 'larger is fairer' };
  if (at?.[1] === 'dropout') return { name: `Dropout@${at[2]} (how many top-${at[2]} profiles leave it as twins)`, fairer: 'smaller is fairer' };
  // Group fairness of rankings (METRICS.md §12)
  if (key === 'exposure_ratio') return { name: 'the exposure ratio (the least-seen group’s mean exposure over the most-seen’s)', fairer: 'larger is fairer' };
  const group = /^(awrf|ndkl)@(\d+)$/u.exec(key);
  if (group?.[1] === 'awrf') return { name: `AWRF@${group[2]} (how closely each group’s share of the attention follows its target)`, fairer: 'larger is fairer' };
  if (group?.[1] === 'ndkl') return { name: `NDKL@${group[2]} (how far each top-k prefix’s groups are from the target)`, fairer: 'smaller is fairer' };
  return { name: key, fairer: 'larger is fairer' };
}

/** The value a reader sees for a measure (|RBC| for `rbc`), as the table prints it: orientRobustness negated the smaller-is-fairer ones. */
function shown(key: string, oriented: number): number {
  return /^(iou|awrf)@/u.test(key) || key === 'kendall_tau' || key === 'pearson' || key === 'exposure_ratio' ? oriented : -oriented;
}

/**
 * One sentence ranking the models of `subset` on the fairness measure `key` (the Pareto plot's y:
 * `iou@k`, `rbc`, `rank_shift`, `kendall_tau`, `dropout@k`, or the group-fairness `awrf@k`,
 * `exposure_ratio`, `ndkl@k`), fairest first; undefined for a query set without twins (and, for a
 * group-fairness key, without group labels).
 * @example fairnessRanking(subset, 'rbc')
 *   // 'Ranked on |RBC| (how strongly one group is preferred; smaller is fairer): TF-IDF 0.120, GloVe 0.200, BM25 0.410 — TF-IDF's 95% CI lies clear of GloVe's, so TF-IDF is the fairest on this measure.'
 * @throws {RangeError} for an unknown measure (orientRobustness).
 */
export function fairnessRanking(subset: SubsetResult, key: string): string | undefined {
  const group = isGroupFairnessAxis(key);
  if ((group ? !subset.models.some((m) => m.groupFairness) : subset.twinsTask === '') || subset.models.length === 0) return undefined;
  const names = displayNames(subset.models.map((m) => m.model));
  const { name, fairer } = measure(key);
  const points = subset.models.map((m, i) => ({ name: names[i], ...orientMeasure(m, key).value }));
  const defined = points.filter((p) => Number.isFinite(p.mean)).sort((a, b) => b.mean - a.mean);
  const head = `Ranked on ${name.replace(/\)$/u, `; ${fairer})`)}`;
  if (subset.models.length === 1) return `${head}: ${points[0].name} is the only model, so there is nothing to rank it against.`;
  if (defined.length < 2) {
    const missing = points.filter((p) => !Number.isFinite(p.mean)).map((p) => p.name);
    return `${head}: the models cannot be ranked — ${missing.join(', ')} ${missing.length === 1 ? 'has' : 'have'} no value on it (${group ? 'no document it ranked has a group label' : 'no twin pair defines it'}).`;
  }
  const list = defined.map((p) => `${p.name} ${statistic(shown(key, p.mean), key === 'rank_shift' ? 1 : 3)}`).join(', ');
  const [first, second] = defined;
  const apart = first.ci[0] > second.ci[1];
  const defined95 = Number.isFinite(first.ci[0]) && Number.isFinite(second.ci[1]);
  const tail = !defined95
    ? `without CIs, so the order is not tested`
    : apart
      ? `${first.name}'s 95% CI lies clear of ${second.name}'s, so ${first.name} is the fairest on this measure`
      : `the 95% CIs of ${first.name} and ${second.name} overlap, so which of the two is fairer cannot be told from these queries`;
  const unranked = points.filter((p) => !Number.isFinite(p.mean)).map((p) => p.name);
  return `${head}: ${list} — ${tail}${unranked.length ? ` (${unranked.join(', ')}: no value)` : ''}.`;
}
