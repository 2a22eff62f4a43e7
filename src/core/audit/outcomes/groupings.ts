/**
 * The groupings of a group-outcome audit (METRICS.md §10): each group column alone and, with two
 * or more, their intersection — every combination of values that occurs. Categories are sorted
 * by their values in code-unit order (column by column), so the order never depends on the file.
 */

/** One way of splitting the rows into categories. */
export interface Grouping {
  /** The column, or the columns joined by ` × ` for the intersection: `gender × race`. */
  readonly name: string;
  readonly columns: readonly string[];
  readonly intersectional: boolean;
  /** Each category's values, one per column, in category order. */
  readonly categories: readonly (readonly string[])[];
  /** category[i]: the index of row i's category. */
  readonly category: Uint32Array;
}

/** How a category is named: its values joined by ` × ` (`f × black`). */
export function categoryName(values: readonly string[]): string {
  return values.join(' × ');
}

const compareTuples = (a: readonly string[], b: readonly string[]): number => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
};

/** The grouping of rows by the values of `columns` (one array of values per column). */
export function groupingOf(columns: readonly string[], values: readonly (readonly string[])[], intersectional: boolean): Grouping {
  const n = values[0]?.length ?? 0;
  const keyOf = (i: number) => values.map((v) => v[i]).join('\u0000');
  const tuples = new Map<string, readonly string[]>();
  for (let i = 0; i < n; i++) {
    const key = keyOf(i);
    if (!tuples.has(key)) tuples.set(key, values.map((v) => v[i]));
  }
  const categories = [...tuples.values()].sort(compareTuples);
  const indexOf = new Map(categories.map((t, j) => [t.join('\u0000'), j]));
  const category = new Uint32Array(n);
  for (let i = 0; i < n; i++) category[i] = indexOf.get(keyOf(i))!;
  return { name: categoryName(columns), columns: [...columns], intersectional, categories, category };
}

/**
 * Each group column alone, then (with two or more columns) their intersection.
 * @example groupingsOf(['sex', 'race'], [['f', 'm'], ['b', 'w']]).map((g) => g.name) // ['sex', 'race', 'sex × race']
 */
export function groupingsOf(columns: readonly string[], values: readonly (readonly string[])[]): Grouping[] {
  const single = columns.map((c, j) => groupingOf([c], [values[j]], false));
  return columns.length > 1 ? [...single, groupingOf(columns, values, true)] : single;
}
