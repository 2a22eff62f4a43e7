import { describe, expect, it } from 'vitest';
import { scratchArray } from '../../../src/core/scratch.ts';

describe('scratchArray(make)', () => {
  it('returns a view of the asked length, the same buffer from one call to the next', () => {
    const take = scratchArray((n) => new Float64Array(n));
    const a = take(3);
    a.set([1, 2, 3]);
    const b = take(2);
    expect(b.length).toBe(2);
    expect(b.buffer).toBe(a.buffer);
    // the rule callers follow: a view holds what the last call left
    expect([...b]).toEqual([1, 2]);
  });

  it('grows (at least doubling) when a call asks for more than the buffer holds, and never shrinks', () => {
    const made: number[] = [];
    const take = scratchArray((n) => (made.push(n), new Uint32Array(n)));
    take(4);
    take(5);
    take(3);
    take(9);
    expect(made).toEqual([0, 4, 8, 16]);
    expect(take(16).length).toBe(16);
  });

  it('runs its @example: a view of 3 zeros once filled', () => {
    const scores = scratchArray((n) => new Float64Array(n));
    expect([...scores(3).fill(0)]).toEqual([0, 0, 0]);
  });
});
