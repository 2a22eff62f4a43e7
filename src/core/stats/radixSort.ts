/**
 * Two LSD radix sorts for the twins kernels' per-query sorts of tens of thousands of numbers,
 * where a comparison sort's cost showed in the 1,000,000-document audits (BENCHMARKS.md, "Scale in
 * Chromium: the pool's ranking with fewer random reads"): 16-bit digits, a digit that is the same
 * for every item skipped, the work space reused from one call to the next (core/scratch.ts).
 * Below RADIX_MIN_FLOATS floats, or RADIX_MIN_KEYS keys, a comparison sort is sooner (the
 * histograms cost more than the items; measured in Node: 50,000 floats 4.6 → 2.2 ms, 5,000 floats
 * 0.32 → 0.58 ms, 5,000 keys 0.28 ms against a pass over a 1,100,000-item pool of 4.5 ms).
 */
import { scratchArray } from '../scratch.ts';

/** Floats from which `sortFloat64` sorts by radix. */
export const RADIX_MIN_FLOATS = 16_384;
/** Keys from which `orderByKey` sorts by radix. */
export const RADIX_MIN_KEYS = 4_096;

const DIGIT = 16;
const BUCKETS = 1 << DIGIT;
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

const scratchCounts = scratchArray((n) => new Uint32Array(n));
const scratchLoA = scratchArray((n) => new Uint32Array(n));
const scratchHiA = scratchArray((n) => new Uint32Array(n));
const scratchLoB = scratchArray((n) => new Uint32Array(n));
const scratchHiB = scratchArray((n) => new Uint32Array(n));

/**
 * Sorts finite `values` ascending in place and returns them: the order of `Float64Array#sort`
 * (-0 before 0). Each float's bits are mapped to a 64-bit unsigned key that orders as the float
 * does (negative: every bit flipped; positive: the sign bit set) and sorted by four 16-bit digits;
 * the floats are read back from the sorted keys.
 * @example sortFloat64(Float64Array.of(2, -1, 0.5)) // Float64Array [-1, 0.5, 2]
 */
export function sortFloat64(values: Float64Array): Float64Array {
  const m = values.length;
  if (m < RADIX_MIN_FLOATS || !LITTLE_ENDIAN) return values.sort();
  const words = new Uint32Array(values.buffer, values.byteOffset, 2 * m); // [lo, hi] per float
  let lo = scratchLoA(m);
  let hi = scratchHiA(m);
  let loNext = scratchLoB(m);
  let hiNext = scratchHiB(m);
  for (let i = 0; i < m; i++) {
    const l = words[2 * i];
    const h = words[2 * i + 1];
    if (h >>> 31) {
      lo[i] = ~l >>> 0;
      hi[i] = ~h >>> 0;
    } else {
      lo[i] = l;
      hi[i] = (h | 0x80000000) >>> 0;
    }
  }
  const counts = histograms(m, [lo, hi]);
  for (let d = 0; d < 4; d++) {
    const base = d * BUCKETS;
    const shift = (d & 1) * DIGIT;
    const fromHi = d >= 2;
    if (!prefixSums(counts, base, m, fromHi ? hi : lo, shift)) continue; // the same digit everywhere
    const word = fromHi ? hi : lo;
    for (let i = 0; i < m; i++) {
      const at = counts[base + ((word[i] >>> shift) & 0xffff)]++;
      loNext[at] = lo[i];
      hiNext[at] = hi[i];
    }
    [lo, loNext] = [loNext, lo];
    [hi, hiNext] = [hiNext, hi];
  }
  for (let i = 0; i < m; i++) {
    const h = hi[i];
    if (h >>> 31) {
      words[2 * i] = lo[i];
      words[2 * i + 1] = (h & 0x7fffffff) >>> 0;
    } else {
      words[2 * i] = ~lo[i] >>> 0;
      words[2 * i + 1] = ~h >>> 0;
    }
  }
  return values;
}

/**
 * Writes into `out` the indices 0 … m−1 ordered by `keys` ascending, stably (equal keys keep
 * index order), by two 16-bit digits; returns `out`.
 * @throws {RangeError} when the lengths differ.
 * @example orderByKey(Uint32Array.of(5, 1, 5, 0), new Uint32Array(4)) // Uint32Array [3, 1, 0, 2]
 */
export function orderByKey(keys: Uint32Array, out: Uint32Array): Uint32Array {
  const m = keys.length;
  if (out.length !== m) throw new RangeError(`${m} keys and ${out.length} places`);
  if (m < RADIX_MIN_KEYS) {
    const idx = Array.from({ length: m }, (_, i) => i).sort((a, b) => keys[a] - keys[b] || a - b);
    out.set(idx);
    return out;
  }
  const counts = histograms(m, [keys]);
  let src = scratchLoA(m);
  let dst = scratchLoB(m);
  let cur = scratchHiA(m);
  let next = scratchHiB(m);
  for (let i = 0; i < m; i++) {
    src[i] = i;
    cur[i] = keys[i];
  }
  for (let d = 0; d < 2; d++) {
    const base = d * BUCKETS;
    const shift = d * DIGIT;
    if (!prefixSums(counts, base, m, cur, shift)) continue;
    for (let i = 0; i < m; i++) {
      const v = cur[i];
      const at = counts[base + ((v >>> shift) & 0xffff)]++;
      dst[at] = src[i];
      next[at] = v;
    }
    [src, dst] = [dst, src];
    [cur, next] = [next, cur];
  }
  out.set(src);
  return out;
}

/** The 16-bit digit counts of each word, low digit first: `words.length` × 2 histograms in one array. */
function histograms(m: number, words: readonly Uint32Array[]): Uint32Array {
  const counts = scratchCounts(2 * words.length * BUCKETS).fill(0);
  words.forEach((word, w) => {
    const low = 2 * w * BUCKETS;
    const high = low + BUCKETS;
    for (let i = 0; i < m; i++) {
      const v = word[i];
      counts[low + (v & 0xffff)]++;
      counts[high + (v >>> 16)]++;
    }
  });
  return counts;
}

/**
 * Turns the histogram at `base` into each digit's first place; false (nothing to do) when every
 * item has the same digit, which the first item's shows.
 */
function prefixSums(counts: Uint32Array, base: number, m: number, word: Uint32Array, shift: number): boolean {
  if (m === 0 || counts[base + ((word[0] >>> shift) & 0xffff)] === m) return false;
  let sum = 0;
  for (let b = 0; b < BUCKETS; b++) {
    const c = counts[base + b];
    counts[base + b] = sum;
    sum += c;
  }
  return true;
}
