/**
 * Checks of JSON containers in a results schema: objects with fixed keys,
 * objects keyed by data (languages, attributes), arrays and pairs.
 */
import { indexPath, keyPath, quoteForMessage } from './path.ts';
import { PermalinkShapeError } from './permalinkShapeError.ts';
import { check, fail, jsonTypeOf, type Check } from './shapeCheck.ts';
import type { JsonObject, JsonValue } from './types.ts';

const at = (path: string) => path || 'the payload';

/**
 * An object with exactly the keys of `fields` (each checked by its Check; a
 * missing key is checked as `undefined`, which every check refuses) and
 * perhaps those of `optional`. Keys are checked in the order given; then any
 * other key is refused.
 */
export function object(fields: Readonly<Record<string, Check>>, optional: Readonly<Record<string, Check>> = {}): Check {
  return check('object', 'an object', (value, path) => {
    if (jsonTypeOf(value) !== 'object') fail(path, 'an object', value);
    const o = value as JsonObject;
    for (const [key, field] of Object.entries(fields)) field(Object.hasOwn(o, key) ? o[key] : undefined, keyPath(path, key));
    for (const [key, field] of Object.entries(optional)) if (Object.hasOwn(o, key)) field(o[key], keyPath(path, key));
    for (const key of Object.keys(o)) {
      if (!Object.hasOwn(fields, key) && !Object.hasOwn(optional, key)) {
        throw new PermalinkShapeError(`${at(path)} has the unknown key ${quoteForMessage(key)}`);
      }
    }
  });
}

/** An object keyed by data (languages, directions, attributes): at most `maxKeys` non-empty keys, each value checked by `item`. */
export function record(item: Check, maxKeys: number): Check {
  const what = `an object of at most ${maxKeys} entries`;
  return check('object', what, (value, path) => {
    if (jsonTypeOf(value) !== 'object') fail(path, what, value);
    const entries = Object.entries(value as JsonObject);
    if (entries.length > maxKeys) fail(path, what, value);
    for (const [key, v] of entries) {
      if (key === '') throw new PermalinkShapeError(`${at(path)} has an empty key`);
      item(v, keyPath(path, key));
    }
  });
}

/** Every item of an array must have its own key: the views key their lists by it. */
export interface UniqueRule {
  /** The key of a checked item. */
  readonly key: (item: JsonValue) => string;
  /** Where the message points, given the item's path (the item itself by default). */
  readonly path?: (itemPath: string) => string;
  /** What a duplicate should have been, e.g. "an id that no other model has". */
  readonly what: string;
}

/**
 * An array of `min` to `max` items, each checked by `item`; with `unique`, no
 * two items share a key.
 */
export function arrayOf(item: Check, min: number, max: number, unique?: UniqueRule): Check {
  const what = min === max ? `${min} items` : `${min} to ${max} items`;
  return check('array', 'an array', (value, path) => {
    if (!Array.isArray(value)) fail(path, `an array of ${what}`, value);
    if (value.length < min || value.length > max) fail(path, what, value);
    value.forEach((v, i) => item(v, indexPath(path, i)));
    if (!unique) return;
    const seen = new Set<string>();
    value.forEach((v, i) => {
      const key = unique.key(v);
      const itemPath = indexPath(path, i);
      if (seen.has(key)) throw new PermalinkShapeError(`${(unique.path ?? ((p) => p))(itemPath)}: expected ${unique.what}, found ${quoteForMessage(key)} again`);
      seen.add(key);
    });
  });
}

/** An array of exactly `items.length` items, item i checked by items[i]. */
export function tuple(items: readonly Check[]): Check {
  const what = `${items.length} items`;
  return check('array', 'an array', (value, path) => {
    if (!Array.isArray(value)) fail(path, `an array of ${what}`, value);
    if (value.length !== items.length) fail(path, what, value);
    items.forEach((c, i) => c(value[i], indexPath(path, i)));
  });
}
