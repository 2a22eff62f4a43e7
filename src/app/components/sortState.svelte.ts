/** Which way a sorted column runs; also the value of its header's `aria-sort`. */
export type SortOrder = 'ascending' | 'descending';

/**
 * The sort of a table whose column headers are buttons (`<button class="sort">`, styles.css):
 * the first press on a column sorts by it in that column's own first order (best first, or
 * largest first), the next press reverses it. One rule for every sortable table
 * (compare/LeaderboardTable, results/ResultsTable, results/CasesPanel).
 */
export class SortState<K> {
  /** The column sorted by; undefined while the table keeps its own order. */
  column = $state<K | undefined>();
  order = $state<SortOrder>('ascending');

  constructor(column?: K, order: SortOrder = 'ascending') {
    this.column = column;
    this.order = order;
  }

  get descending(): boolean {
    return this.order === 'descending';
  }

  /** A press on `column`'s header: sorts by it in its `first` order, or reverses it if it is already the one sorted by. */
  toggle(column: K, first: SortOrder): void {
    if (this.column === column) this.order = this.descending ? 'ascending' : 'descending';
    else {
      this.column = column;
      this.order = first;
    }
  }

  /** The `aria-sort` of `column`'s header. */
  ariaSort(column: K): SortOrder | 'none' {
    return this.column === column ? this.order : 'none';
  }
}
