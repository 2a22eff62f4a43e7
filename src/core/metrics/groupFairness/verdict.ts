import { interval, percent, statistic } from '../../audit/common/index.ts';
import type { GroupFairnessSummary, ReportedValue, VerdictWording } from './types.ts';

/**
 * The verdict of METRICS.md §12 in words: the group whose mean attention share at K is furthest
 * below its mean target share, by how many percentage points, with AWRF@K and its 95% CI:
 * "In BM25's top 10, female profiles receive 41.0% of the attention against 50.0% in the corpus,
 * 9.0 percentage points below (AWRF 0.969, 95% CI 0.961 to 0.976)." Numbers are written as the
 * other verdicts write them (audit/common wording.ts). When no group is below its target the
 * sentence says so; when no query has an AWRF it says there is nothing to compare.
 * @example groupFairnessVerdict(summary, { subject: 'BM25' }) // 'In BM25's top 10, female profiles receive …'
 */
export function groupFairnessVerdict(summary: GroupFairnessSummary, wording: VerdictWording): string {
  const k = summary.k;
  const fairness = summary[`awrf@${k}`];
  const lead = `In ${wording.subject}'s top ${k}`;
  if (fairness === undefined) return `${lead}, no query has a labelled ranking to compare with the target, so no group's share of the attention can be read.`;
  const worst = furthestBelow(summary);
  const against = targetPhrase(summary, wording);
  const tail = `(AWRF ${statistic(valueOf(fairness))}${typeof fairness === 'number' ? '' : `, ${interval(fairness.ci)}`}).`;
  if (worst === undefined) return `${lead}, every group receives at least its share of the attention ${against} ${tail}`;
  const { group, share, target } = worst;
  // the gap between the two percentages as shown, so the sentence's three numbers add up
  const shown = (x: number) => Number((100 * x).toFixed(1));
  const gap = (shown(target) - shown(share)).toFixed(1);
  return `${lead}, ${group} profiles receive ${percent(share, 1)} of the attention against ${percent(target, 1)} ${against}, ${gap} percentage points below ${tail}`;
}

/** The group with the largest positive gap t̄_g − ā_g (the first in code-unit order on a tie), or undefined when none is below. */
function furthestBelow(summary: GroupFairnessSummary): { group: string; share: number; target: number } | undefined {
  let worst: { group: string; share: number; target: number } | undefined;
  for (const group of summary.groups) {
    const reported = summary.attention_share[group];
    if (reported === undefined) continue;
    const share = valueOf(reported);
    const target = summary.target_share[group] ?? 0;
    if (target - share > 0 && (worst === undefined || target - share > worst.target - worst.share)) worst = { group, share, target };
  }
  return worst;
}

/** What the target is, after "against x%". */
function targetPhrase(summary: GroupFairnessSummary, wording: VerdictWording): string {
  if (summary.target === 'relevant') return 'among the relevant documents';
  if (summary.target === 'equal') return 'under equal shares';
  return `in the ${wording.pool ?? 'corpus'}`;
}

const valueOf = (x: ReportedValue): number => (typeof x === 'number' ? x : x.mean);
