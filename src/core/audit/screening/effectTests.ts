/**
 * The significance of the screening bias effects (METRICS.md §4, §6): each
 * effect's ΔScore, ΔRank and Excl@5 with its percentile bootstrap CI and
 * two-sided paired-bootstrap p against 0, then Benjamini–Hochberg q over one
 * model's family of tests. Used alike by the audit's bias section and by
 * `eval screening-bias`, so both report the same numbers.
 *
 * The family (docs/screening.md §5): every test of one model's bias table —
 * ΔScore, ΔRank and Excl@5 of each demographic effect, ΔRank and Excl@5 of
 * each reference-group row (which has no ΔScore). The noise floor is the
 * yardstick, not a hypothesis, and stays out. A test whose p is undefined
 * (NaN: no bootstrap, or no unit defines the statistic) is left out of the
 * family, as R's p.adjust leaves out NA.
 */
import { summarizeEffect, type EffectUnits } from '../../metrics/screening.ts';
import { forEachResample } from '../../stats/bootstrapResamples.ts';
import { percentileInterval } from '../../stats/bootstrap.ts';
import { bootstrapP } from '../../stats/bootstrapP.ts';
import { benjaminiHochberg } from '../../stats/multipleTesting.ts';
import type { Ci } from '../common/index.ts';
import type { TestedCi } from './results.ts';

/** Bootstrap settings: B = 0 gives the full-sample value with ci [NaN, NaN] and p NaN. */
export interface EffectResampling {
  readonly bootstrap: number;
  readonly seed: number;
}

/** A statistic with its CI and its p before the family adjustment. */
export interface UntestedCi extends Ci {
  readonly p: number;
}

/** The three statistics of one effect, before the family adjustment. */
export interface EffectStatistics {
  readonly delta_score: UntestedCi;
  readonly delta_rank: UntestedCi;
  readonly excl: UntestedCi;
}

/** The significance level of q (METRICS.md §6). */
export const Q_LEVEL = 0.05;

/**
 * ΔScore, ΔRank and Excl@k of one effect over its n units, each with its
 * percentile bootstrap CI and two-sided bootstrap p (bootstrapP), from ONE
 * pass over the B resamples of the units (forEachResample with the seed):
 * both sides of every difference come from the same CV, so resampling units
 * pairs them. Resamples where a statistic is undefined (NaN, e.g. Excl@k
 * with no base in the top k) are left out of its CI and p.
 * @example effectStatistics(effect, units.length, { bootstrap: 2000, seed: 0 }).delta_rank.p
 */
export function effectStatistics(e: EffectUnits, n: number, r: EffectResampling): EffectStatistics {
  const all = summarizeEffect(e);
  const resampled = [[], [], []] as number[][];
  if (r.bootstrap > 0 && n > 0) {
    forEachResample(n, { resamples: r.bootstrap, seed: r.seed }, (indices) => {
      const s = summarizeEffect(e, indices);
      [s.deltaScore, s.deltaRank, s.excl].forEach((v, j) => {
        if (!Number.isNaN(v)) resampled[j].push(v);
      });
    });
  }
  const [score, rank, excl] = [all.deltaScore, all.deltaRank, all.excl].map((mean, j): UntestedCi => {
    const sorted = Float64Array.from(resampled[j]).sort();
    return { mean, ci: percentileInterval(sorted, 0.95), p: bootstrapP(sorted) };
  });
  return { delta_score: score, delta_rank: rank, excl };
}

/**
 * Benjamini–Hochberg over one model's family: every p of every row (in row
 * order, then ΔScore, ΔRank, Excl@k) is adjusted together; q < 0.05 is
 * significant. NaN p-values stay NaN, out of the family, never significant.
 */
export function familyTests(rows: readonly EffectStatistics[]): { delta_score: TestedCi; delta_rank: TestedCi; excl: TestedCi }[] {
  const q = benjaminiHochberg(rows.flatMap((row) => [row.delta_score.p, row.delta_rank.p, row.excl.p]));
  const tested = (c: UntestedCi, qv: number): TestedCi => ({ mean: c.mean, ci: [c.ci[0], c.ci[1]], p: c.p, q: qv, significant: qv < Q_LEVEL });
  return rows.map((row, i) => ({
    delta_score: tested(row.delta_score, q[3 * i]),
    delta_rank: tested(row.delta_rank, q[3 * i + 1]),
    excl: tested(row.excl, q[3 * i + 2]),
  }));
}
