import { hash32 } from './hash32.ts';

/**
 * The positions of up to a few thousand distinct strings, emptied and refilled once per query
 * (a streamed run's documents): an open-addressing table of Int32 slots, cleared by bumping a
 * generation instead of reallocating, so a query of a thousand lines allocates nothing and never
 * rehashes after the first queries. A JS Map did the same job at about 60% more time per line
 * in `eval retrieval` (its table regrows from empty after every clear()).
 *
 * Keys are compared by value (===) on a hash match: correctness never depends on the hash.
 */
export class StringIndex {
  #slots = new Int32Array(2048);
  #stamps = new Uint32Array(2048);
  #keys: string[] = [];
  #generation = 1;
  #size = 0;

  get size(): number {
    return this.#size;
  }

  /** Forgets every key, in O(1). */
  clear(): void {
    this.#size = 0;
    this.#keys.length = 0;
    if (++this.#generation === 0xffffffff) {
      this.#stamps.fill(0);
      this.#generation = 1;
    }
  }

  /** The position given to `key` when it was added, or -1. */
  get(key: string): number {
    const mask = this.#slots.length - 1;
    for (let s = hash32(key) & mask; ; s = (s + 1) & mask) {
      if (this.#stamps[s] !== this.#generation) return -1;
      const i = this.#slots[s];
      if (this.#keys[i] === key) return i;
    }
  }

  /** Adds `key` at the next position (size) and returns it; -1, adding nothing, when it is already in. */
  add(key: string): number {
    if ((this.#size + 1) * 2 > this.#slots.length) this.#grow();
    const mask = this.#slots.length - 1;
    for (let s = hash32(key) & mask; ; s = (s + 1) & mask) {
      if (this.#stamps[s] !== this.#generation) {
        const i = this.#size++;
        this.#stamps[s] = this.#generation;
        this.#slots[s] = i;
        this.#keys[i] = key;
        return i;
      }
      if (this.#keys[this.#slots[s]] === key) return -1;
    }
  }

  /** Doubles the table (load stays under one half) and re-inserts the current keys. */
  #grow(): void {
    const keys = this.#keys;
    const n = this.#size;
    this.#slots = new Int32Array(this.#slots.length * 2);
    this.#stamps = new Uint32Array(this.#slots.length);
    this.#generation = 1;
    this.#keys = [];
    this.#size = 0;
    for (let i = 0; i < n; i++) this.add(keys[i]);
  }
}
