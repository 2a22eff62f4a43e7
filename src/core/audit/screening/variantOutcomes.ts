/**
 * The group-outcome audit (METRICS.md §10) on the results of a screening
 * run: for each demographic attribute of the counterfactual variants
 * (gender, ethnicity, …), every variant of that attribute is a candidate of
 * its group in its job, selected when its score reaches the model's
 * decision threshold (validity's, tuned on the tune split) — the selection
 * rates and impact ratios an LL144-style bias audit of this model would
 * report on these pools. The noise-floor perturbations are left out; the
 * original CV's FIT label is each variant's true label (equal opportunity).
 */
import type { CiOptions } from '../common/index.ts';
import type { PreparedScreening, ScreeningModelScores } from './input.ts';
import type { ScreeningAttributeOutcomes } from './results.ts';
import { auditOutcomes } from '../outcomes/index.ts';


/**
 * One outcome audit per demographic attribute, in first-appearance order.
 * @param threshold the model's decision threshold (ScreeningValidity.threshold).
 * @example screeningOutcomes(prepared, scores, 50, { resamples: 1000, seed: 0 })[0].outcomes.groupings[0].categories
 */
export function screeningOutcomes(prepared: PreparedScreening, scores: ScreeningModelScores, threshold: number, ci?: CiOptions): ScreeningAttributeOutcomes[] {
  const noise = prepared.options.noiseAttribute;
  const attributes: string[] = [];
  for (const list of prepared.variantsOf) for (const v of list) if (v.cue.attribute !== noise && !attributes.includes(v.cue.attribute)) attributes.push(v.cue.attribute);
  return attributes.map((attribute) => {
    const groups: string[] = [];
    const jobs: string[] = [];
    const selected: number[] = [];
    const labels: number[] = [];
    let labelled = true;
    prepared.variantsOf.forEach((list, i) => {
      for (const v of list) {
        if (v.cue.attribute !== attribute) continue;
        groups.push(v.cue.group);
        jobs.push(prepared.work.originals[i].jobId);
        selected.push(scores.variants[v.index] >= threshold ? 1 : 0);
        const l = prepared.labelOf[i];
        if (l === undefined) labelled = false;
        labels.push(l?.label ?? 0);
      }
    });
    const outcomes = auditOutcomes(
      {
        groupColumns: [attribute],
        groups: [groups],
        decision: { kind: 'selected', column: `score ≥ ${threshold}`, selected: Uint8Array.from(selected) },
        label: labelled && labels.length > 0 ? { column: 'FIT', values: Uint8Array.from(labels) } : undefined,
        job: { column: 'job', values: jobs },
        lines: groups.map((_, r) => r + 1),
      },
      {},
      ci,
    );
    return { attribute, threshold, outcomes };
  });
}
