/**
 * The permalink of the results a report is made from (docs/permalinks.md): the payload the results
 * page shares — configuration and summary numbers, never data — encoded by core's encoder, after
 * the same content guard. Retrieval payloads are built as the page's Share box builds them
 * (src/app/results/sharing.ts `payloadOf`); screening results travel whole, as the `screening`
 * link schema takes them. An outcome audit of a decisions table has no link kind.
 */
import { summaryOf, type RetrievalFairnessResults } from '../core/audit/retrieval/index.ts';
import { assertNoDatasetContent, CURRENT_SCHEMA, encodePermalink, type PermalinkPayloadInput } from '../core/permalink/index.ts';
import type { ReportScreeningResults } from './screeningReport.ts';

const orNull = (v: string) => (v === '-' ? null : v);

/** The payload of a retrieval-fairness result (the Share box's). */
export function retrievalPayload(results: RetrievalFairnessResults): PermalinkPayloadInput {
  const models = results.subsets[0]?.models.map((m) => ({ id: m.model.id, revision: orNull(m.model.revision), dtype: orNull(m.model.dtype), device: m.model.device })) ?? [];
  const { k, relevanceThreshold, bootstrap, seed, groups } = results.parameters;
  return {
    v: CURRENT_SCHEMA,
    kind: results.kind,
    dataset: { id: results.dataset.id, version: results.dataset.version, manifestSha256: results.dataset.manifestSha256 },
    models,
    parameters: { k, relevanceThreshold, bootstrap, seed, groups: [...groups], tasks: [...new Set(results.subsets.map((s) => s.task))] },
    results: JSON.parse(JSON.stringify(summaryOf(results))),
  };
}

/** The payload of a screening result: its parameters (the sample included) and the results object. */
export function screeningPayload(results: ReportScreeningResults): PermalinkPayloadInput {
  return {
    v: CURRENT_SCHEMA,
    kind: results.kind,
    dataset: { id: results.dataset.id, version: results.dataset.version, manifestSha256: results.dataset.manifestSha256 },
    models: results.models.map((m) => ({ id: m.model.id, revision: orNull(m.model.revision), dtype: orNull(m.model.dtype), device: m.model.device })),
    parameters: JSON.parse(JSON.stringify({ ...results.parameters, sample: results.parameters.sample ?? null })),
    results: JSON.parse(JSON.stringify({ ...results, parameters: { ...results.parameters, sample: results.parameters.sample ?? null } })),
  };
}

/** A permalink fragment (`r=…`), or why there is none. */
export type ReportPermalink = { readonly ok: true; readonly fragment: string } | { readonly ok: false; readonly reason: string };

/**
 * The fragment of a results object's permalink, guarded against the dataset's strings; never
 * throws but for the guard (a report must not be made when its link would leak).
 * @throws {DatasetContentError} when the payload holds a forbidden string.
 */
export async function reportPermalink(results: RetrievalFairnessResults | ReportScreeningResults, forbidden: Iterable<string>): Promise<ReportPermalink> {
  const payload = results.kind === 'retrieval-fairness' ? retrievalPayload(results) : screeningPayload(results);
  assertNoDatasetContent(payload, forbidden);
  try {
    return { ok: true, fragment: await encodePermalink(payload) };
  } catch (e) {
    return { ok: false, reason: (e as Error).message };
  }
}
