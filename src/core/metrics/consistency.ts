/**
 * Run-to-run consistency (METRICS.md §5): ICC(2,1), σScore, σRank, label
 * flip %, Disag@k and threshold sensitivity, over T repeated runs of the
 * same pools. Two layers: `consistencyUnits` computes every per-CV
 * contribution once; `summarizeConsistency` aggregates any resample of CVs
 * (the bootstrap units).
 */
import { icc21 } from './icc.ts';
import { labelFlips } from './labelFlip.ts';
import { rankPool, tieKeys } from './rankedPool.ts';
import { sampleSd } from './sampleSd.ts';
import { shortlistShares } from './shortlistShare.ts';

/** One job's pool: its CVs' scores in each of the same T runs. */
export interface ConsistencyPool {
  readonly jobId: string;
  readonly cvIds: readonly string[];
  /** Row-major |cvIds| × runs matrix: scores[i * runs + t] = s_it. */
  readonly scores: ArrayLike<number>;
}

/** Per-CV contributions; CVs of all pools in pool order. */
export interface ConsistencyUnits {
  readonly runs: number;
  readonly cutoff: number;
  /** Row-major (CV × run) score matrix over all pools. */
  readonly scores: Float64Array;
  /** Sample sd of each CV's scores over runs (NaN when T < 2). */
  readonly sdScore: Float64Array;
  /** Sample sd of each CV's within-pool rank over runs (NaN when T < 2). */
  readonly sdRank: Float64Array;
  /** Runs whose label differs from the CV's most frequent label. */
  readonly flips: Uint32Array;
  /** 1 when the CV is in the reference shortlist Ī (top k of its pool by mean score, rank rule). */
  readonly shortlisted: Uint8Array;
  /** (1/T) Σ_t (1 − h_it) for shortlisted CVs, 0 otherwise. */
  readonly miss: Float64Array;
}

/** The reported consistency metrics. */
export interface ConsistencySummary {
  readonly icc: number | undefined;
  readonly sigmaScore: number | undefined;
  readonly sigmaRank: number | undefined;
  readonly labelFlipPct: number | undefined;
  readonly disag: number | undefined;
}

/**
 * Computes each CV's contributions to the §5 metrics.
 * @param runs T, the number of runs (every CV has a score in every run)
 * @param cutoff λ(s) = FIT iff s ≥ cutoff (default 50 in METRICS.md)
 * @param k shortlist size of Disag@k (5 in METRICS.md)
 * @throws {RangeError} when a pool's matrix is not |cvIds| × runs, or runs < 1.
 */
export function consistencyUnits(pools: readonly ConsistencyPool[], runs: number, cutoff: number, k: number): ConsistencyUnits {
  if (!(Number.isInteger(runs) && runs >= 1)) throw new RangeError(`runs must be a positive integer, got ${runs}`);
  const total = pools.reduce((s, p) => s + p.cvIds.length, 0);
  const scores = new Float64Array(total * runs);
  const sdScore = new Float64Array(total);
  const sdRank = new Float64Array(total);
  const flips = new Uint32Array(total);
  const shortlisted = new Uint8Array(total);
  const miss = new Float64Array(total);
  let offset = 0;
  for (const pool of pools) {
    const n = pool.cvIds.length;
    if (pool.scores.length !== n * runs) throw new RangeError(`pool ${pool.jobId}: expected ${n}×${runs} scores, got ${pool.scores.length}`);
    const keys = tieKeys(pool.cvIds);
    const ranks = new Float64Array(n * runs);
    const hitSum = new Float64Array(n);
    const column = new Float64Array(n);
    for (let t = 0; t < runs; t++) {
      for (let i = 0; i < n; i++) column[i] = pool.scores[i * runs + t];
      const ranked = rankPool(column, keys);
      const h = shortlistShares(column, k);
      for (let i = 0; i < n; i++) {
        ranks[i * runs + t] = ranked.rankOf[i];
        hitSum[i] += h[i];
      }
    }
    const means = new Float64Array(n);
    scores.set(Float64Array.from(pool.scores), offset * runs);
    for (let i = 0; i < n; i++) {
      const row = scores.subarray((offset + i) * runs, (offset + i + 1) * runs);
      means[i] = row.reduce((a, b) => a + b, 0) / runs;
      sdScore[offset + i] = sampleSd(row) ?? NaN;
      sdRank[offset + i] = sampleSd(ranks.subarray(i * runs, (i + 1) * runs)) ?? NaN;
      flips[offset + i] = labelFlips(row, cutoff);
    }
    const reference = rankPool(means, keys);
    for (let r = 0; r < Math.min(k, n); r++) {
      const i = reference.order[r];
      shortlisted[offset + i] = 1;
      miss[offset + i] = 1 - hitSum[i] / runs;
    }
    offset += n;
  }
  return { runs, cutoff, scores, sdScore, sdRank, flips, shortlisted, miss };
}

/**
 * The §5 metrics over the CVs at `indices` (all when omitted; repeats count):
 * ICC(2,1) of those rows; σScore and σRank the means of the per-CV sample
 * sds (undefined when T < 2); label flip % = 100 × Σ flips / (|indices|·T);
 * Disag@k = 100 × mean of `miss` over the shortlisted CVs, which equals
 * (100/T) Σ_t (1/|Ī|) Σ_{i∈Ī} (1 − h_it). A metric with no CV is undefined.
 */
export function summarizeConsistency(units: ConsistencyUnits, indices?: ArrayLike<number>): ConsistencySummary {
  const n = indices ? indices.length : units.sdScore.length;
  const at = (j: number) => (indices ? indices[j] : j);
  let sd = 0;
  let sr = 0;
  let flips = 0;
  let missSum = 0;
  let inShortlist = 0;
  for (let j = 0; j < n; j++) {
    const i = at(j);
    sd += units.sdScore[i];
    sr += units.sdRank[i];
    flips += units.flips[i];
    if (units.shortlisted[i]) {
      inShortlist++;
      missSum += units.miss[i];
    }
  }
  const defined = (v: number) => (n === 0 || Number.isNaN(v) ? undefined : v);
  return {
    icc: icc21(units.scores, units.runs, indices),
    sigmaScore: defined(sd / n),
    sigmaRank: defined(sr / n),
    labelFlipPct: defined((100 * flips) / (n * units.runs)),
    disag: inShortlist === 0 ? undefined : (100 * missSum) / inShortlist,
  };
}

/**
 * Threshold sensitivity: label flip % at every integer cut-off from 5 to 95
 * (METRICS.md §5), each computed as at the default cut-off.
 */
export function flipByCutoff(units: ConsistencyUnits): { cutoff: number; labelFlipPct: number }[] {
  const n = units.sdScore.length;
  const out: { cutoff: number; labelFlipPct: number }[] = [];
  for (let cutoff = 5; cutoff <= 95; cutoff++) {
    let flips = 0;
    for (let i = 0; i < n; i++) flips += labelFlips(units.scores.subarray(i * units.runs, (i + 1) * units.runs), cutoff);
    out.push({ cutoff, labelFlipPct: n === 0 ? NaN : (100 * flips) / (n * units.runs) });
  }
  return out;
}
