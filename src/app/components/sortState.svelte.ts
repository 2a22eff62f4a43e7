import { ariaSort, nextSort, type Sort, type SortOrder } from './sortOrder.ts';

/**
 * The sort of a table whose column headers are buttons (`<button class="sort">`, styles.css),
 * as state: one rule (sortOrder.ts) for every sortable table (compare/LeaderboardTable,
 * results/ResultsTable, results/CasesPanel).
 */
export class SortState<K> implements Sort<K> {
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

  /** A press on `column`'s header (nextSort). */
  toggle(column: K, first: SortOrder): void {
    ({ column: this.column, order: this.order } = nextSort(this, column, first));
  }

  /** The `aria-sort` of `column`'s header. */
  ariaSort(column: K): SortOrder | 'none' {
    return ariaSort(this, column);
  }
}
