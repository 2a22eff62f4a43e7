/**
 * `eval screening-bias`: counterfactual bias of a decision model
 * (METRICS.md §4). Output: `effects`, one
 * `{attribute, group, signal, delta_score, delta_rank, excl@k, n_cvs}` per
 * non-reference group, and `noise_floor`, the same for each noise
 * perturbation (attribute `noise`, against the original) and each implicit
 * group's second name (kind `second-name`, against its first name). With
 * `ci`, numbers become {mean, ci} (resampling CVs, paired) and each effect
 * gets `p` (paired bootstrap of ΔScore) and `q` (Benjamini–Hochberg over the
 * effects of this model; the noise floor is not in the family).
 */
import { NOISE_ATTRIBUTE } from '../../formats/screeningScores.ts';
import { screeningEffects, summarizeEffect, type EffectUnits, type ScreeningPool } from '../../metrics/screening.ts';
import { pairedBootstrap } from '../../stats/pairedBootstrap.ts';
import { benjaminiHochberg } from '../../stats/multipleTesting.ts';
import { reportStatistic, type CiOptions } from './ciReport.ts';

function effectRow(e: EffectUnits, n: number, k: number, ci: CiOptions | undefined) {
  const stat = (key: 'deltaScore' | 'deltaRank' | 'excl') => reportStatistic(n, (idx) => summarizeEffect(e, idx)[key], ci);
  const defined = e.deltaScore.reduce((c, v) => c + (Number.isNaN(v) ? 0 : 1), 0);
  return {
    attribute: e.attribute,
    group: e.group,
    signal: e.signal,
    delta_score: stat('deltaScore'),
    delta_rank: stat('deltaRank'),
    [`excl@${k}`]: stat('excl'),
    n_cvs: defined,
  };
}

export function evalScreeningBias(pools: readonly ScreeningPool[], options: { readonly reference: Readonly<Record<string, string>>; readonly k: number }, ci?: CiOptions) {
  const { reference, k } = options;
  const { units, effects } = screeningEffects(pools, { reference, k, noiseAttribute: NOISE_ATTRIBUTE });
  const n = units.length;
  const demographic = effects.filter((e) => e.kind === 'effect');
  const rows: Record<string, unknown>[] = demographic.map((e) => effectRow(e, n, k, ci));
  if (ci) {
    const p = demographic.map((e) => pairedBootstrap(n, (idx) => summarizeEffect(e, idx).deltaScore, ci).p);
    const q = benjaminiHochberg(p);
    rows.forEach((row, i) => Object.assign(row, { p: p[i], q: q[i], significant: q[i] < 0.05 }));
  }
  return {
    effects: rows,
    noise_floor: effects.filter((e) => e.kind !== 'effect').map((e) => ({ kind: e.kind, ...effectRow(e, n, k, ci) })),
    reference,
    n_jobs: pools.length,
    n_cvs: n,
  };
}
