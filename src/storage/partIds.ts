import { hashId64 } from './idTable.ts';

/**
 * The record ids of one part file as its cross-part duplicate check needs them: each id's 64-bit
 * hash (`hashId64`, two words per record, in record order) and its 1-based line. 12 bytes per
 * record, in typed arrays that cross to the page transferred, not copied.
 */
export interface PartIds {
  /** Records held. */
  readonly count: number;
  /** 2 × count words: record i's hash is `hashes[2i], hashes[2i + 1]`. */
  readonly hashes: Uint32Array;
  /** count lines: record i stands on line `lines[i]` of its part. */
  readonly lines: Uint32Array;
}

/** Collects a part's PartIds one record at a time (arrays doubled as they fill). */
export class PartIdsCollector {
  #hashes: Uint32Array<ArrayBuffer> = new Uint32Array(2048);
  #lines: Uint32Array<ArrayBuffer> = new Uint32Array(1024);
  #count = 0;
  readonly #h = new Uint32Array(2);

  get count(): number {
    return this.#count;
  }

  /** Adds the record `id` read on `line`. */
  add(id: string, line: number): void {
    if (this.#count === this.#lines.length) {
      this.#hashes = grown(this.#hashes);
      this.#lines = grown(this.#lines);
    }
    hashId64(id, this.#h);
    this.#hashes[2 * this.#count] = this.#h[0];
    this.#hashes[2 * this.#count + 1] = this.#h[1];
    this.#lines[this.#count++] = line;
  }

  /** What was collected, in arrays of exactly that size. */
  result(): PartIds {
    return { count: this.#count, hashes: this.#hashes.slice(0, 2 * this.#count), lines: this.#lines.slice(0, this.#count) };
  }
}

function grown(a: Uint32Array<ArrayBuffer>): Uint32Array<ArrayBuffer> {
  const b = new Uint32Array(a.length * 2);
  b.set(a);
  return b;
}
