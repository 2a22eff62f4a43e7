import { base64UrlEncode } from './base64url.ts';
import { deflateRaw } from './deflateRaw.ts';
import { MAX_FRAGMENT_LENGTH, MAX_JSON_BYTES } from './limits.ts';
import { CURRENT_SCHEMA } from './migrations.ts';
import { toSafeJson } from './safeJson.ts';
import type { PermalinkPayloadInput } from './types.ts';
import { validatePayload } from './validatePayload.ts';

/** The prefix of every permalink fragment: `#r=…`. */
export const FRAGMENT_PREFIX = 'r=';

/**
 * Builds the fragment of a permalink (without `#`): `r=` + base64url, unpadded,
 * of raw DEFLATE of the UTF-8 JSON of the payload. The payload is checked
 * with the same rules decodePermalink applies, so every fragment it returns
 * opens again; NaN and ±Infinity are written as null (docs/permalinks.md).
 * Run assertNoDatasetContent on the payload first.
 * @throws {PermalinkShapeError} when the payload breaks a rule (the message names the path),
 *   including a `v` other than CURRENT_SCHEMA.
 * @throws {RangeError} when the JSON exceeds MAX_JSON_BYTES or the fragment MAX_FRAGMENT_LENGTH.
 * @example await encodePermalink(payload) // 'r=q1ZKL0tVsjI0MtZRyk...'
 */
export async function encodePermalink(payload: PermalinkPayloadInput): Promise<string> {
  const checked = validatePayload(toSafeJson(payload, 'null'), CURRENT_SCHEMA);
  const json = new TextEncoder().encode(JSON.stringify(checked));
  if (json.length > MAX_JSON_BYTES) {
    throw new RangeError(`the payload is ${json.length} bytes of JSON; a permalink holds at most ${MAX_JSON_BYTES}`);
  }
  const fragment = FRAGMENT_PREFIX + base64UrlEncode(await deflateRaw(json));
  if (fragment.length > MAX_FRAGMENT_LENGTH) {
    throw new RangeError(`the permalink would be ${fragment.length} characters long; at most ${MAX_FRAGMENT_LENGTH} open`);
  }
  return fragment;
}
