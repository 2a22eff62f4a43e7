import { describe, expect, it } from 'vitest';
import { LANE_DOCUMENTS_LIMIT, lanesFor, offeredLanes } from '../../../../../src/core/audit/run/lanes.ts';

describe('audit lanes', () => {
  it('offers a second lane from two cores', () => {
    expect([1, 2, 4, 16].map(offeredLanes)).toEqual([1, 2, 2, 2]);
  });
  it('uses the offered lanes up to the document limit, one lane above it', () => {
    expect(lanesFor(2, 100_000)).toBe(2);
    expect(lanesFor(2, LANE_DOCUMENTS_LIMIT)).toBe(2);
    expect(lanesFor(2, LANE_DOCUMENTS_LIMIT + 1)).toBe(1);
    expect(lanesFor(1, 10)).toBe(1);
    expect(lanesFor(0, 10)).toBe(1);
  });
});
