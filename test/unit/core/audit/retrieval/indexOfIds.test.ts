import { describe, expect, it } from 'vitest';
import { indexOfIds } from '../../../../../src/core/audit/retrieval/indexOfIds.ts';

describe('indexOfIds(items, idOf, wanted)', () => {
  it('maps each wanted identifier found to its index, the last of two, and leaves out the ones not found', () => {
    const items = ['d1', 'd2', 'd3', 'd2'].map((id) => ({ _id: id }));
    expect([...indexOfIds(items, (d) => d._id, ['d3', 'd2', 'd9'])]).toEqual([['d3', 2], ['d2', 3]]);
    expect(indexOfIds(items, (d) => d._id, []).size).toBe(0);
  });
});
