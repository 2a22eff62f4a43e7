/**
 * The per-unit values a screening model's results keep for comparisons across runs
 * (core/audit/compare, METRICS.md §6), as retrieval keeps its per-query values
 * (retrieval/perUnit.ts): each audited (job, CV) pair's run-1 score and its decision under the
 * model's rule, and each variant's ΔScore against its original and its cue (no name, no text).
 * Keyed by record id, so two runs are paired on the same pairs whatever their order; never in a
 * link (`screeningSummaryOf`).
 *
 * Every bias effect's ΔScore (METRICS.md §4) is a function of these values: for a CV with
 * variants of group g and of the reference group under one attribute and signal, the mean of g's
 * variant ΔScores (over its names) minus the mean of the reference group's.
 */
import type { PreparedScreening, ScreeningModelScores } from './input.ts';
import type { ScreeningPerUnit, ScreeningUnitValues, ScreeningVariantValues } from './results.ts';
import { originalSelected } from './cases.ts';
import type { VariantRule } from './variantOutcomes.ts';

/** A record keyed by ids: no prototype, so an id such as `__proto__` is a key like any other. */
const byId = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

/**
 * The per-unit values of one model over the prepared work list.
 * @example screeningPerUnitOf(prepared, scores, { kind: 'top-k', k: 5 }).originals['job-1']['cv-7'] // { score: 62.5, selected: true }
 */
export function screeningPerUnitOf(prepared: PreparedScreening, scores: ScreeningModelScores, rule: VariantRule): ScreeningPerUnit {
  const first = scores.runs[0];
  const selected = originalSelected(prepared, scores, rule);
  const originals = byId<Record<string, ScreeningUnitValues>>();
  const variants = byId<Record<string, ScreeningVariantValues>>();
  prepared.work.originals.forEach((p, i) => {
    (originals[p.jobId] ??= byId<ScreeningUnitValues>())[p.cvId] = { score: first[i], selected: selected[i] === 1 };
    for (const v of prepared.variantsOf[i]) {
      const pair = prepared.work.variants[v.index];
      // The cue without the name (dataset text): an implicit group's names are averaged alike.
      const { attribute, group, signal } = v.cue;
      (variants[p.jobId] ??= byId<ScreeningVariantValues>())[pair.variantId] = { cv: p.cvId, attribute, group, signal, delta_score: scores.variants[v.index] - first[i] };
    }
  });
  return { originals, variants };
}
