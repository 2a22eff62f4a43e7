/**
 * The permalink of the results a report is made from (docs/permalinks.md): the payload the results
 * page shares — configuration and summary numbers, never data — built by core/share exactly as the
 * page's Share box builds it (the full link: a report is a document, and its link is a link, never
 * printed text), encoded by core's encoder after the same content guard and checks
 * (validatePayload, the size limits, base64url). One step differs from encodePermalink: the raw
 * DEFLATE is fflate's, the same bytes in every JavaScript engine, where CompressionStream's differ
 * between Chromium and Node — and the report from the page and the report from the CLI must be
 * the same file. Any raw-DEFLATE decoder reads it, decodePermalink too.
 */
import type { RetrievalFairnessResults } from '../core/audit/retrieval/index.ts';
import type { OutcomesResults } from '../core/audit/outcomes/index.ts';
import { deflateSync } from 'fflate';
import {
  assertNoDatasetContent, base64UrlEncode, CURRENT_SCHEMA, FRAGMENT_PREFIX, MAX_FRAGMENT_LENGTH, MAX_JSON_BYTES, toSafeJson, validatePayload,
  type PermalinkPayloadInput,
} from '../core/permalink/index.ts';
import { groupCategories, outcomesPayload, retrievalPayload, screeningPayload, withoutCategories } from '../core/share/index.ts';
import type { ReportScreeningResults } from './screeningReport.ts';

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
  if (results.kind !== 'retrieval-fairness') return guarded(screeningPayload(results, 'full'), forbidden);
  // The group labels the result reports on are its categories (METRICS.md §12), as the twins' groups are.
  return guarded(retrievalPayload(results, 'full'), withoutCategories(forbidden, groupCategories(results)));
}

/**
 * The permalink of an outcome audit of a decisions table, named by the file's SHA-256 (`source`);
 * an audit stored before it carried its source has none, and says so.
 * @throws {DatasetContentError} when the payload holds a forbidden string.
 */
export function reportOutcomesPermalink(outcomes: OutcomesResults, forbidden: Iterable<string>): ReportPermalink {
  if (!outcomes.source) return { ok: false, reason: 'the outcome audit does not name its decisions file (SHA-256): run eval outcomes again to have one' };
  return guarded(outcomesPayload(outcomes), forbidden);
}

function guarded(payload: PermalinkPayloadInput, forbidden: Iterable<string>): ReportPermalink {
  assertNoDatasetContent(payload, forbidden);
  try {
    return { ok: true, fragment: encodeReportFragment(payload) };
  } catch (e) {
    return { ok: false, reason: (e as Error).message };
  }
}
