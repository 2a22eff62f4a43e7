/**
 * The JSON edge of core's one rule for missing data: core leaves a number it cannot define
 * `undefined`; the CLI prints it as `null` (JSON.stringify would drop the key instead), so every
 * documented key is present in the output.
 * @example withNulls({ a: undefined, b: [1, undefined] }) // { a: null, b: [1, null] }
 */
export function withNulls(value: unknown): unknown {
  if (value === undefined) return null;
  if (Array.isArray(value)) return value.map(withNulls);
  if (ArrayBuffer.isView(value)) return value;
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withNulls(v)]));
  return value;
}
