import { describe, expect, it } from 'vitest';
import { createRng } from '../../../../src/core/stats/rng.ts';

describe('rng.fillInt', () => {
  // n = 2^31+1 and 3·10^9 exercise the rejection step (limit well below 2^32)
  // and remainders of doubles >= 2^31; 2^32 takes every draw.
  const bounds = [1, 2, 3, 7, 10_000, 65_537, 2 ** 31 - 1, 2 ** 31, 2 ** 31 + 1, 2 ** 31 + 11, 3e9, 2 ** 32 - 1, 2 ** 32];

  it.each(bounds)('fillInt(out, %d) gives the same stream as repeated int(n), across batches', (n) => {
    for (const seed of [1, 20250917, 0xffffffff]) {
      const a = createRng(seed);
      const b = createRng(seed);
      for (const len of [0, 1, 5, 4_000, 20_000]) {
        const out = new Uint32Array(len);
        a.fillInt(out, n);
        const expected = Uint32Array.from({ length: len }, () => b.int(n));
        expect(out).toEqual(expected);
      }
      // the generator state after the batch is the one after as many int(n) calls
      expect([a.uint32(), a.next(), a.int(n)]).toEqual([b.uint32(), b.next(), b.int(n)]);
    }
  });

  it('fillInt draws values in [0, n) and rejects the bounds int(n) rejects', () => {
    const rng = createRng(3);
    const out = new Uint32Array(1000);
    rng.fillInt(out, 3);
    expect(out.every((v) => v < 3)).toBe(true);
    expect(new Set(out).size).toBe(3);
    for (const bad of [0, -1, 1.5, NaN, 2 ** 32 + 1]) {
      expect(() => rng.fillInt(out, bad)).toThrow(RangeError);
      expect(() => rng.int(bad)).toThrow(RangeError);
    }
  });
});
