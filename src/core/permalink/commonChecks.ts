/**
 * Parts every results kind shares: the dataset descriptor, where the audit
 * ran, and the rule that a results object agrees with its link's envelope.
 */
import { arrayOf, object } from './containerChecks.ts';
import { quoteForMessage } from './path.ts';
import { PermalinkShapeError } from './permalinkShapeError.ts';
import { bool, count, number, oneOf, text } from './valueChecks.ts';
import type { JsonObject, JsonValue, PermalinkDataset } from './types.ts';

/** `results.dataset.generation.settings`: how the variants were made (the neutral base, the name choice). */
const SETTINGS_CHECK = object({
  neutralise: bool, names: oneOf(['insert', 'replace']), names_per_group: count(1, 100), attributes: arrayOf(text({ nonEmpty: true }), 0, 20),
  gender_names_ethnicity: text(), other_names_gender: oneOf(['seeded', 'female', 'male']), name_lists: arrayOf(text({ nonEmpty: true }), 0, 20),
});

/** `results.dataset.generation`: the variant counts of a dataset made from a user's own candidates. */
const GENERATION_CHECK = object({ generated: count(), accepted: count(), rejected: count(), edited: count(), notMade: count() }, { settings: SETTINGS_CHECK });

/** `results.dataset`: which dataset the numbers are of. */
export const DATASET_CHECK = object({ id: text({ nonEmpty: true }), version: text(), manifestSha256: text() }, { generation: GENERATION_CHECK });

/** `results.environment`. */
export const ENVIRONMENT_CHECK = object({ runtime: oneOf(['browser', 'node']) }, { userAgent: text() });

/** A seed: any safe integer. */
export const SEED_CHECK = number({ integer: true });

/** True when two JSON values are equal, key order aside. */
export function jsonEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
  }
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]));
}

/**
 * The results must be of the link's own dataset: a link whose envelope names
 * one dataset and whose numbers name another contradicts itself.
 * @throws {PermalinkShapeError}
 */
export function assertSameDataset(dataset: PermalinkDataset, results: JsonObject): void {
  const d = results.dataset as JsonObject;
  // The results' dataset may add the generation counts (DATASET_CHECK); the identity must match.
  if (!jsonEqual({ id: d.id, version: d.version, manifestSha256: d.manifestSha256 }, { ...dataset })) {
    throw new PermalinkShapeError(
      `results.dataset: expected the dataset of the link (${quoteForMessage(dataset.id)} ${quoteForMessage(dataset.version)}), ` +
        `found ${quoteForMessage(String(d.id))} ${quoteForMessage(String(d.version))} or another manifest hash`,
    );
  }
}

/** A JSON value for a message, cut to 60 characters. */
function brief(value: JsonValue | undefined): string {
  const s = value === undefined ? 'nothing' : JSON.stringify(value);
  return s.length > 60 ? `${s.slice(0, 60)}…` : s;
}

/**
 * `parameters.<key>` must equal `results.parameters.<key>`: a re-run uses the
 * first, the views show the second.
 * @throws {PermalinkShapeError}
 */
export function assertSameParameter(parameters: JsonObject, results: JsonObject, key: string): void {
  const theirs = (results.parameters as JsonObject)[key];
  if (!jsonEqual(parameters[key], theirs)) {
    throw new PermalinkShapeError(`parameters.${key}: expected the results' ${key} (${brief(theirs)}), found ${brief(parameters[key])}`);
  }
}
