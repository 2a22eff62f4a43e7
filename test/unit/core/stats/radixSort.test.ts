/**
 * The radix sorts equal the sorts they replace: Float64Array#sort for finite floats (-0 before 0,
 * every sign and magnitude, many ties), and a stable comparator sort of indices by key.
 */
import { describe, expect, it } from 'vitest';
import { orderByKey, RADIX_MIN_FLOATS, RADIX_MIN_KEYS, sortFloat64 } from '../../../../src/core/stats/radixSort.ts';
import { createRng } from '../../../../src/core/stats/rng.ts';

const rng = createRng(20261203);
const sizes = [0, 1, 2, 100, RADIX_MIN_KEYS - 1, RADIX_MIN_KEYS, RADIX_MIN_FLOATS - 1, RADIX_MIN_FLOATS, 50_003];

/** Floats of every kind: signs, zeros of both signs, subnormals, huge and tiny, repeated values. */
function floats(m: number): Float64Array {
  const pool = [0, -0, 5e-324, -5e-324, 1e-300, -1e300, 1.7976931348623157e308, -1, 1, 0.1, -0.1];
  return Float64Array.from({ length: m }, () => {
    const u = rng.next();
    if (u < 0.2) return pool[rng.int(pool.length)];
    if (u < 0.4) return rng.int(7) - 3; // ties
    return (rng.next() - 0.5) * 10 ** (rng.int(40) - 20);
  });
}

describe('sortFloat64', () => {
  it.each(sizes)('equals Float64Array#sort, bit for bit, on %d floats', (m) => {
    const values = floats(m);
    const expected = values.slice().sort();
    const got = sortFloat64(values);
    expect(got).toBe(values); // in place
    expect(Array.from(got, (v) => Object.is(v, -0) ? '-0' : v)).toEqual(Array.from(expected, (v) => Object.is(v, -0) ? '-0' : v));
  });

  it('sorts a view in place, leaving the rest of its buffer as it was', () => {
    const n = RADIX_MIN_FLOATS;
    const whole = floats(3 * n);
    const before = whole.slice();
    const view = whole.subarray(n, 2 * n + 7);
    const expected = view.slice().sort();
    sortFloat64(view);
    expect(Array.from(view)).toEqual(Array.from(expected));
    expect(Array.from(whole.subarray(0, n))).toEqual(Array.from(before.subarray(0, n)));
    expect(Array.from(whole.subarray(2 * n + 7))).toEqual(Array.from(before.subarray(2 * n + 7)));
  });
});

describe('orderByKey', () => {
  it.each(sizes)('equals a stable comparator sort of the indices on %d keys (few and many distinct)', (m) => {
    for (const range of [3, 70_000, 2 ** 32]) {
      const keys = Uint32Array.from({ length: m }, () => Math.floor(rng.next() * range));
      const expected = Array.from({ length: m }, (_, i) => i).sort((a, b) => keys[a] - keys[b] || a - b);
      expect(Array.from(orderByKey(keys, new Uint32Array(m)))).toEqual(expected);
    }
  });

  it('refuses an output of another length', () => {
    expect(() => orderByKey(new Uint32Array(3), new Uint32Array(2))).toThrow(RangeError);
  });
});
