/**
 * The one seeded random generator of Fairground: xoshiro128** (Blackman &
 * Vigna, 2018) seeded from a 32-bit seed through splitmix32. It uses only
 * 32-bit integer arithmetic (Math.imul, >>> 0), so a seed gives the same
 * stream in every browser and in Node.
 *
 * Randomness is always passed in as an `Rng`; `Math.random` is never used in
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
      if (!Number.isInteger(n) || n < 1 || n > 4294967296) {
        throw new RangeError(`rng.int(n) needs an integer 1 <= n <= 2^32, got ${n}`);
      }
      // Lemire-style rejection: discard the top partial block.
      const limit = 4294967296 - (4294967296 % n);
      let x = uint32();
      while (x >= limit) x = uint32();
      return x % n;
    },
  };
}
