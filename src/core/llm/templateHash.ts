/**
 * The SHA-256 of a screening template (issue 49): runs, permalinks and
 * reports carry the template's text and this hash, so a reader can tell two
 * audits asked the same question. Hashed over templateJson's stable form.
 */
import { sha256Hex } from '../sha256.ts';
import { templateJson, type ScreeningTemplate } from './screeningTemplate.ts';

/** @example templateSha256(DEFAULT_SCREENING_TEMPLATE).length // 64 */
export function templateSha256(t: ScreeningTemplate): string {
  return sha256Hex(new TextEncoder().encode(templateJson(t)));
}
