import { describe, expect, it } from 'vitest';
import { StringIndex } from '../../../src/core/stringIndex.ts';
import { createRng } from '../../../src/core/stats/rng.ts';

describe('StringIndex', () => {
  it('gives the positions a Map gives, across growth, duplicates and clears', () => {
    const rng = createRng(34);
    const index = new StringIndex();
    let map = new Map<string, number>();
    for (let round = 0; round < 40; round++) {
      // rounds of uneven size, some past the first table (2048 slots, half full at 1024 keys)
      const n = Math.floor(rng.next() * 3000);
      for (let j = 0; j < n; j++) {
        const key = `D${Math.floor(rng.next() * 5000)}`;
        const want = map.has(key) ? -1 : map.size;
        if (want >= 0) map.set(key, want);
        expect(index.add(key)).toBe(want);
      }
      expect(index.size).toBe(map.size);
      for (let j = 0; j < 200; j++) {
        const key = `D${Math.floor(rng.next() * 5000)}`;
        expect(index.get(key)).toBe(map.get(key) ?? -1);
      }
      index.clear();
      map = new Map();
      expect(index.get('D1')).toBe(-1);
    }
  });

  it('compares keys by value, so keys that hash alike stay apart', () => {
    const index = new StringIndex();
    // many keys, one table: every slot collision is resolved by the key itself
    const keys = Array.from({ length: 1500 }, (_, i) => `q${i}\u00e9\u{1F600}`);
    keys.forEach((k, i) => expect(index.add(k)).toBe(i));
    keys.forEach((k, i) => expect(index.get(k)).toBe(i));
    expect(index.get('q1500\u00e9\u{1F600}')).toBe(-1);
    expect(index.add(keys[7])).toBe(-1);
  });
});
