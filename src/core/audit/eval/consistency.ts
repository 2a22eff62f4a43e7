/**
 * `eval consistency`: run-to-run consistency of a decision model
 * (METRICS.md §5): `icc`, `sigma_score`, `sigma_rank`, `label_flip_pct`,
 * `disag@k` (null where undefined, e.g. one run), and `flip_by_cutoff`
 * (label flip % at each integer cut-off 5..95). With `ci`, the first five
 * become {mean, ci}, resampling CVs.
 */
import type { RepeatedScores } from '../../formats/repeatedScores.ts';
import { consistencyUnits, flipByCutoff, summarizeConsistency, type ConsistencySummary } from '../../metrics/consistency.ts';
import { reportStatistic, type CiOptions } from '../common/index.ts';

export function evalConsistency({ pools, runs }: RepeatedScores, options: { readonly cutoff: number; readonly k: number }, ci?: CiOptions) {
  const { cutoff, k } = options;
  const units = consistencyUnits(pools, runs.length, cutoff, k);
  const n = units.sdScore.length;
  const stat = (key: keyof ConsistencySummary) => reportStatistic(n, (idx) => summarizeConsistency(units, idx)[key] ?? NaN, ci);
  return {
    icc: stat('icc'),
    sigma_score: stat('sigmaScore'),
    sigma_rank: stat('sigmaRank'),
    label_flip_pct: stat('labelFlipPct'),
    [`disag@${k}`]: stat('disag'),
    flip_by_cutoff: flipByCutoff(units).map((f) => ({ cutoff: f.cutoff, label_flip_pct: f.labelFlipPct })),
    cutoff,
    n_jobs: pools.length,
    n_cvs: n,
    n_runs: runs.length,
  };
}
