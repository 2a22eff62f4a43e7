/**
 * From a stored results object to a permalink and back: what goes in the
 * payload (configuration and summary numbers only), the privacy check, and
 * the run configuration a "Re-run" of a shared result uses.
 */
import { parseResults, summaryOf, type RetrievalFairnessResults } from '../../core/audit/retrieval/index.ts';
import { parseScreeningResults } from '../../core/audit/screening/index.ts';
import { assertNoDatasetContent, decodePermalink, diffResults, encodePermalink, type PermalinkPayload } from '../../core/permalink/index.ts';
import { retrievalRunModel } from '../../models/modelRefs.ts';
import { DEFAULT_HUB_HOST } from '../../core/models/modelSource.ts';
import type { RetrievalRunConfig, RunModel, ScreeningRunResults } from '../../core/audit/run/index.ts';

/** The permalink payload of a results object: configuration, models and the summary, never data. */
export function payloadOf(results: RetrievalFairnessResults) {
  const models = results.subsets[0]?.models.map((m) => ({
    id: m.model.id,
    revision: m.model.revision === '-' ? null : m.model.revision,
    dtype: m.model.dtype === '-' ? null : m.model.dtype,
    device: m.model.device,
  })) ?? [];
  const { k, relevanceThreshold, bootstrap, seed, groups } = results.parameters;
  return {
    v: results.schema,
    kind: results.kind,
    dataset: { id: results.dataset.id, version: results.dataset.version, manifestSha256: results.dataset.manifestSha256 },
    models,
    parameters: { k, relevanceThreshold, bootstrap, seed, groups: [...groups], tasks: [...new Set(results.subsets.map((s) => s.task))] },
    results: JSON.parse(JSON.stringify(summaryOf(results))),
  };
}

/**
 * Encodes a permalink fragment (`r=…`) after checking that no record id or
 * text of the dataset is in the payload.
 * @throws {Error} naming the offending string when one is found.
 */
export async function fragmentOf(results: RetrievalFairnessResults, forbidden: Iterable<string>): Promise<string> {
  const payload = payloadOf(results);
  assertNoDatasetContent(payload, forbidden);
  return encodePermalink(payload);
}

export type SharedResult =
  | { ok: true; payload: PermalinkPayload; results: RetrievalFairnessResults | ScreeningRunResults }
  | { ok: false; error: string };

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
  } catch (e) {
    return { ok: false, error: `This link's results are damaged: ${(e as Error).message}` };
  }
  return { ok: false, error: `This link holds a “${payload.kind}” result, which this version of Fairground cannot show yet.` };
}

/** The run that reproduces a shared result on the user's own copy of the dataset. */
export function rerunConfig(payload: PermalinkPayload): RetrievalRunConfig {
  const p = payload.parameters as { k: number; bootstrap: number; seed: number; tasks?: string[] };
  const models = payload.models.map((m): RunModel => retrievalRunModel(m.id, DEFAULT_HUB_HOST, m.revision ?? 'main'));
  const tasks = p.tasks ?? [...new Set((payload.results as { subsets?: { task: string }[] }).subsets?.map((s) => s.task) ?? [])];
  return { kind: 'retrieval-fairness', datasetId: payload.dataset.id, tasks, models, k: p.k, bootstrap: p.bootstrap, seed: p.seed };
}

/** Every summary number that differs between a shared result and its re-run (timings and environment aside). */
export function differences(shared: PermalinkPayload, rerun: RetrievalFairnessResults) {
  return diffResults(shared, payloadOf(rerun), 0, { ignoreKeys: ['timing', 'environment', 'createdAt'] });
}
