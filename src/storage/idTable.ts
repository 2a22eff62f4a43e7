/**
 * A set of 64-bit hashes of record ids, for the duplicate check of an import:
 * open addressing with linear probing in one growable Uint32Array (two words
 * per slot, load ≤ 1/2), so it costs 8–16 bytes per id off the JS heap
 * instead of a `Set<string>` holding every id string (~48+ bytes per id on it).
 *
 * A hit only says "maybe seen": the caller confirms it by an exact comparison
 * against the stored ids (shardImporter.ts), so the check has no false
 * positives; at 64 bits a hit that is not a duplicate is astronomically rare.
 */
export class IdHashTable {
  private slots: Uint32Array;
  private mask: number;
  private count = 0;

  constructor(
    /** The id's hash as two 32-bit words, written into `out`. Tests pass a weak one to force collisions. */
    private readonly hash: (id: string, out: Uint32Array) => void = hashId64,
    capacity = 1024,
  ) {
    let cap = 16;
    while (cap < capacity) cap *= 2;
    this.slots = new Uint32Array(cap * 2);
    this.mask = cap - 1;
  }

  private readonly h = new Uint32Array(2);

  get size(): number {
    return this.count;
  }

  /** True when a hash equal to the id's is present (the id may or may not be there); otherwise adds it and returns false. */
  addOrHit(id: string): boolean {
    this.hash(id, this.h);
    return this.addOrHitHash(this.h[0], this.h[1]);
  }

  /** `addOrHit` for an id already hashed (two 32-bit words, as `hashId64` writes them). */
  addOrHitHash(hi: number, lo: number): boolean {
    if (hi === 0 && lo === 0) lo = 1; // (0, 0) marks an empty slot
    const slots = this.slots;
    for (let i = hi & this.mask; ; i = (i + 1) & this.mask) {
      const a = slots[2 * i], b = slots[2 * i + 1];
      if (a === 0 && b === 0) {
        slots[2 * i] = hi;
        slots[2 * i + 1] = lo;
        if (++this.count * 2 > this.mask + 1) this.grow();
        return false;
      }
      if (a === hi && b === lo) return true;
    }
  }

  private grow(): void {
    const old = this.slots;
    const cap = (this.mask + 1) * 2;
    this.slots = new Uint32Array(cap * 2);
    this.mask = cap - 1;
    for (let j = 0; j < old.length; j += 2) {
      const hi = old[j], lo = old[j + 1];
      if (hi === 0 && lo === 0) continue;
      let i = hi & this.mask;
      while (this.slots[2 * i] !== 0 || this.slots[2 * i + 1] !== 0) i = (i + 1) & this.mask;
      this.slots[2 * i] = hi;
      this.slots[2 * i + 1] = lo;
    }
  }
}

/** A 64-bit hash of a string's UTF-16 code units (two multiplicative 32-bit lanes cross-mixed, as cyrb53), into out[0..1]. */
export function hashId64(s: string, out: Uint32Array): void {
  let h1 = 0xdeadbeef, h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  out[0] = h1 >>> 0;
  out[1] = h2 >>> 0;
}
