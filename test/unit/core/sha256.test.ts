import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Sha256, sha256Hex } from '../../../src/core/sha256.ts';

const reference = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Deterministic pseudo-random bytes (xorshift), so failures reproduce. */
function bytesOf(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
    out[i] = x & 0xff;
  }
  return out;
}

describe('Sha256', () => {
  it('sha256Hex("abc") is the FIPS 180-4 example digest', () => {
    expect(sha256Hex(new TextEncoder().encode('abc'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('sha256Hex(bytes) equals node:crypto for every length around the padding boundaries', () => {
    for (const length of [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1000]) {
      const bytes = bytesOf(length, length + 7);
      expect(sha256Hex(bytes), `length ${length}`).toBe(reference(bytes));
    }
  });

  it('update(chunk) in uneven chunks gives the same digest as one update', () => {
    const bytes = bytesOf(100_003, 42);
    const h = new Sha256();
    let i = 0;
    for (const size of [1, 63, 2, 64, 65, 127, 4096, 7, 30_000]) {
      h.update(bytes.subarray(i, i + size));
      i += size;
    }
    h.update(bytes.subarray(i));
    expect(h.digestHex()).toBe(reference(bytes));
  });

  it('update after digestHex throws', () => {
    const h = new Sha256();
    h.digestHex();
    expect(() => h.update(new Uint8Array(1))).toThrow(/after digest/);
  });
});
