import { base64UrlDecode } from './base64url.ts';
import { inflateRawCapped } from './deflateRaw.ts';
import { FRAGMENT_PREFIX } from './encodePermalink.ts';
import { MAX_FRAGMENT_LENGTH, MAX_JSON_BYTES } from './limits.ts';
import { PermalinkMessages } from './messages.ts';
import { CURRENT_SCHEMA, MIGRATIONS, migratePayload } from './migrations.ts';
import type { Migration } from './migrations.ts';
import { PermalinkShapeError } from './permalinkShapeError.ts';
import type { ResultSchema } from './resultSchema.ts';
import { toSafeJson } from './safeJson.ts';
import type { DecodeResult, JsonObject, JsonValue } from './types.ts';
import { validatePayload } from './validatePayload.ts';

/** What a decode reads; the defaults are Fairground's own. Tests pass synthetic histories. */
export interface DecodeOptions {
  /** The schema decoded payloads are brought up to. Default CURRENT_SCHEMA. */
  readonly currentSchema?: number;
  /** The migration history. Default MIGRATIONS. */
  readonly migrations?: readonly Migration[];
  /** The results schemas by kind. Default RESULT_SCHEMAS at CURRENT_SCHEMA, none at another schema. */
  readonly resultSchemas?: Readonly<Record<string, ResultSchema>>;
  /** Told how many bytes the fragment inflated to before the decode went on or stopped (the work a decode did). */
  readonly onInflated?: (bytes: number) => void;
}

/**
 * Opens a permalink fragment (with or without the leading `#`) and returns its
 * payload, checked and brought up to the current schema, or a message for the
 * user. In order: a fragment over MAX_FRAGMENT_LENGTH is refused unread; the
 * data is inflated with a cap of MAX_JSON_BYTES (a deflate bomb stops there);
 * UTF-8 is decoded strictly and parsed with JSON.parse only; a schema newer
 * than ours is refused with an "update the site" message; the value is checked
 * by toSafeJson (bounds, no `__proto__`/`constructor`/`prototype` keys, finite
 * numbers), migrated when older, and validated: its envelope, and the
 * parameters and results of a kind this build shows (validatePayload). The payload is
 * a fresh tree of plain objects; `migratedFrom` is set when it was migrated.
 *
 * Never throws or rejects, whatever the input.
 * @example const r = await decodePermalink(location.hash); if (!r.ok) banner(r.error);
 */
export async function decodePermalink(fragment: string, options: DecodeOptions = {}): Promise<DecodeResult> {
  try {
    return await decode(fragment, options.currentSchema ?? CURRENT_SCHEMA, options.migrations ?? MIGRATIONS, options.resultSchemas, options.onInflated);
  } catch {
    // Every expected failure is answered below; this is the last guard of "never throws".
    return failure(PermalinkMessages.damaged);
  }
}

async function decode(
  fragment: unknown,
  current: number,
  migrations: readonly Migration[],
  resultSchemas: Readonly<Record<string, ResultSchema>> | undefined,
  onInflated: ((bytes: number) => void) | undefined,
): Promise<DecodeResult> {
  if (typeof fragment !== 'string') return failure(PermalinkMessages.notFairground);
  let text = fragment.trim();
  if (text.startsWith('#')) text = text.slice(1);
  if (text.length > MAX_FRAGMENT_LENGTH) return failure(PermalinkMessages.fragmentTooLarge);
  if (!text.startsWith(FRAGMENT_PREFIX)) return failure(PermalinkMessages.notFairground);

  const compressed = base64UrlDecode(text.slice(FRAGMENT_PREFIX.length));
  if (compressed === null || compressed.length === 0) return failure(PermalinkMessages.damaged);
  const inflated = await inflateRawCapped(compressed, MAX_JSON_BYTES);
  onInflated?.(inflated.inflated);
  if (!inflated.ok) {
    return failure(inflated.reason === 'too-large' ? PermalinkMessages.contentTooLarge : PermalinkMessages.damaged);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(inflated.bytes));
  } catch {
    return failure(PermalinkMessages.damaged);
  }

  const schema = schemaOf(parsed);
  if (schema === null) return failure(PermalinkMessages.notFairground);
  if (schema > current) return failure(PermalinkMessages.newer(schema, current));
  try {
    let safe = toSafeJson(parsed, 'reject') as JsonObject;
    if (schema < current) {
      let migrated: JsonObject | null;
      try {
        migrated = migratePayload(safe, schema, current, migrations);
      } catch {
        return failure(PermalinkMessages.invalid(`it could not be brought from schema ${schema} to ${current}`));
      }
      if (migrated === null) return failure(PermalinkMessages.older(schema));
      safe = toSafeJson(migrated, 'reject') as JsonObject;
    }
    const payload = validatePayload(safe, current, resultSchemas);
    return schema < current ? { ok: true, payload, migratedFrom: schema } : { ok: true, payload };
  } catch (error) {
    if (error instanceof PermalinkShapeError) return failure(PermalinkMessages.invalid(error.message));
    throw error;
  }
}

/** The schema `v` of a parsed value, or null when it is not an object with a non-negative integer `v`. */
function schemaOf(parsed: unknown): number | null {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const v: unknown = Object.hasOwn(parsed, 'v') ? (parsed as Record<string, JsonValue>).v : undefined;
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : null;
}

function failure(error: string): DecodeResult {
  return { ok: false, error };
}
