/**
 * Checks of single JSON values in a results schema: numbers with their range,
 * strings, booleans and fixed values. Containers are in containerChecks.ts.
 */
import { check, fail, type Check } from './shapeCheck.ts';

/** A number's rule: bounds (inclusive), whole numbers only, null allowed (a NaN the link wrote as null). */
export interface NumberRule {
  readonly min?: number;
  readonly max?: number;
  readonly integer?: boolean;
  readonly nullable?: boolean;
}

/**
 * Slack on the bounds of a non-integer number, for floating-point rounding: a
 * Pearson r computed as 1 + 2e-16 is still a correlation.
 */
export const BOUND_SLACK = 1e-9;

function rangeText(rule: NumberRule): string {
  const { min, max } = rule;
  if (min !== undefined && max !== undefined) return ` in [${min}, ${max}]`;
  if (min !== undefined) return ` ≥ ${min}`;
  if (max !== undefined) return ` ≤ ${max}`;
  return '';
}

/**
 * A finite number (or a safe integer) within the rule's bounds, or null when
 * the rule allows it.
 * @example number({ min: 0, max: 1 })(1.2, 'auc') // throws "auc: expected a finite number in [0, 1], found 1.2"
 */
export function number(rule: NumberRule = {}): Check {
  const what = `${rule.integer ? 'an integer' : 'a finite number'}${rangeText(rule)}${rule.nullable ? ' or null' : ''}`;
  const slack = rule.integer ? 0 : BOUND_SLACK;
  return check('number', what, (value, path) => {
    if (value === null && rule.nullable) return;
    if (typeof value !== 'number' || !Number.isFinite(value)) fail(path, what, value);
    if (rule.integer && !Number.isSafeInteger(value)) fail(path, what, value);
    if (rule.min !== undefined && value < rule.min - slack) fail(path, what, value);
    if (rule.max !== undefined && value > rule.max + slack) fail(path, what, value);
  });
}

/** A whole number ≥ `min` (a count, by default ≥ 0). */
export function count(min = 0, max?: number): Check {
  return number({ integer: true, min, max });
}

/** A string; with `nonEmpty`, not ''. */
export function text(options: { readonly nonEmpty?: boolean } = {}): Check {
  const what = options.nonEmpty ? 'a non-empty string' : 'a string';
  return check('string', what, (value, path) => {
    if (typeof value !== 'string' || (options.nonEmpty && value === '')) fail(path, what, value);
  });
}

/** true or false. */
export const bool: Check = check('boolean', 'true or false', (value, path) => {
  if (typeof value !== 'boolean') fail(path, 'true or false', value);
});

/**
 * One of a few fixed strings or numbers (one value: that value exactly).
 * @example oneOf(['webgpu', 'wasm', 'cpu'])
 */
export function oneOf(values: readonly (string | number)[]): Check {
  const quoted = values.map((v) => JSON.stringify(v));
  const what = quoted.length === 1 ? quoted[0] : `one of ${quoted.join(', ')}`;
  return check(typeof values[0] === 'number' ? 'number' : 'string', what, (value, path) => {
    if ((typeof value !== 'string' && typeof value !== 'number') || !values.includes(value)) fail(path, what, value);
  });
}
