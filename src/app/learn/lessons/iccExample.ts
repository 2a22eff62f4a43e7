/** The ICC lesson's example: six CVs scored in up to seven repeated runs with seeded noise. */
import { icc21 } from '../../../core/metrics/icc.ts';
import { sampleSd } from '../../../core/metrics/sampleSd.ts';
import { meanAt } from '../../../core/stats/meanCi.ts';
import { createRng } from '../../../core/stats/rng.ts';
import { ranksById } from '../../../core/ranking.ts';

export const ICC_CVS: readonly string[] = Object.freeze(['Ada', 'Ben', 'Cem', 'Dana', 'Eli', 'Fay']);
/** Each CV's score without run-to-run noise. */
export const ICC_TRUE_SCORES: readonly number[] = Object.freeze([78, 74, 70, 66, 60, 52]);
export const MAX_RUNS = 7;
export const ICC_SEED = 7;

/**
 * Scores of every CV in runs 1 … runs (row-major CV × run): true score +
 * noise × u, u uniform in [−1, 1) from createRng(seed), drawn for all
 * MAX_RUNS runs first so adding a run never changes the earlier ones; one decimal.
 */
export function runScores(runs: number, noise: number, seed = ICC_SEED): Float64Array {
  const rng = createRng(seed);
  const all = ICC_TRUE_SCORES.map(() => Array.from({ length: MAX_RUNS }, () => 2 * rng.next() - 1));
  const out = new Float64Array(ICC_TRUE_SCORES.length * runs);
  ICC_TRUE_SCORES.forEach((s, i) => {
    for (let t = 0; t < runs; t++) out[i * runs + t] = Math.round((s + noise * all[i][t]) * 10) / 10;
  });
  return out;
}

export interface IccResult {
  /** ICC(2,1); undefined for one run. */
  readonly icc: number | undefined;
  /** Mean over CVs of the sample sd of its scores over runs; undefined for one run. */
  readonly sigmaScore: number | undefined;
  /** ranks[t][i]: rank of CV i in run t (tie rule of ranking.ts). */
  readonly ranks: readonly (readonly number[])[];
}

/** ICC(2,1), σScore and the per-run ranks, by the core (METRICS.md §5). */
export function iccResult(scores: Float64Array, runs: number): IccResult {
  const n = ICC_CVS.length;
  const sds: number[] = [];
  for (let i = 0; i < n; i++) {
    const sd = sampleSd(scores.subarray(i * runs, (i + 1) * runs));
    if (sd !== undefined) sds.push(sd);
  }
  const ranks = Array.from({ length: runs }, (_, t) => {
    const byId = ranksById(ICC_CVS.map((id, i) => ({ id, score: scores[i * runs + t] })));
    return ICC_CVS.map((id) => byId.get(id) ?? NaN);
  });
  return {
    icc: icc21(scores, runs),
    sigmaScore: sds.length === n ? meanAt(sds, sds.map((_, i) => i)) : undefined,
    ranks,
  };
}
