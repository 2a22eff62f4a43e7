/**
 * The link of a group-outcome audit of a decisions table (docs/permalinks.md, kind `outcomes`):
 * the rates, impact ratios and gaps per category with their CIs, the rule, the audit's date and
 * the file's size and SHA-256 — never a row, and not the file's name (the user's, not the
 * audit's). The envelope names the table by that SHA-256.
 */
import type { OutcomesResults } from '../audit/outcomes/index.ts';
import { CURRENT_SCHEMA, DECISIONS_TABLE_ID, type PermalinkPayloadInput } from '../permalink/index.ts';
import { atLinkPrecision } from './linkPrecision.ts';

/**
 * @param fileSha256 the SHA-256 of the decisions file's bytes, where the results do not carry it (`source`).
 * @throws {RangeError} when neither gives the file's SHA-256.
 * @example outcomesPayload(results, sha).dataset.id // 'decisions-table'
 */
export function outcomesPayload(results: OutcomesResults, fileSha256?: string): PermalinkPayloadInput {
  const sha256 = results.source?.sha256 ?? fileSha256;
  if (sha256 === undefined || !/^[0-9a-f]{64}$/u.test(sha256)) throw new RangeError('an outcomes link needs the SHA-256 of the decisions file');
  // `rule` (the CLI's output adds the rule in words and whether it is informative) is read again
  // from `decision` wherever the audit is shown, so the link leaves it out.
  const { source, rule: _rule, ...rest } = results as OutcomesResults & { readonly rule?: unknown };
  // The audit's date, not its time (LL144 asks for the date; two audits of one file on one day give one link).
  const shared = {
    ...rest,
    ...(rest.created_at === undefined ? {} : { created_at: rest.created_at.slice(0, 10) }),
    ...(source ? { source: { bytes: source.bytes, sha256: source.sha256 } } : {}),
  };
  return {
    v: CURRENT_SCHEMA,
    kind: 'outcomes',
    dataset: { id: DECISIONS_TABLE_ID, version: '', manifestSha256: sha256 },
    models: [],
    parameters: { detail: 'full' },
    results: atLinkPrecision(JSON.parse(JSON.stringify(shared)) as object),
  };
}
