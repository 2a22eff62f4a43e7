import { GROUP_TARGETS, type GroupFairnessOptions, type GroupFairnessOptionsInput } from './types.ts';

/** The default cut depth K of §12 (the audit's K). */
export const DEFAULT_GROUP_K = 100;

/** The default Skew@k cut-off (Geyik et al. report k = 10 and beyond; the first page of results). */
export const DEFAULT_SKEW_K = 10;

/**
 * Validates §12's options and fills the defaults: K = 100, target 'pool', τ = 1, skewKs [10]
 * (or [K] when K < 10), linear gain. The skew cut-offs come back sorted and distinct.
 * @throws {RangeError} naming the option: K or a skew cut-off not a positive integer, a skew
 * cut-off above K (L is cut at K), no skew cut-off, τ not a finite number > 0, an unknown target
 * or gain.
 * @example groupFairnessOptions({ k: 10 }) // { k: 10, target: 'pool', threshold: 1, skewKs: [10], gain: 'linear' }
 */
export function groupFairnessOptions(input: GroupFairnessOptionsInput = {}): GroupFairnessOptions {
  const k = input.k ?? DEFAULT_GROUP_K;
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`cut depth K must be a positive integer, got ${k}`);
  const target = input.target ?? 'pool';
  if (!GROUP_TARGETS.includes(target)) throw new RangeError(`target must be one of ${GROUP_TARGETS.join(', ')}, got "${String(target)}"`);
  const threshold = input.threshold ?? 1;
  if (!(threshold > 0) || !Number.isFinite(threshold)) throw new RangeError(`relevance threshold must be a finite number > 0, got ${threshold}`);
  const gain = input.gain ?? 'linear';
  if (gain !== 'linear' && gain !== 'exp') throw new RangeError(`gain must be linear or exp, got "${String(gain)}"`);
  return { k, target, threshold, skewKs: skewCutoffs(input.skewKs ?? [Math.min(DEFAULT_SKEW_K, k)], k), gain };
}

/** The Skew@k cut-offs sorted and distinct. @throws {RangeError} for none, or one that is not an integer in 1..K. */
function skewCutoffs(ks: readonly number[], depth: number): number[] {
  const sorted = [...new Set(ks)].sort((a, b) => a - b);
  if (sorted.length === 0) throw new RangeError('at least one Skew@k cut-off is needed');
  for (const k of sorted) {
    if (!Number.isInteger(k) || k < 1 || k > depth) throw new RangeError(`Skew@k cut-off must be an integer from 1 to K = ${depth}, got ${k}`);
  }
  return sorted;
}
