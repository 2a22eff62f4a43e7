import { describe, expect, it } from 'vitest';
import { relevantGroupCounts, targetShares } from '../../../../src/core/metrics/groupFairness/index.ts';

describe('targetShares', () => {
  it("targetShares('pool', [30, 10]) is the pool's shares (its @example)", () => {
    expect(Array.from(targetShares('pool', Float64Array.of(30, 10), undefined)!)).toEqual([0.75, 0.25]);
  });

  it("targetShares('equal', …) gives 1/|G| to every group; 'relevant' the relevant documents' shares, 0 for a group with none", () => {
    expect(Array.from(targetShares('equal', [5, 1, 1, 1], undefined)!)).toEqual([0.25, 0.25, 0.25, 0.25]);
    expect(Array.from(targetShares('relevant', [5, 5], [0, 2])!)).toEqual([0, 1]);
  });

  it("targetShares returns undefined for no group, and for 'relevant' without a labelled relevant document", () => {
    expect(targetShares('pool', [], undefined)).toBeUndefined();
    expect(targetShares('relevant', [5, 5], [0, 0])).toBeUndefined();
    expect(targetShares('relevant', [5, 5], undefined)).toBeUndefined();
  });
});

describe('relevantGroupCounts', () => {
  const labels: Record<string, string> = { a: 'f', b: 'm', c: 'm' };
  const index = new Map([['f', 0], ['m', 1]]);

  it('relevantGroupCounts counts the labelled documents of grade ≥ τ by group, unlabelled ones left out', () => {
    const judgments = new Map([['a', 1], ['b', 2], ['c', 0], ['z', 3]]);
    expect(Array.from(relevantGroupCounts(judgments, 1, (d) => labels[d], index))).toEqual([1, 1]);
    expect(Array.from(relevantGroupCounts(judgments, 2, (d) => labels[d], index))).toEqual([0, 1]);
  });

  it('relevantGroupCounts throws a RangeError when a relevant document is in a group outside the pool', () => {
    expect(() => relevantGroupCounts(new Map([['b', 1]]), 1, (d) => labels[d], new Map([['f', 0]]))).toThrow(/relevant document "b"/);
  });
});
