/**
 * The group-outcome audit (METRICS.md §10) on the results of a screening
 * run: for each demographic attribute of the counterfactual variants
 * (gender, ethnicity, …), every variant of that attribute is a candidate of
 * its group in its job, selected by a decision rule — the model's decision
 * threshold when validity tuned one on labels, else (a ranking without
 * labels, whose scores may not be calibrated) a shortlist of the top k of
 * each pool, the variant taking its CV's place — the selection rates and
 * impact ratios an LL144-style bias audit of this model would report on
 * these pools. The noise-floor perturbations are left out; the original
 * CV's FIT label is each variant's true label (equal opportunity).
 */
import type { CiOptions } from '../common/index.ts';
import type { PreparedScreening, ScreeningModelScores } from './input.ts';
import type { ScreeningAttributeOutcomes } from './results.ts';
import { auditOutcomes } from '../outcomes/index.ts';


/** How a variant is selected: its score at or above a threshold, or its place in its pool's shortlist. */
export type VariantRule = { readonly kind: 'threshold'; readonly threshold: number } | { readonly kind: 'top-k'; readonly k: number };

/** The shortlist the outcomes use when no threshold was tuned (the protocol's Excl@5 cut). */
export const DEFAULT_SHORTLIST = 5;

/** The rule in words, as the results and the report state it. */
export function variantRuleText(rule: VariantRule): string {
  return rule.kind === 'threshold' ? `score ≥ ${Number(rule.threshold.toFixed(2))}` : `top ${rule.k} of its pool (the variant in its CV's place)`;
}

/**
 * Whether each variant is selected under `rule`: by threshold, score ≥ t; by shortlist, its rank in
 * its pool when it takes its CV's place — 1 + the originals (of run 0) scoring above it, ties broken
 * by identifier descending with the variant holding its CV's id (METRICS.md §4) — at most k.
 */
export function variantSelected(prepared: PreparedScreening, scores: ScreeningModelScores, rule: VariantRule): Uint8Array {
  const out = new Uint8Array(prepared.work.variants.length);
  const original = scores.runs[0];
  prepared.variantsOf.forEach((list, i) => {
    const pool = prepared.pools.find((p) => i >= p.start && i < p.start + p.cvIds.length)!;
    const own = prepared.work.originals[i].cvId;
    for (const v of list) {
      const s = scores.variants[v.index];
      if (rule.kind === 'threshold') {
        out[v.index] = s >= rule.threshold ? 1 : 0;
        continue;
      }
      let rank = 1;
      for (let j = pool.start; j < pool.start + pool.cvIds.length; j++) {
        if (j === i) continue;
        const x = original[j];
        if (x > s || (x === s && prepared.work.originals[j].cvId > own)) rank++;
      }
      out[v.index] = rank <= rule.k ? 1 : 0;
    }
  });
  return out;
}

/**
 * One outcome audit per demographic attribute, in first-appearance order, under `rule` (a
 * threshold, for the model's tuned decision threshold; or a shortlist of the top k per pool).
 * @example screeningOutcomes(prepared, scores, { kind: 'top-k', k: 5 }, { resamples: 1000, seed: 0 })[0].outcomes.groupings[0].categories
 */
export function screeningOutcomes(prepared: PreparedScreening, scores: ScreeningModelScores, rule: VariantRule, ci?: CiOptions): ScreeningAttributeOutcomes[] {
  const noise = prepared.options.noiseAttribute;
  const selectedOf = variantSelected(prepared, scores, rule);
  const attributes: string[] = [];
  for (const list of prepared.variantsOf) for (const v of list) if (v.cue.attribute !== noise && !attributes.includes(v.cue.attribute)) attributes.push(v.cue.attribute);
  return attributes.map((attribute) => {
    const groups: string[] = [];
    /** The distinct CVs behind each group's variants (a CV in several jobs' pools counted once): LL144 counts people, not variants. */
    const cvsOf = new Map<string, Set<string>>();
    const jobs: string[] = [];
    const selected: number[] = [];
    const labels: number[] = [];
    let labelled = true;
    prepared.variantsOf.forEach((list, i) => {
      for (const v of list) {
        if (v.cue.attribute !== attribute) continue;
        groups.push(v.cue.group);
        if (!cvsOf.has(v.cue.group)) cvsOf.set(v.cue.group, new Set());
        cvsOf.get(v.cue.group)!.add(prepared.work.originals[i].cvId);
        jobs.push(prepared.work.originals[i].jobId);
        selected.push(selectedOf[v.index]);
        const l = prepared.labelOf[i];
        if (l === undefined) labelled = false;
        labels.push(l?.label ?? 0);
      }
    });
    const outcomes = auditOutcomes(
      {
        groupColumns: [attribute],
        groups: [groups],
        decision: { kind: 'selected', column: variantRuleText(rule), selected: Uint8Array.from(selected) },
        label: labelled && labels.length > 0 ? { column: 'FIT', values: Uint8Array.from(labels) } : undefined,
        job: { column: 'job', values: jobs },
        lines: groups.map((_, r) => r + 1),
      },
      {},
      ci,
    );
    const withIndividuals = { ...outcomes, groupings: outcomes.groupings.map((g) => ({ ...g, categories: g.categories.map((c) => ({ ...c, n_individuals: cvsOf.get(c.category)?.size ?? 0 })) })) };
    return { attribute, ...(rule.kind === 'threshold' ? { threshold: rule.threshold } : {}), rule, outcomes: withIndividuals };
  });
}
