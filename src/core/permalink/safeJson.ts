import {
  FORBIDDEN_KEYS,
  MAX_ARRAY_LENGTH,
  MAX_DEPTH,
  MAX_KEY_LENGTH,
  MAX_OBJECT_KEYS,
  MAX_STRING_LENGTH,
} from './limits.ts';
import { indexPath, keyPath, quoteForMessage } from './path.ts';
import { PermalinkShapeError } from './permalinkShapeError.ts';
import type { JsonObject, JsonValue } from './types.ts';

/** How a non-finite number (NaN, ±Infinity) is treated. */
export type NonFiniteRule = 'null' | 'reject';

/**
 * Checks that `value` is bounded, prototype-safe JSON and returns a fresh copy
 * built only from plain objects, arrays and primitives:
 * - strings ≤ MAX_STRING_LENGTH, keys ≤ MAX_KEY_LENGTH, arrays ≤ MAX_ARRAY_LENGTH
 *   items, objects ≤ MAX_OBJECT_KEYS keys, nesting ≤ MAX_DEPTH;
 * - no key `__proto__`, `constructor` or `prototype` at any depth (checked
 *   before the key is written, so the copy's assignments cannot reach a prototype);
 * - numbers finite; with `nonFinite: 'null'` (encoding) NaN and ±Infinity become
 *   null, as JSON.stringify would write them; with 'reject' (decoding) they fail;
 * - only plain objects and arrays: a Date, Map or typed array fails; an object
 *   property holding `undefined` is dropped (as JSON.stringify does), an array
 *   item holding it fails.
 * @param depth the nesting depth of `value` itself (1 for the envelope).
 * @throws {PermalinkShapeError} naming the path of the first offending value.
 */
export function toSafeJson(value: unknown, nonFinite: NonFiniteRule, path = '', depth = 1): JsonValue {
  const at = path === '' ? 'the payload' : path;
  switch (typeof value) {
    case 'string':
      if (value.length > MAX_STRING_LENGTH) {
        throw new PermalinkShapeError(`${at} is a string longer than ${MAX_STRING_LENGTH} characters`);
      }
      return value;
    case 'boolean':
      return value;
    case 'number':
      if (Number.isFinite(value)) return value;
      if (nonFinite === 'null') return null;
      throw new PermalinkShapeError(`${at} must be a finite number or null`);
    case 'object':
      if (value === null) return null;
      if (depth > MAX_DEPTH) throw new PermalinkShapeError(`${at} is nested deeper than ${MAX_DEPTH} levels`);
      return Array.isArray(value)
        ? safeArray(value, nonFinite, path, depth)
        : safeObject(value, nonFinite, path, depth);
    default:
      throw new PermalinkShapeError(`${at} is a ${typeof value}, which JSON cannot hold`);
  }
}

function safeArray(value: unknown[], nonFinite: NonFiniteRule, path: string, depth: number): JsonValue[] {
  if (value.length > MAX_ARRAY_LENGTH) {
    throw new PermalinkShapeError(`${path || 'the payload'} has more than ${MAX_ARRAY_LENGTH} items`);
  }
  const out: JsonValue[] = [];
  for (let i = 0; i < value.length; i++) {
    const itemPath = indexPath(path, i);
    if (value[i] === undefined) throw new PermalinkShapeError(`${itemPath} is undefined`);
    out.push(toSafeJson(value[i], nonFinite, itemPath, depth + 1));
  }
  return out;
}

function safeObject(value: object, nonFinite: NonFiniteRule, path: string, depth: number): JsonObject {
  const at = path || 'the payload';
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    throw new PermalinkShapeError(`${at} is not a plain object or array`);
  }
  const keys = Object.keys(value);
  if (keys.length > MAX_OBJECT_KEYS) throw new PermalinkShapeError(`${at} has more than ${MAX_OBJECT_KEYS} keys`);
  const out: JsonObject = {};
  for (const key of keys) {
    if (FORBIDDEN_KEYS.has(key)) throw new PermalinkShapeError(`${at} holds the forbidden key ${quoteForMessage(key)}`);
    if (key.length > MAX_KEY_LENGTH) {
      throw new PermalinkShapeError(`${at} has a key longer than ${MAX_KEY_LENGTH} characters`);
    }
    const item = (value as Record<string, unknown>)[key];
    if (item === undefined) continue;
    out[key] = toSafeJson(item, nonFinite, keyPath(path, key), depth + 1);
  }
  return out;
}
