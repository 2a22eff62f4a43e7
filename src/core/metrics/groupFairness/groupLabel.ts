import type { LabelOf } from './types.ts';

/** The separator of an intersection of two fields' values, as the page writes it. */
export const INTERSECTION = ' × ';

/**
 * The group label of a record (METRICS.md §12): the value of one field, or the intersection of
 * two fields' values joined by " × ". A field that is missing, null, or blank after trimming
 * leaves the record unlabelled (undefined), and so does a value that is not a string, number or
 * boolean; numbers and booleans are written as String() writes them.
 * @example groupLabelOf({ gender: 'female', seniority: 'senior' }, ['gender', 'seniority']) // 'female × senior'
 * @example groupLabelOf({ gender: '' }, ['gender']) // undefined
 */
export function groupLabelOf(meta: Readonly<Record<string, unknown>>, fields: readonly [string] | readonly [string, string]): string | undefined {
  const values: string[] = [];
  for (const field of fields) {
    const value = Object.hasOwn(meta, field) ? fieldValue(meta[field]) : undefined;
    if (value === undefined) return undefined;
    values.push(value);
  }
  return values.join(INTERSECTION);
}

/** A field's value as a label, or undefined when it cannot be one. */
function fieldValue(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return undefined;
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

/**
 * The labelled documents of a pool by group (the `pool` of a GroupQueryInput), and how many of
 * the pool's documents have no label. Counts every id it is given (repeat an id, count it twice).
 * @example poolGroupCounts(['a', 'b', 'c'], (id) => ({ a: 'f', b: 'm' })[id]) // { counts: Map { f → 1, m → 1 }, nUnlabelled: 1 }
 */
export function poolGroupCounts(ids: Iterable<string>, labelOf: LabelOf): { counts: Map<string, number>; nUnlabelled: number } {
  const counts = new Map<string, number>();
  let nUnlabelled = 0;
  for (const id of ids) {
    const group = labelOf(id);
    if (group === undefined) nUnlabelled++;
    else counts.set(group, (counts.get(group) ?? 0) + 1);
  }
  return { counts, nUnlabelled };
}
