import { MAX_MODELS } from './limits.ts';
import { CURRENT_SCHEMA } from './migrations.ts';
import { indexPath, quoteForMessage } from './path.ts';
import { PermalinkShapeError } from './permalinkShapeError.ts';
import type { ResultSchema } from './resultSchema.ts';
import { RESULT_SCHEMAS } from './resultSchemas.ts';
import type { JsonObject, JsonValue, PermalinkDataset, PermalinkModel, PermalinkPayload } from './types.ts';

const ENVELOPE_KEYS = ['v', 'kind', 'dataset', 'models', 'parameters', 'results'] as const;
const DATASET_KEYS = ['id', 'version', 'manifestSha256'] as const;
const MODEL_KEYS = ['id', 'revision', 'dtype', 'device'] as const;
const KIND = /^[a-z][a-z0-9-]{0,63}$/;
const SHA256 = /^[0-9a-f]{64}$/;

/**
 * Checks a payload of schema `schema` (docs/permalinks.md, "Format"): the
 * envelope — exactly the keys v, kind, dataset, models, parameters, results;
 * dataset and each model with exactly their keys; `parameters` and `results`
 * JSON objects — and, for a kind in `resultSchemas`, its parameters and
 * results field by field (types, finiteness, ranges, the keys a view reads)
 * and their agreement with the envelope. The value must already have passed
 * toSafeJson (bounded, prototype-safe).
 * @param resultSchemas the schemas of the kinds this build shows; by default
 *   RESULT_SCHEMAS for CURRENT_SCHEMA and none for another schema (a test's
 *   synthetic history).
 * @throws {PermalinkShapeError} naming the first field that is wrong, e.g.
 *   `results.subsets[0].models[1].effectiveness.ndcg@10.mean: expected a finite number in [0, 1] or null, found the string "NaN"`.
 */
export function validatePayload(
  value: JsonValue,
  schema: number,
  resultSchemas: Readonly<Record<string, ResultSchema>> = schema === CURRENT_SCHEMA ? RESULT_SCHEMAS : {},
): PermalinkPayload {
  const p = object(value, 'the payload');
  exactKeys(p, ENVELOPE_KEYS, 'the payload');
  if (p.v !== schema) throw new PermalinkShapeError(`v must be ${schema}`);
  const kind = string(p.kind, 'kind');
  if (!KIND.test(kind)) throw new PermalinkShapeError('kind must be lower-case letters, digits and "-"');
  const dataset = validateDataset(p.dataset);
  const models = array(p.models, 'models');
  if (models.length > MAX_MODELS) throw new PermalinkShapeError(`models has more than ${MAX_MODELS} items`);
  const checkedModels = models.map((m, i) => validateModel(m, indexPath('models', i)));
  const parameters = object(p.parameters, 'parameters');
  const results = object(p.results, 'results');
  // hasOwn: a kind such as "constructor" must not reach Object.prototype.
  const kindSchema = Object.hasOwn(resultSchemas, kind) ? resultSchemas[kind] : undefined;
  if (kindSchema) {
    kindSchema.parameters(parameters, 'parameters');
    kindSchema.results(results, 'results');
    kindSchema.agree({ dataset, parameters, results });
  }
  return { v: schema, kind, dataset, models: checkedModels, parameters, results };
}

function validateDataset(value: JsonValue | undefined): PermalinkDataset {
  const d = object(value, 'dataset');
  exactKeys(d, DATASET_KEYS, 'dataset');
  const manifestSha256 = string(d.manifestSha256, 'dataset.manifestSha256');
  if (!SHA256.test(manifestSha256)) {
    throw new PermalinkShapeError('dataset.manifestSha256 must be 64 lower-case hex digits');
  }
  return { id: nonEmpty(d.id, 'dataset.id'), version: string(d.version, 'dataset.version'), manifestSha256 };
}

function validateModel(value: JsonValue, at: string): PermalinkModel {
  const m = object(value, at);
  exactKeys(m, MODEL_KEYS, at);
  return {
    id: nonEmpty(m.id, `${at}.id`),
    revision: stringOrNull(m.revision, `${at}.revision`),
    dtype: stringOrNull(m.dtype, `${at}.dtype`),
    device: stringOrNull(m.device, `${at}.device`),
  };
}

function exactKeys(o: JsonObject, keys: readonly string[], at: string): void {
  for (const key of Object.keys(o)) {
    if (!keys.includes(key)) throw new PermalinkShapeError(`${at} has the unknown key ${quoteForMessage(key)}`);
  }
  for (const key of keys) {
    if (!Object.hasOwn(o, key)) throw new PermalinkShapeError(`${at} lacks the key "${key}"`);
  }
}

function object(value: JsonValue | undefined, at: string): JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new PermalinkShapeError(`${at} must be an object`);
  }
  return value;
}

function array(value: JsonValue | undefined, at: string): JsonValue[] {
  if (!Array.isArray(value)) throw new PermalinkShapeError(`${at} must be an array`);
  return value;
}

function string(value: JsonValue | undefined, at: string): string {
  if (typeof value !== 'string') throw new PermalinkShapeError(`${at} must be a string`);
  return value;
}

function nonEmpty(value: JsonValue | undefined, at: string): string {
  const s = string(value, at);
  if (s === '') throw new PermalinkShapeError(`${at} must not be empty`);
  return s;
}

function stringOrNull(value: JsonValue | undefined, at: string): string | null {
  if (value === null) return null;
  if (typeof value !== 'string') throw new PermalinkShapeError(`${at} must be a string or null`);
  return value;
}
