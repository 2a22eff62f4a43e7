/**
 * The one seeded random generator of Fairground: xoshiro128** (Blackman &
 * Vigna, 2018) seeded from a 32-bit seed through splitmix32. It uses only
 * 32-bit integer arithmetic (Math.imul, >>> 0), so a seed gives the same
 * stream in every browser and in Node.
 *
 * Randomness is always passed in as an `Rng`; the platform's unseeded generator is never used in
 * src/core.
 */

/** A source of uniform numbers, advanced on every call. */
export interface Rng {
  /** Uniform float in [0, 1) with 32 bits of randomness. */
  next(): number;
  /** Uniform integer in [0, n) without modulo bias. @throws {RangeError} for n < 1 or n > 2^32. */
  int(n: number): number;
  /** Next raw 32-bit unsigned integer. */
  uint32(): number;
  /**
   * Fills `out` with out.length draws of `int(n)`, in order: the same numbers,
   * and the same generator state afterwards, as calling int(n) that many times.
   * @throws {RangeError} as int(n).
   */
  fillInt(out: Uint32Array, n: number): void;
}

function rotl(x: number, k: number): number {
  return ((x << k) | (x >>> (32 - k))) >>> 0;
}

/** splitmix32 step, used only to expand the seed into the 128-bit state. */
function splitmix32(state: { s: number }): number {
  state.s = (state.s + 0x9e3779b9) >>> 0;
  let z = state.s;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
  return (z ^ (z >>> 16)) >>> 0;
}

/**
 * Creates a seeded generator.
 * @param seed any integer; it is reduced to 32 bits (seed >>> 0).
 * @example const rng = createRng(42); rng.next(); // same value everywhere
 */
export function createRng(seed: number): Rng {
  const sm = { s: seed >>> 0 };
  let a = splitmix32(sm);
  let b = splitmix32(sm);
  let c = splitmix32(sm);
  let d = splitmix32(sm);
  if ((a | b | c | d) === 0) a = 1; // the all-zero state is a fixed point

  function uint32(): number {
    const result = Math.imul(rotl(Math.imul(b, 5) >>> 0, 7), 9) >>> 0;
    const t = (b << 9) >>> 0;
    c = (c ^ a) >>> 0;
    d = (d ^ b) >>> 0;
    b = (b ^ c) >>> 0;
    a = (a ^ d) >>> 0;
    c = (c ^ t) >>> 0;
    d = rotl(d, 11);
    return result;
  }

  return {
    uint32,
    next: () => uint32() / 4294967296,
    int(n: number): number {
      checkBound(n);
      // Lemire-style rejection: discard the top partial block.
      const limit = 4294967296 - (4294967296 % n);
      let x = uint32();
      while (x >= limit) x = uint32();
      return x % n;
    },
    fillInt(out: Uint32Array, n: number): void {
      checkBound(n);
      // Batch form of int(n), the hot loop of the bootstrap (10^7 draws per
      // CI). Why it is ~10x faster than calling int(n) in a loop, with the
      // same stream:
      // - the state is copied into local int32 variables for the batch and
      //   written back at the end: closure variables holding values >= 2^31
      //   are boxed, so every update allocated a HeapNumber (GC pressure);
      //   XOR, shifts and Math.imul give the same 32 bits on int32 as on
      //   uint32, and only the outputs are read as unsigned (>>> 0);
      // - the rejection limit is computed once;
      // - x % n on a double >= 2^31 is a float modulo (a libc call); instead
      //   q = floor(x · (1/n)) is off by at most 1 from ⌊x/n⌋ for x < 2^32
      //   (relative error ~2^-52, so the absolute error is far below 1), and
      //   r = x − q·n is exact (|q·n| < 2^33), so one ±n correction gives
      //   exactly x % n.
      const limit = 4294967296 - (4294967296 % n);
      const inv = 1 / n;
      let s0 = a | 0;
      let s1 = b | 0;
      let s2 = c | 0;
      let s3 = d | 0;
      const len = out.length;
      for (let i = 0; i < len; i++) {
        let x: number;
        do {
          // one xoshiro128** step, as uint32() above
          const m = Math.imul(s1, 5);
          x = Math.imul((m << 7) | (m >>> 25), 9) >>> 0;
          const t = s1 << 9;
          s2 ^= s0;
          s3 ^= s1;
          s1 ^= s2;
          s0 ^= s3;
          s2 ^= t;
          s3 = (s3 << 11) | (s3 >>> 21);
        } while (x >= limit);
        const q = Math.floor(x * inv);
        let r = x - q * n;
        if (r < 0) r += n;
        else if (r >= n) r -= n;
        out[i] = r;
      }
      a = s0 >>> 0;
      b = s1 >>> 0;
      c = s2 >>> 0;
      d = s3 >>> 0;
    },
  };
}

function checkBound(n: number): void {
  if (!Number.isInteger(n) || n < 1 || n > 4294967296) {
    throw new RangeError(`rng.int(n) needs an integer 1 <= n <= 2^32, got ${n}`);
  }
}
