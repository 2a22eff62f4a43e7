import type { QueryGroupFairness } from './types.ts';

/**
 * Per-query records side by side: every query's groups placed on one list of all groups, so the
 * summary reads a group's values over the queries as a column (queries × groups, never × corpus).
 * Inside these columns NaN stands for "this query has no value" and never leaves core: the
 * summary reports such a column's mean as undefined when it holds no number.
 */

/**
 * Every group of any record's G, in code-unit order, and each one's index.
 * @example allGroups([{ groups: ['m'] }, { groups: ['f', 'm'] }]).groups // ['f', 'm']
 */
export function allGroups(records: readonly Pick<QueryGroupFairness, 'groups'>[]): { groups: string[]; index: Map<string, number> } {
  const set = new Set<string>();
  for (const r of records) for (const g of r.groups) set.add(g);
  const groups = [...set].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { groups, index: new Map(groups.map((g, i) => [g, i])) };
}

/**
 * A per-group vector of one record on the list of all groups: `fill` where the record's G lacks
 * the group (0 for shares — a group outside the pool gets no attention and no target — NaN where
 * the group has no value), and all `fill` when the record has no vector.
 */
export function onAllGroups(record: QueryGroupFairness, values: Float64Array | undefined, index: ReadonlyMap<string, number>, fill: number): Float64Array {
  const out = new Float64Array(index.size).fill(fill);
  if (values === undefined) return out;
  record.groups.forEach((g, i) => (out[index.get(g) ?? 0] = values[i]));
  return out;
}

/** The numbers of a column (NaN and undefined left out), in query order. */
export function definedValues(values: Iterable<number | undefined>): Float64Array {
  const out: number[] = [];
  for (const v of values) if (v !== undefined && !Number.isNaN(v)) out.push(v);
  return Float64Array.from(out);
}

/**
 * The mean over `rows` of each entry (each row one query's per-group vector), NaN entries left
 * out of their entry's mean; undefined for an entry no row defines.
 * @example columnMeans([Float64Array.of(1, NaN), Float64Array.of(0, NaN)]) // [0.5, undefined]
 */
export function columnMeans(rows: readonly Float64Array[], size: number): (number | undefined)[] {
  return Array.from({ length: size }, (_, g) => {
    const values = definedValues(rows.map((row) => row[g]));
    return values.length > 0 ? sum(values) / values.length : undefined;
  });
}

/** Σ values, in order. */
export function sum(values: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < values.length; i++) s += values[i];
  return s;
}
