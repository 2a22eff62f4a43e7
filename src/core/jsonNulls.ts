/**
 * Back from the JSON edge of core's one rule for missing data: JSON writes a number core left
 * `undefined` (or NaN) as `null`; read back, every `null` is `undefined` again. The inverse of the
 * CLI's withNulls (src/cli/eval/jsonNulls.ts).
 * @example withoutNulls({ a: null, b: [1, null] }) // { a: undefined, b: [1, undefined] }
 */
export function withoutNulls(value: unknown): unknown {
  if (value === null) return undefined;
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, withoutNulls(v)]));
  return value;
}
