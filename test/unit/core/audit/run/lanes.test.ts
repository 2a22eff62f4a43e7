import { describe, expect, it } from 'vitest';
import { LANE_DOCUMENTS_LIMIT, lanesFor, lanesWhileEmbedding, offeredLanes } from '../../../../../src/core/audit/run/lanes.ts';

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
  it('holds a lane back while embedding only where the cores are too few for both lanes and the embedding', () => {
    expect(lanesWhileEmbedding(2, 2)).toBe(1);
    expect(lanesWhileEmbedding(2, 3)).toBe(2);
    expect(lanesWhileEmbedding(2, 16)).toBe(2);
    expect(lanesWhileEmbedding(1, 1)).toBe(1);
    expect(lanesWhileEmbedding(2, undefined)).toBe(2);
  });
});
