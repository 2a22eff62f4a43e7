import { quoteForMessage } from './path.ts';
import { PermalinkShapeError } from './permalinkShapeError.ts';
import type { JsonValue } from './types.ts';

/** The JSON type a check wants: what `nullable` tests before it hands the value on. */
export type JsonType = 'number' | 'string' | 'boolean' | 'object' | 'array';

/**
 * One rule of a results schema: throws a PermalinkShapeError naming `path`
 * when `value` breaks it. `what` says what it expects, for the message:
 * `results.subsets[0].models[1].effectiveness.ndcg@10.mean: expected a finite
 * number in [0, 1] or null, found the string "NaN"`.
 */
export interface Check {
  (value: JsonValue | undefined, path: string): void;
  readonly what: string;
  readonly type: JsonType;
}

/** Makes a Check from its test. */
export function check(type: JsonType, what: string, test: (value: JsonValue | undefined, path: string) => void): Check {
  return Object.assign(test, { what, type });
}

/** The JSON type of a value; undefined for a missing key. */
export function jsonTypeOf(value: JsonValue | undefined): JsonType | 'null' | undefined {
  if (value === undefined) return undefined;
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as JsonType;
}

/** A short description of what was found, for a message: `the string "NaN"`, `an array of 3 items`. */
export function describeFound(value: JsonValue | undefined): string {
  switch (jsonTypeOf(value)) {
    case undefined:
      return 'nothing (the key is missing)';
    case 'null':
      return 'null';
    case 'string':
      return `the string ${quoteForMessage(value as string)}`;
    case 'array': {
      const items = value as JsonValue[];
      const n = items.length;
      // A few numbers are shown as they are, so a CI [0.9, 0.1] reads as one.
      if (n > 0 && n <= 4 && items.every((v) => typeof v === 'number' || v === null)) return `[${items.map(String).join(', ')}]`;
      return n === 0 ? 'an empty array' : `an array of ${n} item${n === 1 ? '' : 's'}`;
    }
    case 'object':
      return 'an object';
    default:
      return String(value);
  }
}

/**
 * Throws the message every results check uses: `<path>: expected <what>, found <value>`.
 * @throws {PermalinkShapeError} always.
 */
export function fail(path: string, what: string, value: JsonValue | undefined): never {
  throw new PermalinkShapeError(`${path}: expected ${what}, found ${describeFound(value)}`);
}

/** Accepts null, or what `inner` accepts; the message then says "… or null". */
export function nullable(inner: Check): Check {
  const what = `${inner.what} or null`;
  return check(inner.type, what, (value, path) => {
    if (value === null) return;
    if (jsonTypeOf(value) !== inner.type) fail(path, what, value);
    inner(value, path);
  });
}
