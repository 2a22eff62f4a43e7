import { describe, expect, it } from 'vitest';
import { SortState } from '../../../../src/app/components/sortState.svelte.ts';

describe('SortState', () => {
  it('new SortState() keeps the table order: no column, every header aria-sort none', () => {
    const sort = new SortState<number>();
    expect(sort.column).toBeUndefined();
    expect(sort.ariaSort(0)).toBe('none');
  });

  it('toggle(column, first) sorts a new column in its first order, and reverses it on the next press', () => {
    const sort = new SortState<string>('model');
    expect(sort.ariaSort('model')).toBe('ascending');
    sort.toggle('ndcg', 'descending');
    expect([sort.column, sort.order, sort.descending]).toEqual(['ndcg', 'descending', true]);
    expect(sort.ariaSort('model')).toBe('none');
    sort.toggle('ndcg', 'descending');
    expect([sort.order, sort.ariaSort('ndcg')]).toEqual(['ascending', 'ascending']);
    sort.toggle('ndcg', 'descending');
    expect(sort.order).toBe('descending');
  });

  it('toggle on another column takes that column\'s first order, whatever the last one was', () => {
    const sort = new SortState<string>('abs', 'descending');
    sort.toggle('abs', 'descending');
    expect(sort.order).toBe('ascending');
    sort.toggle('rank', 'descending');
    expect([sort.column, sort.order]).toEqual(['rank', 'descending']);
    sort.toggle('shift', 'ascending');
    expect([sort.column, sort.order]).toEqual(['shift', 'ascending']);
  });
});
