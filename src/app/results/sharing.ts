/**
 * From a stored results object to a permalink and back: the payloads are core's (core/share: one
 * builder per audit kind, used by the Share boxes, the report and Re-run alike), the privacy check
 * runs before any link is made, and a shared link opens as results the views show.
 */
import { parseResults, type RetrievalFairnessResults } from '../../core/audit/retrieval/index.ts';
import { parseScreeningResults } from '../../core/audit/screening/index.ts';
import type { OutcomesResults } from '../../core/audit/outcomes/index.ts';
import type { MultiTaskResults } from '../../core/audit/tasks/index.ts';
import { assertNoDatasetContent, decodePermalink, diffResults, encodePermalink, type PermalinkPayload, type PermalinkPayloadInput } from '../../core/permalink/index.ts';
import { retrievalPayload, type LinkDetail } from '../../core/share/index.ts';
import { retrievalRunModel } from '../../models/modelRefs.ts';
import { DEFAULT_HUB_HOST } from '../../core/models/modelSource.ts';
import type { RetrievalRunConfig, RunModel, ScreeningRunResults } from '../../core/audit/run/index.ts';
import { withoutNulls } from '../../core/jsonNulls.ts';
import type { GroupTarget } from '../../core/metrics/groupFairness/index.ts';

/**
 * Encodes a permalink fragment (`r=…`) after checking that no string of the data is in the payload.
 * @throws {DatasetContentError} naming, in words, where the string sits.
 */
export async function guardedFragment(payload: PermalinkPayloadInput, forbidden: Iterable<string>): Promise<string> {
  assertNoDatasetContent(payload, forbidden);
  return encodePermalink(payload);
}

/** A retrieval result's link (the summary unless `detail` says otherwise), guarded. */
export async function fragmentOf(results: RetrievalFairnessResults, forbidden: Iterable<string>, detail: LinkDetail = 'summary'): Promise<string> {
  return guardedFragment(retrievalPayload(results, detail), forbidden);
}

/** What a link opens as: the results of its kind, for the view that shows them. */
export type SharedResults =
  | RetrievalFairnessResults
  | ScreeningRunResults
  | { readonly kind: 'outcomes'; readonly outcomes: OutcomesResults }
  | { readonly kind: 'multi-task'; readonly tasks: MultiTaskResults };

export type SharedResult = { ok: true; payload: PermalinkPayload; results: SharedResults } | { ok: false; error: string };

/**
 * Decodes a `#r=` fragment into results for the views; never throws. The
 * payload has passed its kind's schema (decodePermalink), so every field a
 * view reads is there, of its type and in its range.
 */
export async function openShared(fragment: string): Promise<SharedResult> {
  const decoded = await decodePermalink(fragment);
  if (!decoded.ok) return decoded;
  const { payload } = decoded;
  try {
    if (payload.kind === 'retrieval-fairness') return { ok: true, payload, results: parseResults(payload.results) };
    if (payload.kind === 'screening') {
      const results = parseScreeningResults(payload.results);
      const sample = (payload.results.parameters as { sample?: ScreeningRunResults['parameters']['sample'] }).sample ?? null;
      return { ok: true, payload, results: { ...results, parameters: { ...results.parameters, sample } } };
    }
    if (payload.kind === 'outcomes') return { ok: true, payload, results: { kind: 'outcomes', outcomes: withoutNulls(payload.results) as OutcomesResults } };
    if (payload.kind === 'multi-task') return { ok: true, payload, results: { kind: 'multi-task', tasks: withoutNulls(payload.results) as MultiTaskResults } };
  } catch (e) {
    return { ok: false, error: `This link's results are damaged: ${(e as Error).message}` };
  }
  return { ok: false, error: `This link holds a “${payload.kind}” result, which this version of Fairground cannot show yet.` };
}

/** How much a shared link carries (links made before the choice carried every table). */
export function detailOf(payload: PermalinkPayload): LinkDetail {
  return payload.parameters.detail === 'summary' ? 'summary' : 'full';
}

/** The run that reproduces a shared result on the user's own copy of the dataset. */
export function rerunConfig(payload: PermalinkPayload): RetrievalRunConfig {
  const p = payload.parameters as { k: number; bootstrap: number; seed: number; tasks?: string[] };
  const models = payload.models.map((m): RunModel => retrievalRunModel(m.id, DEFAULT_HUB_HOST, m.revision ?? 'main'));
  const tasks = p.tasks ?? [...new Set((payload.results as { subsets?: { task: string }[] }).subsets?.map((s) => s.task) ?? [])];
  return { kind: 'retrieval-fairness', datasetId: payload.dataset.id, tasks, models, k: p.k, bootstrap: p.bootstrap, seed: p.seed, ...sharedGrouping(payload) };
}

/**
 * The grouping a shared result's group fairness used (METRICS.md §12), so a re-run groups alike; a
 * link without group fairness (made before it, or of a run without groups) re-runs without it.
 */
function sharedGrouping(payload: PermalinkPayload): Pick<RetrievalRunConfig, 'groupBy' | 'groupTarget'> {
  const first = (payload.results as { subsets?: { models?: { groupFairness?: { by: string[]; summary: { target: GroupTarget } } }[] }[] }).subsets?.[0]?.models?.[0]?.groupFairness;
  if (!first) return { groupBy: null };
  return { groupBy: first.by.length === 2 ? [first.by[0], first.by[1]] : [first.by[0]], groupTarget: first.summary.target };
}

/**
 * Every summary number that differs between a shared result and its re-run (timings and
 * environment aside), compared at the link's precision and detail: the re-run is put in a link
 * of the same detail first, so what is compared is what a reader of either link sees.
 */
export function differences(shared: PermalinkPayload, rerun: RetrievalFairnessResults) {
  return diffResults(shared, retrievalPayload(rerun, detailOf(shared)), 0, { ignoreKeys: ['timing', 'environment', 'createdAt'] });
}
