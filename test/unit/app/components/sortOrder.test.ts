import { describe, expect, it } from 'vitest';
import { ariaSort, nextSort, type Sort } from '../../../../src/app/components/sortOrder.ts';

describe('nextSort(sort, column, first) and ariaSort(sort, column)', () => {
  it('ariaSort is none for every header while the table keeps its own order, and the order on the sorted one', () => {
    const unsorted: Sort<number> = { column: undefined, order: 'ascending' };
    expect(ariaSort(unsorted, 0)).toBe('none');
    expect(ariaSort({ column: 'rank', order: 'descending' }, 'rank')).toBe('descending');
    expect(ariaSort({ column: 'rank', order: 'descending' }, 'score')).toBe('none');
  });

  it('nextSort sorts a new column in its first order, and reverses it on each next press', () => {
    let sort: Sort<string> = { column: 'model', order: 'ascending' };
    sort = nextSort(sort, 'ndcg', 'descending');
    expect(sort).toEqual({ column: 'ndcg', order: 'descending' });
    sort = nextSort(sort, 'ndcg', 'descending');
    expect(sort).toEqual({ column: 'ndcg', order: 'ascending' });
    sort = nextSort(sort, 'ndcg', 'descending');
    expect(sort).toEqual({ column: 'ndcg', order: 'descending' });
  });

  it('nextSort on another column takes that column\'s first order, whatever the last one was', () => {
    expect(nextSort({ column: 'abs', order: 'ascending' }, 'rank', 'descending')).toEqual({ column: 'rank', order: 'descending' });
    expect(nextSort({ column: 'abs', order: 'descending' }, 'shift', 'ascending')).toEqual({ column: 'shift', order: 'ascending' });
    expect(nextSort<number>({ column: undefined, order: 'ascending' }, 0, 'descending')).toEqual({ column: 0, order: 'descending' });
  });
});
