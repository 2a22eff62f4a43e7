import type { JsonObject } from './types.ts';

/** The schema version this Fairground writes; it reads every older one it has a migration chain for. */
export const CURRENT_SCHEMA = 1;

/**
 * One step of the schema history: turns a payload of schema `from` into one
 * of schema `from + 1` (setting `v` to `from + 1`). A migration receives a
 * payload that passed the safe-JSON check but not the envelope check of any
 * schema, so it must read fields defensively; its output is checked again.
 */
export interface Migration {
  readonly from: number;
  migrate(payload: JsonObject): JsonObject;
}

/**
 * The migrations of Fairground, oldest first. Schema 1 is the first released
 * schema, so there are none yet; when schema 2 comes, its entry
 * `{ from: 1, migrate }` goes here and CURRENT_SCHEMA becomes 2.
 */
export const MIGRATIONS: readonly Migration[] = Object.freeze([]);

/**
 * Brings a payload of schema `from` up to schema `to` by applying the
 * migrations from, from + 1, …, to − 1 in turn.
 * @returns the migrated payload, or `null` when a step is missing from `migrations`.
 * @throws {Error} when a migration does not set `v` to its `from + 1`, or throws itself.
 * @example migratePayload(p, 0, 1, [{ from: 0, migrate: (p) => ({ ...p, v: 1 }) }])
 */
export function migratePayload(
  payload: JsonObject,
  from: number,
  to: number,
  migrations: readonly Migration[] = MIGRATIONS,
): JsonObject | null {
  let current = payload;
  for (let schema = from; schema < to; schema++) {
    const step = migrations.find((m) => m.from === schema);
    if (step === undefined) return null;
    current = step.migrate(current);
    if (current?.v !== schema + 1) throw new Error(`the migration from schema ${schema} did not produce schema ${schema + 1}`);
  }
  return current;
}
