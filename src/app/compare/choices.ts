/** The Compare view's defaults: which metrics are checked first, and how a stored run is named. */
import type { RunEntry } from '../../storage/index.ts';

/** The metrics shown first, where the runs report them: effectiveness, the twin metrics a release is gated on, screening validity and outcomes. */
const DEFAULT_METRICS = [/^ndcg@\d+$/, /^iou@\d+$/, /^rank_shift$/, /^rbc$/, /^kendall_tau$/, /^auc$/, /^balanced_accuracy$/, /^icc$/, /^impact_ratio$/];

/** The metrics checked before the user chooses: the defaults among those reported, else all. */
export function defaultMetrics(available: readonly string[]): string[] {
  const chosen = available.filter((m) => DEFAULT_METRICS.some((re) => re.test(m)));
  return chosen.length > 0 ? chosen : [...available];
}

/**
 * A stored run's name in the comparison: its dataset and its number among the finished runs, the
 * ones the view lists (oldest is #1), so the numbers shown run on without gaps (issue 48: failed
 * and interrupted runs took numbers, and the list read #1, #2, #5, #7).
 */
export function runLabel(run: RunEntry, list: readonly RunEntry[]): string {
  const shown = list.filter((r) => r.status === 'done' || r.id === run.id);
  const oldestFirst = [...shown].sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  return `${run.config.datasetId} #${oldestFirst.findIndex((r) => r.id === run.id) + 1}`;
}

