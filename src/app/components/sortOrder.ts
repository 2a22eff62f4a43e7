/** Which way a sorted column runs; also the value of its header's `aria-sort`. */
export type SortOrder = 'ascending' | 'descending';

/** A table's sort: the column sorted by (undefined while the table keeps its own order) and which way. */
export interface Sort<K> {
  readonly column: K | undefined;
  readonly order: SortOrder;
}

/**
 * The sort after a press on `column`'s header: by that column in its `first` order (best
 * first, or largest first), or, when it is already the column sorted by, the other way.
 * @example nextSort({ column: 'rank', order: 'descending' }, 'rank', 'descending') // { column: 'rank', order: 'ascending' }
 */
export function nextSort<K>(sort: Sort<K>, column: K, first: SortOrder): Sort<K> {
  if (sort.column !== column) return { column, order: first };
  return { column, order: sort.order === 'descending' ? 'ascending' : 'descending' };
}

/**
 * The `aria-sort` of `column`'s header: the order when it is the column sorted by, else `none`.
 * @example ariaSort({ column: 'rank', order: 'descending' }, 'score') // 'none'
 */
export function ariaSort<K>(sort: Sort<K>, column: K): SortOrder | 'none' {
  return sort.column === column ? sort.order : 'none';
}
