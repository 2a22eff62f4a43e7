/**
 * The permalink of the results a report is made from (docs/permalinks.md): the payload the results
 * page shares — configuration and summary numbers, never data — encoded by core's encoder, after
 * the same content guard and checks (validatePayload, the size limits, base64url). One step differs
 * from encodePermalink: the raw DEFLATE is fflate's, the same bytes in every JavaScript engine,
 * where CompressionStream's differ between Chromium and Node — and the report from the page and the
 * report from the CLI must be the same file. Any raw-DEFLATE decoder reads it, decodePermalink too.
 * Retrieval payloads are built as the page's Share box builds them
 * (src/app/results/sharing.ts `payloadOf`); screening results travel whole, as the `screening`
 * link schema takes them. An outcome audit of a decisions table has no link kind.
 */
import { summaryOf, type RetrievalFairnessResults } from '../core/audit/retrieval/index.ts';
import { screeningSummaryOf } from '../core/audit/screening/index.ts';
import { deflateSync } from 'fflate';
import {
  assertNoDatasetContent, base64UrlEncode, CURRENT_SCHEMA, FRAGMENT_PREFIX, MAX_FRAGMENT_LENGTH, MAX_JSON_BYTES, toSafeJson, validatePayload,
  type PermalinkPayloadInput,
} from '../core/permalink/index.ts';
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

/**
 * The payload of a screening result: its parameters (the sample included) and the results object,
 * less what stays on the machine (screeningSummaryOf: each model's decision cases, by CV position,
 * and its per-unit values, keyed by record id).
 */
export function screeningPayload(results: ReportScreeningResults): PermalinkPayloadInput {
  return {
    v: CURRENT_SCHEMA,
    kind: results.kind,
    dataset: { id: results.dataset.id, version: results.dataset.version, manifestSha256: results.dataset.manifestSha256 },
    models: results.models.map((m) => ({ id: m.model.id, revision: orNull(m.model.revision), dtype: orNull(m.model.dtype), device: m.model.device })),
    parameters: JSON.parse(JSON.stringify({ ...results.parameters, sample: results.parameters.sample ?? null })),
    results: JSON.parse(JSON.stringify({ ...screeningSummaryOf(results), parameters: { ...results.parameters, sample: results.parameters.sample ?? null } })),
  };
}

/**
 * encodePermalink with a deterministic deflate: `r=` + base64url(raw DEFLATE(UTF-8 JSON)).
 * @throws {PermalinkShapeError} when the payload breaks the link schema; {RangeError} over a limit.
 */
export function encodeReportFragment(payload: PermalinkPayloadInput): string {
  const checked = validatePayload(toSafeJson(payload, 'null'), CURRENT_SCHEMA);
  const json = new TextEncoder().encode(JSON.stringify(checked));
  if (json.length > MAX_JSON_BYTES) throw new RangeError(`the payload is ${json.length} bytes of JSON; a permalink holds at most ${MAX_JSON_BYTES}`);
  const fragment = FRAGMENT_PREFIX + base64UrlEncode(deflateSync(json, { level: 9 }));
  if (fragment.length > MAX_FRAGMENT_LENGTH) throw new RangeError(`the permalink would be ${fragment.length} characters long; at most ${MAX_FRAGMENT_LENGTH} open`);
  return fragment;
}

/** A permalink fragment (`r=…`), or why there is none. */
export type ReportPermalink = { readonly ok: true; readonly fragment: string } | { readonly ok: false; readonly reason: string };

/**
 * The fragment of a results object's permalink, guarded against the dataset's strings; never
 * throws but for the guard (a report must not be made when its link would leak).
 * @throws {DatasetContentError} when the payload holds a forbidden string.
 */
export function reportPermalink(results: RetrievalFairnessResults | ReportScreeningResults, forbidden: Iterable<string>): ReportPermalink {
  const payload = results.kind === 'retrieval-fairness' ? retrievalPayload(results) : screeningPayload(results);
  assertNoDatasetContent(payload, forbidden);
  try {
    return { ok: true, fragment: encodeReportFragment(payload) };
  } catch (e) {
    return { ok: false, reason: (e as Error).message };
  }
}
