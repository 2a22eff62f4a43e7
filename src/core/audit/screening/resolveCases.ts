/**
 * The decision cases of a screening result (cases.ts) with their records: the job, the CV (its
 * neutral base) and the variant, by identifier and text, for the page to show side by side. Read
 * from the dataset as the run read it (the same task and sample), so the positions a result keeps
 * name the same pairs.
 */
import { AuditInputError, type DatasetPort } from '../common/index.ts';
import { loadScreening, selectScreeningTask, type ScreeningSample } from './data.ts';
import { screeningWorkList } from './input.ts';
import type { DecisionCase } from './results.ts';

/** A decision case with its records. */
export interface ResolvedDecisionCase extends DecisionCase {
  readonly jobId: string;
  readonly jobText: string;
  readonly cvId: string;
  readonly text: string;
  readonly variantId: string;
  readonly variantText: string;
}

/**
 * The decision cases of one model of a stored screening result, read from the dataset it audited:
 * refused when the dataset at hand is another version (its manifest's SHA-256 differs).
 * @throws {AuditInputError} for another version, or a case outside the work list.
 */
export async function decisionCasesFromDataset(
  dataset: DatasetPort,
  audited: { readonly manifestSha256: string; readonly task: string; readonly sample?: ScreeningSample | null },
  cases: readonly DecisionCase[],
): Promise<ResolvedDecisionCase[]> {
  if (dataset.manifestSha256 !== audited.manifestSha256) {
    throw new AuditInputError(`the stored dataset "${dataset.manifest.id}" is not the version this result audited (its manifest changed): re-import that version or re-run the audit to see its cases`);
  }
  const data = await loadScreening(dataset.read, selectScreeningTask(dataset.manifest, audited.task), audited.sample ?? undefined);
  const work = screeningWorkList(data.parts);
  return cases.map((c) => {
    const original = work.originals[c.original];
    const variant = work.variants[c.variant];
    if (!original || !variant || variant.cvId !== original.cvId || variant.jobId !== original.jobId) {
      throw new AuditInputError(`a case names pair ${c.original} and variant ${c.variant}, which do not belong together in this dataset: it is not the audited version`);
    }
    return { ...c, jobId: original.jobId, jobText: data.texts.job(original.jobId), cvId: original.cvId, text: data.texts.cv(original.cvId), variantId: variant.variantId, variantText: data.texts.variant(variant.variantId) };
  });
}
