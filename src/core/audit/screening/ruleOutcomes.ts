/**
 * A screening result's group outcomes under another decision rule (issue 31's live rule control):
 * recomputed from a model's stored scores — no model runs again — over the dataset the run read
 * (the same task and sample), with the decision cases of that rule.
 */
import { AuditInputError, type CiOptions, type DatasetPort } from '../common/index.ts';
import { prepareScreening } from './audit.ts';
import { decisionCases } from './cases.ts';
import { loadScreening, selectScreeningTask, type ScreeningSample } from './data.ts';
import type { ScreeningModelScores } from './input.ts';
import type { DecisionCases, ScreeningAttributeOutcomes } from './results.ts';
import { screeningOutcomes, type VariantRule } from './variantOutcomes.ts';

/**
 * The outcomes and decision cases of each model's stored scores under `rule`.
 * @throws {AuditInputError} when the dataset is another version, or the scores are not of its work list.
 * @example await outcomesUnderRule(dataset, { manifestSha256, task: 'cv-screening', sample: null }, [scores], { kind: 'top-k', k: 3 })
 */
export async function outcomesUnderRule(
  dataset: DatasetPort,
  audited: { readonly manifestSha256: string; readonly task: string; readonly sample?: ScreeningSample | null },
  models: readonly ScreeningModelScores[],
  rule: VariantRule,
  ci?: CiOptions,
): Promise<{ readonly modelId: string; readonly outcomes: ScreeningAttributeOutcomes[]; readonly cases: DecisionCases }[]> {
  if (dataset.manifestSha256 !== audited.manifestSha256) {
    throw new AuditInputError(`the stored dataset "${dataset.manifest.id}" is not the version this result audited (its manifest changed): re-import that version to change the rule`);
  }
  if (rule.kind === 'top-k' && !(Number.isInteger(rule.k) && rule.k >= 1)) throw new AuditInputError(`a shortlist needs a whole number k ≥ 1, got ${rule.k}`);
  if (rule.kind === 'threshold' && !Number.isFinite(rule.threshold)) throw new AuditInputError(`a cut-off must be a number, got ${rule.threshold}`);
  const data = await loadScreening(dataset.read, selectScreeningTask(dataset.manifest, audited.task), audited.sample ?? undefined);
  const prepared = prepareScreening(data.parts, { reference: data.reference, splits: data.splits });
  return models.map((scores) => {
    if (scores.variants.length !== prepared.work.variants.length || scores.runs[0]?.length !== prepared.work.originals.length) {
      throw new AuditInputError(`the stored scores of ${scores.model.label} do not cover this dataset's pairs: re-run the audit`);
    }
    return { modelId: scores.model.id, outcomes: screeningOutcomes(prepared, scores, rule, ci), cases: decisionCases(prepared, scores, rule) };
  });
}
