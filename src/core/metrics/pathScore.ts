/**
 * PathScore (METRICS.md §9.3): length of the correctly predicted prefix of a
 * taxonomy path divided by the reference depth.
 */

/**
 * |longest common prefix of prediction and reference| / |reference|.
 * A prediction longer than the reference gains nothing from its extra levels.
 * @throws {RangeError} when the reference path is empty.
 * @example pathScore(['IT', 'Software', 'Backend'], ['IT', 'Software', 'Frontend']) // 2/3
 */
export function pathScore(prediction: readonly string[], reference: readonly string[]): number {
  if (reference.length === 0) throw new RangeError('reference path is empty');
  let prefix = 0;
  while (prefix < reference.length && prefix < prediction.length && prediction[prefix] === reference[prefix]) prefix++;
  return prefix / reference.length;
}
