import { bootstrapVector } from '../../stats/bootstrapVector.ts';
import { fullSampleStatistic } from '../../stats/bootstrapResamples.ts';
import { onAllGroups } from './groupColumns.ts';
import { pooledSkew, skewRange } from './skew.ts';
import type { GroupFairnessBootstrap, QueryGroupFairness, ReportedValue } from './types.ts';

/** Pooled Skew@k of every group, with MinSkew and MaxSkew (METRICS.md §12), as reported. */
export interface SkewReport {
  /** Skew_g@k by group; undefined for a group holding no slot or with t̄_g = 0. */
  readonly skew: Record<string, ReportedValue | undefined>;
  /** The groups holding no top-k slot in any query (empty when no query holds a slot). */
  readonly absent: string[];
  readonly minSkew: ReportedValue | undefined;
  readonly maxSkew: ReportedValue | undefined;
}

/**
 * Pooled Skew@k at the j-th skew cut-off over the records that hold slots (L not empty, target
 * defined): p_g = Σ_q c_g(q) / Σ_q min(k, |L_q|), Skew_g = ln(p_g / t̄_g), MinSkew and MaxSkew
 * over the groups with a number. With `bootstrap`, each of B resamples of those queries (core
 * bootstrapVector, seeded) recomputes the sums, so every skew gets a percentile CI; a resample in
 * which a group holds no slot leaves that group's value out of its CI (it would be −∞).
 */
export function skewSummary(
  records: readonly QueryGroupFairness[],
  groups: readonly string[],
  index: ReadonlyMap<string, number>,
  j: number,
  bootstrap: GroupFairnessBootstrap | undefined,
): SkewReport {
  const held = records.filter((r) => r.slots.length > j);
  const nGroups = groups.length;
  const counts = held.map((r) => onAllGroups(r, Float64Array.from(r.slots[j].counts), index, 0));
  const targets = held.map((r) => onAllGroups(r, r.target, index, 0));
  const sizes = Float64Array.from(held, (r) => r.slots[j].size);
  const statistic = (indices: Uint32Array, out: Float64Array) => {
    const slotSums = new Float64Array(nGroups);
    const targetSums = new Float64Array(nGroups);
    let total = 0;
    for (const q of indices) {
      total += sizes[q];
      for (let g = 0; g < nGroups; g++) {
        slotSums[g] += counts[q][g];
        targetSums[g] += targets[q][g];
      }
    }
    const skew = pooledSkew(slotSums, total, targetSums, indices.length);
    out.set(skew);
    out.set(skewRange(skew), nGroups);
  };
  const reported = reportVector(held.length, nGroups + 2, statistic, bootstrap);
  const absent = held.length === 0 ? [] : groups.filter((_, g) => counts.every((row) => row[g] === 0));
  return {
    skew: Object.fromEntries(groups.map((group, g) => [group, reported[g]])),
    absent,
    minSkew: reported[nGroups],
    maxSkew: reported[nGroups + 1],
  };
}

/**
 * A statistic of `size` numbers over n queries, each reported plain or — with `bootstrap` — as
 * {mean, ci} (bootstrapVector); undefined where the full-sample value is NaN.
 */
function reportVector(
  n: number,
  size: number,
  statistic: (indices: Uint32Array, out: Float64Array) => void,
  bootstrap: GroupFairnessBootstrap | undefined,
): (ReportedValue | undefined)[] {
  const defined = (x: number) => (Number.isNaN(x) ? undefined : x);
  if (n === 0) return new Array<undefined>(size).fill(undefined);
  if (!bootstrap) {
    const estimate = new Float64Array(size);
    fullSampleStatistic(n, (indices) => (statistic(indices, estimate), 0));
    return Array.from(estimate, defined);
  }
  const { estimate, ci } = bootstrapVector(n, size, statistic, bootstrap);
  return Array.from(estimate, (mean, i) => (Number.isNaN(mean) ? undefined : { mean, ci: ci[i] }));
}
