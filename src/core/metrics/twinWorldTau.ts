/**
 * Kendall τ-b of the original world against the twin world over the pool P
 * (METRICS.md §3) without sorting P again for every set of twins.
 *
 * The twin world y equals the original x except on S, where yᵢ = s(dᵢ′). So
 * the pairs of P fall in three sets whose counts add up exactly (they are
 * integers, stats/correlation.ts KendallCounts):
 * - R × R (R = P \ S): y = x there, so no pair is discordant and a pair tied
 *   in x is tied in y and in both; their ties are the ties of x over P minus
 *   the ties that involve S.
 * - S × R: for i ∈ S and j ∈ R, tied in x iff xⱼ = xᵢ, in y iff xⱼ = yᵢ,
 *   discordant iff xⱼ lies strictly between xᵢ and yᵢ — each a count of R's
 *   values, found by binary search in P's sorted scores less S's.
 * - S × S: kendallCounts on S's own |S| pairs.
 * The ties of x over P and the runs of equal scores are the pool's, found
 * once per pool. Cost O(|S| log n) per call (one binary search in P per
 * twin) plus O(n) once per pool, against O(n log n) for kendallTauB on
 * two n-vectors; the result is kendallTauB's to the last bit (the same
 * integers into the same expression; a test pins it on random pools with ties).
 */
import { kendallCounts, tauFromCounts } from '../stats/correlation.ts';
import type { RankedPool } from './rankedPool.ts';

/** Per position r of a descending array, where the run of values equal to s[r] starts and ends (one past). */
interface Runs {
  readonly start: Uint32Array;
  readonly end: Uint32Array;
  /** Pairs tied: Σ t(t−1)/2 over the runs. */
  readonly ties: number;
}

function runsOf(s: Float64Array): Runs {
  const n = s.length;
  const start = new Uint32Array(n);
  const end = new Uint32Array(n);
  let ties = 0;
  for (let lo = 0; lo < n; ) {
    let hi = lo + 1;
    while (hi < n && s[hi] === s[lo]) hi++;
    start.fill(lo, lo, hi);
    end.fill(hi, lo, hi);
    ties += ((hi - lo) * (hi - lo - 1)) / 2;
    lo = hi;
  }
  return { start, end, ties };
}

/** The runs of a pool's sorted scores, once per pool (pools are immutable). */
const poolRuns = new WeakMap<RankedPool, Runs>();

function runsOfPool(pool: RankedPool): Runs {
  let runs = poolRuns.get(pool);
  if (!runs) poolRuns.set(pool, (runs = runsOf(pool.sortedScores)));
  return runs;
}

/** Items of a descending array strictly greater than v (binary search). */
function countGreaterDesc(s: Float64Array, v: number): number {
  let lo = 0;
  let hi = s.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (s[mid] > v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** [items > v, items ≥ v] of a descending array with its runs: one binary search. */
function above(s: Float64Array, runs: Runs, v: number): [number, number] {
  const g = countGreaterDesc(s, v);
  return [g, g < s.length && s[g] === v ? runs.end[g] : g];
}

/**
 * τ-b of the pool's scores x against the twin world y (x with each S item's
 * score replaced by its twin's). `index` and `twinScore` give S; each pool
 * item at most once. Scores are finite.
 * @returns undefined when P has fewer than two items or either world is constant.
 * @example twinWorldTau(rankPool([3, 2, 1], keys), [2], [4]) // τ-b of [3,2,1] vs [3,2,4] = −1/3
 */
export function twinWorldTau(pool: RankedPool, index: ArrayLike<number>, twinScore: ArrayLike<number>): number | undefined {
  const n = pool.scores.length;
  if (n < 2) return undefined;
  const m = index.length;
  const sx = new Float64Array(m);
  const sy = new Float64Array(m);
  for (let j = 0; j < m; j++) {
    sx[j] = pool.scores[index[j]];
    sy[j] = twinScore[j];
  }
  const ss = kendallCounts(sx, sy);
  // S's original scores in descending order, to take S out of P's counts.
  const sDesc = Float64Array.from(sx).sort().reverse();
  const sRuns = runsOf(sDesc);
  const all = pool.sortedScores;
  const allRuns = runsOfPool(pool);
  let srXTies = 0;
  let srYTies = 0;
  let srJoint = 0;
  let srDiscordant = 0;
  for (let j = 0; j < m; j++) {
    const x = sx[j];
    const y = sy[j];
    // R's items > x and ≥ x: P's from the item's own run, less S's.
    const r = pool.rankOf[index[j]] - 1;
    const [gxS, axS] = above(sDesc, sRuns, x);
    const gx = allRuns.start[r] - gxS;
    const ax = allRuns.end[r] - axS;
    srXTies += ax - gx;
    if (x === y) {
      srYTies += ax - gx;
      srJoint += ax - gx;
      continue;
    }
    const [gyAll, ayAll] = above(all, allRuns, y);
    const [gyS, ayS] = above(sDesc, sRuns, y);
    const gy = gyAll - gyS;
    const ay = ayAll - ayS;
    srYTies += ay - gy;
    // R's items strictly between x and y: > the lower, and not ≥ the higher.
    srDiscordant += x < y ? gx - ay : gy - ax;
  }
  const xTies = allRuns.ties;
  const rrTies = xTies - ss.xTies - srXTies;
  return tauFromCounts({
    total: (n * (n - 1)) / 2,
    xTies,
    yTies: rrTies + srYTies + ss.yTies,
    jointTies: rrTies + srJoint + ss.jointTies,
    discordant: srDiscordant + ss.discordant,
  });
}
