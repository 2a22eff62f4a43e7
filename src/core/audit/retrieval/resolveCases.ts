/**
 * The cases of a result (cases.ts) with their records: the query, the original profile and its
 * twin, by identifier and text, for the page to show side by side. Read from the dataset as the
 * audit read it, so the positions a result keeps name the same records.
 */
import { AuditInputError, type DatasetPort } from '../common/index.ts';
import { loadRetrieval, selectTasks, type LoadedRetrieval } from './data.ts';
import { prepareSubset } from './perQuery.ts';
import type { TwinCase } from './results.ts';

/** A case with its records: the query, the original profile and its twin, by identifier and text. */
export interface ResolvedCase extends TwinCase {
  readonly queryId: string;
  readonly queryText: string;
  readonly id: string;
  readonly text: string;
  readonly twinId: string;
  readonly twinText: string;
  /** rank − twinRank: > 0 when the twin ranks higher. */
  readonly shift: number;
}

/**
 * The cases of a result with their records: the dataset loaded as the audit loaded it
 * (`loadRetrieval`) and its subset prepared at the result's k, so the units are the audit's, in
 * its order.
 * @throws {RangeError} when a case's position is outside the subset (another dataset version).
 * @example resolveCases(await loadRetrieval(read, selectTasks(manifest, 'briefs')), 0, 10, model.cases.largestShifts)[0].twinText
 */
export function resolveCases(loaded: LoadedRetrieval, subsetIndex: number, k: number, cases: readonly TwinCase[]): ResolvedCase[] {
  const { subset, twinTexts } = loaded.subsets[subsetIndex];
  const prepared = prepareSubset(subset, k);
  const corpusIndex = new Map(subset.corpus.map((d, i) => [d.id, i]));
  return cases.map((c) => {
    const twin = subset.twins[c.pair];
    const q = prepared.unitQuery[c.unit];
    if (twin === undefined || q === undefined) throw new RangeError(`a case names query ${c.unit} and twin ${c.pair}, outside this query set: the dataset is not the audited version`);
    return {
      ...c,
      queryId: prepared.unitIds[c.unit],
      queryText: q >= 0 ? loaded.queryTexts[q] : '',
      id: twin.id,
      text: loaded.corpusTexts[corpusIndex.get(twin.id) ?? -1] ?? '',
      twinId: twin.twinId,
      twinText: twinTexts[c.pair],
      shift: c.rank - c.twinRank,
    };
  });
}


/**
 * The cases of one model of a stored result, read from the dataset they were audited on: refused
 * when the dataset at hand is another version (its manifest's SHA-256 differs), since positions
 * would then name other records.
 * @throws {AuditInputError} when the dataset is another version or lacks the query set.
 */
export async function casesFromDataset(
  dataset: DatasetPort,
  audited: { readonly manifestSha256: string; readonly k: number; readonly task: string; readonly twinsTask: string },
  cases: readonly TwinCase[],
): Promise<ResolvedCase[]> {
  if (dataset.manifestSha256 !== audited.manifestSha256) {
    throw new AuditInputError(`the stored dataset "${dataset.manifest.id}" is not the version this result audited (its manifest changed): re-import that version or re-run the audit to see its cases`);
  }
  const loaded = await loadRetrieval(dataset.read, selectTasks(dataset.manifest, audited.task));
  const index = loaded.subsets.findIndex((s) => s.subset.twinsTask === audited.twinsTask);
  if (index < 0) throw new AuditInputError(`the dataset has no twins task "${audited.twinsTask}" of "${audited.task}"`);
  return resolveCases(loaded, index, audited.k, cases);
}
