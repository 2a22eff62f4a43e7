/**
 * Correspondence of two leaderboards over the same systems (the benchmark's
 * public/private comparison): Spearman's ρ on average ranks, direction
 * agreement over system pairs, and the permutation p-value of ρ.
 */
import { pearson } from './correlation.ts';
import type { Rng } from './rng.ts';

/**
 * Ranks 1..n of `x` ascending, tied values sharing the mean of their ranks
 * (scipy.stats.rankdata's 'average').
 * @example averageRanks([10, 20, 20, 5]) // [2, 3.5, 3.5, 1]
 */
export function averageRanks(x: ArrayLike<number>): Float64Array {
  const n = x.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => x[a] - x[b]);
  const ranks = new Float64Array(n);
  for (let i = 0; i < n; ) {
    let j = i;
    while (j + 1 < n && x[order[j + 1]] === x[order[i]]) j++;
    const r = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[order[k]] = r;
    i = j + 1;
  }
  return ranks;
}

/**
 * Spearman's ρ: Pearson's r of the average ranks (as scipy.stats.spearmanr).
 * undefined for fewer than two systems or when one side is constant.
 * @example spearmanRho([1, 2, 3], [10, 30, 20]) // 0.5
 */
export function spearmanRho(a: ArrayLike<number>, b: ArrayLike<number>): number | undefined {
  if (a.length !== b.length) throw new RangeError('spearmanRho needs two lists of one length');
  if (a.length < 2) return undefined;
  return pearson(averageRanks(a), averageRanks(b));
}

/** Direction agreement over the n(n−1)/2 system pairs. */
export interface DirectionAgreement {
  /** Pairs ordered the same way on both boards (both differences non-zero, same sign). */
  readonly agree: number;
  /** Pairs tied on either board: kept in the denominator, never an agreement. */
  readonly tied: number;
  readonly pairs: number;
  /** agree / pairs; undefined for fewer than two systems. */
  readonly share: number | undefined;
}

/**
 * Share of system pairs that both boards order the same way; a pair tied on
 * either board counts in the denominator and not as an agreement.
 * @example directionAgreement([1, 2, 3], [1, 3, 3]) // { agree: 2, tied: 1, pairs: 3, share: 2/3 }
 */
export function directionAgreement(a: ArrayLike<number>, b: ArrayLike<number>): DirectionAgreement {
  let agree = 0;
  let tied = 0;
  let pairs = 0;
  for (let i = 0; i < a.length; i++) {
    for (let j = i + 1; j < a.length; j++) {
      pairs++;
      const s = Math.sign(a[j] - a[i]) * Math.sign(b[j] - b[i]);
      if (a[j] === a[i] || b[j] === b[i]) tied++;
      else if (s > 0) agree++;
    }
  }
  return { agree, tied, pairs, share: pairs === 0 ? undefined : agree / pairs };
}

/** Up to this many systems the permutation p-value enumerates all n! orders. */
export const EXACT_PERMUTATION_MAX = 8;

/** The permutation p-value and how it was found. */
export interface PermutationP {
  readonly p: number;
  readonly method: 'exact' | 'monte-carlo';
  /** Orders counted: n! (exact) or the resamples (Monte Carlo). */
  readonly permutations: number;
}

/**
 * One-sided permutation p-value of ρ: the share of the orders of b's values
 * over the systems whose ρ is at least the observed one (within 1e-12). For
 * n ≤ 8 every one of the n! orders is enumerated (Heap's algorithm), so five
 * systems in the same order give 1/120; above, `rng` draws `resamples`
 * uniform orders (Fisher–Yates) and p = (1 + #{ρ* ≥ ρ})/(1 + resamples).
 * undefined when ρ is.
 * @throws {RangeError} for n > 8 without an rng.
 * @example spearmanPermutationP([1, 2, 3, 4, 5], [1, 2, 3, 4, 5])!.p // 1/120
 */
export function spearmanPermutationP(a: ArrayLike<number>, b: ArrayLike<number>, rng?: Rng, resamples = 10000): PermutationP | undefined {
  const observed = spearmanRho(a, b);
  if (observed === undefined) return undefined;
  const n = a.length;
  const ra = averageRanks(a);
  const rb = Array.from(averageRanks(b));
  const at = (perm: readonly number[]) => pearson(ra, perm) ?? -Infinity;
  const reaches = (perm: readonly number[]) => at(perm) >= observed - 1e-12;
  if (n <= EXACT_PERMUTATION_MAX) {
    let hits = 0;
    let total = 0;
    heapPermutations(rb, (perm) => {
      total++;
      if (reaches(perm)) hits++;
    });
    return { p: hits / total, method: 'exact', permutations: total };
  }
  if (!rng) throw new RangeError(`more than ${EXACT_PERMUTATION_MAX} systems need an rng for the Monte Carlo p-value`);
  let hits = 0;
  const perm = [...rb];
  for (let r = 0; r < resamples; r++) {
    for (let i = n - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [perm[i], perm[j]] = [perm[j], perm[i]];
    }
    if (reaches(perm)) hits++;
  }
  return { p: (1 + hits) / (1 + resamples), method: 'monte-carlo', permutations: resamples };
}

/** Calls visit with every order of `items` (Heap's algorithm, iterative); the array is reused. */
export function heapPermutations(items: readonly number[], visit: (perm: readonly number[]) => void): void {
  const a = [...items];
  const c = new Array<number>(a.length).fill(0);
  visit(a);
  for (let i = 1; i < a.length; ) {
    if (c[i] < i) {
      const k = i % 2 === 0 ? 0 : c[i];
      [a[k], a[i]] = [a[i], a[k]];
      visit(a);
      c[i]++;
      i = 1;
    } else {
      c[i] = 0;
      i++;
    }
  }
}
