import type { Scored } from '../../ranking.ts';
import { scoreTop } from '../retrievalKernel.ts';
import { topRankedIndices } from '../topRanked.ts';
import { attentionDistribution, awrf } from './awrf.ts';
import { disparateTreatment } from './disparateTreatment.ts';
import { exposureRatio, groupExposure } from './exposure.ts';
import { labelledSequence, poolGroups } from './labelledRanking.ts';
import { ndkl } from './ndkl.ts';
import { topSlots } from './skew.ts';
import { relevantGroupCounts, targetShares } from './target.ts';
import type { GroupFairnessOptions, GroupQueryInput, QueryGroupFairness } from './types.ts';

/**
 * The ids of the first k scored items under the tie rule (score descending, then id descending;
 * ranking.ts), in rank order: the `ranked` of a GroupQueryInput from a query's scored documents.
 * @example rankedIds([{ id: 'a', score: 1 }, { id: 'b', score: 1 }, { id: 'c', score: 2 }], 2) // ['c', 'b']
 */
export function rankedIds(items: readonly Scored[], k: number): string[] {
  return Array.from(topRankedIndices(items, k), (i) => items[i].id);
}

/**
 * The per-query kernel of METRICS.md §12. It reads the query's ranked list once, cuts it at K,
 * drops the unlabelled documents (the ranks close up) and computes, against the target t over the
 * pool's groups G: group exposure and the exposure ratio (Singh & Joachims 2018), disparate
 * treatment (with judgments), AWRF (Sapiezynski et al. 2019, as TREC 2021 Fair Ranking), AWRF ×
 * nDCG@K (nDCG of the ranking as given, unlabelled documents included: §1's kernel), NDKL (Geyik
 * et al. 2019, eq. 4) and the top-k slot counts of pooled Skew@k. Each value is undefined where
 * §12 skips the query for it (QueryGroupFairness says when). O(K · |G|) time, O(K + |G|) memory.
 * @throws {RangeError} when a labelled ranked (or relevant) document's group has no labelled
 * document in `pool` (the labels and the pool counts disagree).
 * @example scoreGroupFairnessQuery({ ranked: ['a', 'b'], labelOf: (d) => ({ a: 'f', b: 'm' })[d], pool: new Map([['f', 1], ['m', 1]]) }, groupFairnessOptions({ k: 2, skewKs: [1] })).awrf // 1 − JSD([1/2, 1/2], [1/2, 1/2]) = 1
 */
export function scoreGroupFairnessQuery(input: GroupQueryInput, options: GroupFairnessOptions): QueryGroupFairness {
  const { groups, index } = poolGroups(input.pool);
  const n = groups.length;
  const { sequence, positions, nUnlabelled } = labelledSequence(input.ranked, input.labelOf, options.k, index);
  const relevant = options.target === 'relevant' && input.judgments ? relevantGroupCounts(input.judgments, options.threshold, input.labelOf, index) : undefined;
  const target = targetShares(options.target, Float64Array.from(groups, (g) => input.pool.get(g) ?? 0), relevant);
  const empty = sequence.length === 0;
  const exposure = empty ? undefined : groupExposure(sequence, n);
  const attention = empty ? undefined : attentionDistribution(sequence, n);
  const fairness = attention && target ? awrf(attention, target) : undefined;
  const ndcg = input.judgments ? ndcgAtK(input.ranked, input.judgments, options) : undefined;
  return {
    groups,
    sequence,
    nUnlabelled,
    target,
    exposure,
    exposureRatio: exposure && exposureRatio(exposure),
    disparateTreatment: exposure && input.judgments ? disparateTreatment(sequence, gradesAt(input.ranked, positions, input.judgments), exposure, n) : undefined,
    attention,
    awrf: fairness,
    ndcg,
    awrfNdcg: fairness !== undefined && ndcg !== undefined ? fairness * ndcg : undefined,
    ndkl: target && !empty ? ndkl(sequence, target) : undefined,
    slots: target && !empty ? options.skewKs.map((k) => topSlots(sequence, n, k)) : [],
  };
}

/**
 * nDCG@K of the ranking as given (§1, retrievalKernel's scoreTop); undefined when the query has
 * no judged document of grade ≥ τ (§1's skipping rule).
 */
function ndcgAtK(ranked: readonly string[], judgments: ReadonlyMap<string, number>, options: GroupFairnessOptions): number | undefined {
  let relevant = false;
  for (const grade of judgments.values()) if (grade >= options.threshold) relevant = true;
  if (!relevant) return undefined;
  const kernel = { ks: [options.k], threshold: options.threshold, gain: options.gain };
  return scoreTop((i) => ranked[i], Math.min(options.k, ranked.length), judgments, kernel)[0];
}

/** The grades of L's documents in closed-up rank order (unjudged = 0): `positions` index `ranked`. */
function gradesAt(ranked: readonly string[], positions: Uint32Array, judgments: ReadonlyMap<string, number>): Float64Array {
  return Float64Array.from(positions, (i) => judgments.get(ranked[i]) ?? 0);
}
