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
 * The ties of x over P are the pool's (counted as it was sorted: RankedPool.tiedPairs);
 * the run of equal scores around each S item is found by galloping out from
 * it. Cost O(|S| log n) per call plus O(n) once per pool, against O(n log n) for kendallTauB on
 * two n-vectors; the result is kendallTauB's to the last bit (the same
 * integers into the same expression; a test pins it on random pools with ties).
 */
import { kendallCountsInPlace, tauFromCounts } from '../stats/correlation.ts';
import { scratchArray } from '../scratch.ts';
import { sortFloat64 } from '../stats/radixSort.ts';
import type { RankedPool } from './rankedPool.ts';

/** The working arrays of this file's functions, one per array held at once (core/scratch.ts: each written before it is read). */
const scratch = {
  runStart: scratchArray((n) => new Uint32Array(n)),
  runEnd: scratchArray((n) => new Uint32Array(n)),
  keyed: scratchArray((n) => new Float64Array(n)),
  rankAt: scratchArray((n) => new Uint32Array(n)),
  yAt: scratchArray((n) => new Float64Array(n)),
  sDesc: scratchArray((n) => new Float64Array(n)),
  classAt: scratchArray((n) => new Uint8Array(n)),
  up: scratchArray((n) => new Float64Array(n)),
  down: scratchArray((n) => new Float64Array(n)),
  xAscending: scratchArray((n) => new Float64Array(n)),
  yAscending: scratchArray((n) => new Float64Array(n)),
};

/**
 * For ascending positions `at` of a descending array, where the run of values equal to the value
 * at each starts and ends (one past): each run found once, by galloping from the position out,
 * so the cost follows the positions, not the array's length.
 */
function runsAt(s: Float64Array, at: Uint32Array): { start: Uint32Array; end: Uint32Array } {
  const n = s.length;
  const m = at.length;
  const start = scratch.runStart(m);
  const end = scratch.runEnd(m);
  let runStart = 0;
  let runEnd = 0;
  for (let p = 0; p < m; p++) {
    const r = at[p];
    if (r >= runEnd) {
      const v = s[r];
      // back: the first position of the run, at or after the last run's end
      let lo = r;
      for (let step = 1; lo > runEnd && s[lo - 1] === v; step *= 2) {
        const probe = Math.max(runEnd, lo - step);
        if (s[probe] === v) lo = probe;
        else {
          // the start lies in (probe, lo]
          let a = probe;
          let b = lo;
          while (b - a > 1) {
            const mid = (a + b) >>> 1;
            if (s[mid] === v) b = mid;
            else a = mid;
          }
          lo = b;
          break;
        }
      }
      // forward: one past its last position
      let hi = r + 1;
      for (let step = 1; hi < n && s[hi] === v; step *= 2) {
        const probe = Math.min(n - 1, hi - 1 + step);
        if (s[probe] === v) hi = probe + 1;
        else {
          // the end lies in (hi, probe]
          let a = hi;
          let b = probe;
          while (b - a > 1) {
            const mid = (a + b) >>> 1;
            if (s[mid] === v) a = mid;
            else b = mid;
          }
          hi = b;
          break;
        }
      }
      runStart = lo;
      runEnd = hi;
    }
    start[p] = runStart;
    end[p] = runEnd;
  }
  return { start, end };
}

/**
 * For a descending array read from its end (ascending), the first position i ≥ `from` whose
 * value is at least y (`strict` false) or above y (`strict` true), `from`'s value not counted
 * when it already stops: galloping (steps 1, 2, 4, … then a binary search), so a call that moves
 * d positions costs O(log d). Written without callbacks: this runs twice per twin per query.
 */
function gallopFromEnd(desc: Float64Array, from: number, y: number, strict: boolean): number {
  const n = desc.length;
  const last = n - 1;
  if (from >= n) return from;
  let v = desc[last - from];
  if (strict ? v > y : v >= y) return from;
  let lo = from; // position lo does not stop
  let step = 1;
  let hi = from + 1;
  while (hi < n) {
    v = desc[last - hi];
    if (strict ? v > y : v >= y) break;
    lo = hi;
    step *= 2;
    hi = from + step;
  }
  if (hi > n) hi = n;
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    v = desc[last - mid];
    if (strict ? v > y : v >= y) hi = mid;
    else lo = mid;
  }
  return hi;
}

/**
 * For ascending values ys, the sums over them of #{desc > y} and #{desc ≥ y},
 * for a descending array: one pass from desc's end, galloping, so |ys| values
 * against n cost O(|ys| log(n / |ys|)) instead of O(n).
 */
function countsAgainst(ys: Float64Array, desc: Float64Array): { greater: number; atLeast: number } {
  const n = desc.length;
  let le = 0; // desc items ≤ y: the last `le` of desc
  let lt = 0; // desc items < y
  let greater = 0;
  let atLeast = 0;
  for (let j = 0; j < ys.length; j++) {
    const y = ys[j];
    lt = gallopFromEnd(desc, lt, y, false);
    if (le < lt) le = lt;
    le = gallopFromEnd(desc, le, y, true);
    greater += n - le;
    atLeast += n - lt;
  }
  return { greater, atLeast };
}

