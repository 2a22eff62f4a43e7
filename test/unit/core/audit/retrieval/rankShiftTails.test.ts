import { describe, expect, it } from 'vitest';
import { rankShiftTailShares } from '../../../../../src/core/audit/retrieval/rankShiftTails.ts';

describe('rankShiftTailShares', () => {
  it('rankShiftTailShares(histogram) returns the shares beyond ±10 and ±100 (the @example)', () => {
    // 10 documents: 3 at −12 and 1 at 150 are beyond 10 (4/10); only the 150 is beyond 100 (1/10).
    expect(rankShiftTailShares([{ shift: 0, count: 6 }, { shift: -12, count: 3 }, { shift: 150, count: 1 }])).toEqual({ total: 10, beyond10: 0.4, beyond100: 0.1 });
  });

  it('rankShiftTailShares(histogram) counts both directions and leaves exactly ±10 and ±100 inside', () => {
    const shares = rankShiftTailShares([
      { shift: -10, count: 2 }, // inside
      { shift: 10, count: 2 }, // inside
      { shift: 11, count: 1 }, // beyond 10
      { shift: -100, count: 1 }, // beyond 10, not beyond 100
      { shift: -101, count: 2 }, // beyond both
      { shift: 0, count: 2 },
    ]);
    expect(shares).toEqual({ total: 10, beyond10: 4 / 10, beyond100: 2 / 10 });
  });

  it('rankShiftTailShares(histogram) adds up repeated shifts, in any order', () => {
    expect(rankShiftTailShares([{ shift: 20, count: 1 }, { shift: 0, count: 2 }, { shift: 20, count: 1 }])).toEqual({ total: 4, beyond10: 0.5, beyond100: 0 });
  });

  it('rankShiftTailShares([]) has no shares (undefined), and a bad count throws', () => {
    expect(rankShiftTailShares([])).toEqual({ total: 0, beyond10: undefined, beyond100: undefined });
    expect(rankShiftTailShares([{ shift: 3, count: 0 }])).toEqual({ total: 0, beyond10: undefined, beyond100: undefined });
    expect(() => rankShiftTailShares([{ shift: 1, count: -1 }])).toThrow(RangeError);
    expect(() => rankShiftTailShares([{ shift: 1, count: 0.5 }])).toThrow(RangeError);
  });
});
