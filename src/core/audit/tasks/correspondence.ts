/**
 * How well two leaderboards of the same systems correspond (e.g. a public
 * and a private split): Spearman's ρ on average ranks, direction agreement
 * over system pairs (ties kept in the denominator) and the permutation
 * p-value of ρ — exact over all n! orders for n ≤ 8 systems, else seeded
 * Monte Carlo (core/stats/correspondence.ts). Computed over the systems on
 * both boards; the others are listed.
 */
import { directionAgreement, spearmanPermutationP, spearmanRho, type DirectionAgreement, type PermutationP } from '../../stats/correspondence.ts';
import { createRng } from '../../stats/rng.ts';

export interface Correspondence {
  readonly systems: readonly string[];
  readonly only_in_a: readonly string[];
  readonly only_in_b: readonly string[];
  readonly spearman_rho: number | undefined;
  readonly direction_agreement: DirectionAgreement;
  readonly permutation_p: PermutationP | undefined;
  /** The Monte Carlo seed (used only above 8 systems). */
  readonly seed: number;
}

/**
 * Correspondence of boards a and b over their common systems (in a's order).
 * @example leaderboardCorrespondence(new Map([['x', 3], ['y', 2]]), new Map([['x', 9], ['y', 1]])).spearman_rho // 1
 */
export function leaderboardCorrespondence(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>, seed = 0, resamples = 10000): Correspondence {
  const systems = [...a.keys()].filter((s) => b.has(s));
  const xa = systems.map((s) => a.get(s)!);
  const xb = systems.map((s) => b.get(s)!);
  return {
    systems,
    only_in_a: [...a.keys()].filter((s) => !b.has(s)),
    only_in_b: [...b.keys()].filter((s) => !a.has(s)),
    spearman_rho: spearmanRho(xa, xb),
    direction_agreement: directionAgreement(xa, xb),
    permutation_p: spearmanPermutationP(xa, xb, createRng(seed), resamples),
    seed,
  };
}