/**
 * τ-b of the pool's scores x against the twin world y (x with each S item's
 * score replaced by its twin's). `index` and `twinScore` give S; each pool
 * item at most once. Scores are finite.
 * @returns undefined when P has fewer than two items or either world is constant.
 * @example twinWorldTau(rankPool([3, 2, 1], keys), [2], [4]) // τ-b of [3,2,1] vs [3,2,4] = −1/3
 */
export function twinWorldTau(pool: RankedPool, index: ArrayLike<number>, twinScore: ArrayLike<number>): number | undefined {
  const m = index.length;
  // S by rank, packed as rank·m + pair: exact in a float64 for n·m < 2^53, sorted natively.
  const keyed = scratch.keyed(m);
  for (let j = 0; j < m; j++) keyed[j] = (pool.rankOf[index[j]] - 1) * m + j;
  keyed.sort();
  const rankAt = scratch.rankAt(m);
  const yAt = scratch.yAt(m);
  for (let p = 0; p < m; p++) {
    const r = Math.floor(keyed[p] / m);
    rankAt[p] = r;
    yAt[p] = twinScore[keyed[p] - r * m];
  }
  return twinWorldTauRanked(pool, rankAt, yAt);
}

/**
 * twinWorldTau with S given in rank order: `rankAt` the 0-based ranks of S's items in the pool,
 * ascending, and `yAt` their twins' scores in that order (the twins kernel has S in rank order
 * already, so no sort is needed here).
 */
export function twinWorldTauRanked(pool: RankedPool, rankAt: Uint32Array, yAt: Float64Array): number | undefined {
  const n = pool.scores.length;
  if (n < 2) return undefined;
  const m = rankAt.length;
  const all = pool.sortedScores;
  const runs = runsAt(all, rankAt);
  // S's x (descending) with its y and its class (0 x = y, 1 x < y, 2 x > y), and the twins of the
  // classes x < y and x > y.
  const sDesc = scratch.sDesc(m);
  const classAt = scratch.classAt(m);
  const up = scratch.up(m);
  const down = scratch.down(m);
  let nUp = 0;
  let nDown = 0;
  for (let p = 0; p < m; p++) {
    const x = all[rankAt[p]];
    const y = yAt[p];
    sDesc[p] = x;
    if (x === y) classAt[p] = 0;
    else if (x < y) {
      classAt[p] = 1;
      up[nUp++] = y;
    } else {
      classAt[p] = 2;
      down[nDown++] = y;
    }
  }
  // x side: R's items > x and ≥ x are P's (the item's run) less S's (its run in sDesc).
  let srXTies = 0;
  let srYTies = 0;
  let srJoint = 0;
  let upGx = 0; // Σ over x < y of #R > x
  let downAx = 0; // Σ over x > y of #R ≥ x
  for (let p0 = 0; p0 < m; ) {
    let p1 = p0 + 1;
    while (p1 < m && sDesc[p1] === sDesc[p0]) p1++;
    for (let p = p0; p < p1; p++) {
      const gx = runs.start[p] - p0;
      const ax = runs.end[p] - p1;
      srXTies += ax - gx;
      const cls = classAt[p];
      if (cls === 0) {
        srYTies += ax - gx;
        srJoint += ax - gx;
      } else if (cls === 1) upGx += gx;
      else downAx += ax;
    }
    p0 = p1;
  }
  // y side, per class: Σ #R > y and Σ #R ≥ y by merging the sorted twins with P and with S.
  const ySide = (ys: Float64Array) => {
    const sorted = sortFloat64(ys);
    const inAll = countsAgainst(sorted, all);
    const inS = countsAgainst(sorted, sDesc);
    return { greater: inAll.greater - inS.greater, atLeast: inAll.atLeast - inS.atLeast };
  };
  const yUp = ySide(up.subarray(0, nUp));
  const yDown = ySide(down.subarray(0, nDown));
  srYTies += yUp.atLeast - yUp.greater + yDown.atLeast - yDown.greater;
  // R's items strictly between x and y: for x < y, > x and not ≥ y; for x > y, > y and not ≥ x.
  const srDiscordant = upGx - yUp.atLeast + yDown.greater - downAx;
  // S × S in x-ascending order, which kendallCounts' merge sort finds nearly sorted.
  const xAsc = scratch.xAscending(m);
  const yAsc = scratch.yAscending(m);
  for (let p = 0; p < m; p++) {
    xAsc[p] = sDesc[m - 1 - p];
    yAsc[p] = yAt[m - 1 - p];
  }
  const ss = kendallCountsInPlace(xAsc, yAsc);
  const xTies = pool.tiedPairs;
  const rrTies = xTies - ss.xTies - srXTies;
  return tauFromCounts({
    total: (n * (n - 1)) / 2,
    xTies,
    yTies: rrTies + srYTies + ss.yTies,
    jointTies: rrTies + srJoint + ss.jointTies,
    discordant: srDiscordant + ss.discordant,
  });
}
