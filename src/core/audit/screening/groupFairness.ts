/**
 * Group fairness of rankings in the screening audit (METRICS.md §12): who gets seen in each job's
 * shortlist. For each demographic attribute of the counterfactual variants (the noise floor's left
 * out), a job's ranked list is its pool's variants of that attribute — every CV once per group's
 * version of it — ranked by the model's score under the tie rule (score descending, then identifier:
 * ranking.ts), cut at the shortlist the outcomes use (DEFAULT_SHORTLIST, METRICS.md §4's Excl@5 cut);
 * the variants' group is the label, the pool's variants per group the pool (so the target is each
 * group's share of the versions, equal when every CV has one per group). A model that ranks a
 * group's versions of the same CVs lower gives that group less of the shortlist's attention.
 * Per-job values are averaged and bootstrapped over jobs (§6), as every screening statistic.
 */
import { rankItems, type Scored } from '../../ranking.ts';
import { groupFairnessOptions, scoreGroupFairnessQuery, type QueryGroupFairness } from '../../metrics/groupFairness/index.ts';
import { shortModelName } from '../../models/displayName.ts';
import { modelGroupFairness } from '../retrieval/index.ts';
import type { PreparedScreening, ScreeningModelScores } from './input.ts';
import type { ScreeningGroupFairness } from './results.ts';
import { DEFAULT_SHORTLIST } from './variantOutcomes.ts';

/** A variant in its job's ranked list: its id, the model's score of it, and its group. */
interface RankedVariant extends Scored {
  readonly group: string;
}

/** The variants of `attribute` in each pool, in pool order. */
function variantsByPool(prepared: PreparedScreening, scores: ScreeningModelScores, attribute: string): RankedVariant[][] {
  return prepared.pools.map((pool) => {
    const out: RankedVariant[] = [];
    for (let i = pool.start; i < pool.start + pool.cvIds.length; i++) {
      for (const v of prepared.variantsOf[i]) {
        if (v.cue.attribute === attribute) out.push({ id: prepared.work.variants[v.index].variantId, score: scores.variants[v.index], group: v.cue.group });
      }
    }
    return out;
  });
}

/** One job's §12 record: its variants ranked by score, labelled by group, against the pool's versions per group. */
function jobRecord(variants: readonly RankedVariant[], options: ReturnType<typeof groupFairnessOptions>): QueryGroupFairness {
  const groupOf = new Map(variants.map((v) => [v.id, v.group]));
  const pool = new Map<string, number>();
  for (const v of variants) pool.set(v.group, (pool.get(v.group) ?? 0) + 1);
  const ranked = rankItems(variants).slice(0, options.k).map((v) => v.id);
  return scoreGroupFairnessQuery({ ranked, labelOf: (id) => groupOf.get(id), pool }, options);
}

/**
 * One §12 summary per demographic attribute, in first-appearance order, over the jobs whose pool
 * has that attribute's variants (the others are not units of it).
 * @example screeningGroupFairness(prepared, scores, { bootstrap: 2000, seed: 0 })[0].summary['awrf@5']
 */
export function screeningGroupFairness(prepared: PreparedScreening, scores: ScreeningModelScores, resampling: { readonly bootstrap: number; readonly seed: number }): ScreeningGroupFairness[] {
  const noise = prepared.options.noiseAttribute;
  const attributes: string[] = [];
  for (const list of prepared.variantsOf) for (const v of list) if (v.cue.attribute !== noise && !attributes.includes(v.cue.attribute)) attributes.push(v.cue.attribute);
  const options = groupFairnessOptions({ k: DEFAULT_SHORTLIST, skewKs: [DEFAULT_SHORTLIST], target: 'pool' });
  const subject = shortModelName(scores.model.label, scores.model.id);
  return attributes.map((attribute) => {
    const records = variantsByPool(prepared, scores, attribute)
      .filter((variants) => variants.length > 0)
      .map((variants) => jobRecord(variants, options));
    const { by: _by, ...rest } = modelGroupFairness(subject, ['group'], options, records, resampling.bootstrap, resampling.seed, 'CV pools');
    return { attribute, ...rest };
  });
}
