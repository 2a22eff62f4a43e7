import { describe, expect, it } from 'vitest';
import { groupCounts, labelledSequence, poolGroups } from '../../../../src/core/metrics/groupFairness/index.ts';

const labels: Record<string, string> = { a: 'f', b: 'm' };

describe('labelledSequence', () => {
  it('labelledSequence drops the unlabelled documents of the top K and closes up the ranks (its @example)', () => {
    const out = labelledSequence(['a', 'x', 'b'], (id) => labels[id], 10, new Map([['f', 0], ['m', 1]]));
    expect(Array.from(out.sequence)).toEqual([0, 1]);
    expect(Array.from(out.positions)).toEqual([0, 2]);
    expect(out.nUnlabelled).toBe(1);
  });

  it('labelledSequence cuts at K before dropping: an unlabelled document below K is not counted', () => {
    const out = labelledSequence(['x', 'a', 'y', 'b'], (id) => labels[id], 2, new Map([['f', 0], ['m', 1]]));
    expect(Array.from(out.sequence)).toEqual([0]);
    expect(out.nUnlabelled).toBe(1);
  });

  it('labelledSequence throws a RangeError naming the document when its group is not in the pool', () => {
    expect(() => labelledSequence(['b'], (id) => labels[id], 5, new Map([['f', 0]]))).toThrow(/document "b" is labelled "m"/);
  });
});

describe('poolGroups and groupCounts', () => {
  it('poolGroups keeps the groups with a count > 0 in code-unit order', () => {
    const { groups, index } = poolGroups(new Map([['m', 3], ['f', 2], ['x', 0], ['F', 1]]));
    expect(groups).toEqual(['F', 'f', 'm']);
    expect(index.get('m')).toBe(2);
  });

  it('groupCounts counts each group index of a sequence', () => {
    expect(Array.from(groupCounts(Uint16Array.of(1, 1, 0), 3))).toEqual([1, 2, 0]);
  });
});
