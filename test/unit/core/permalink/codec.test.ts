import { describe, expect, it } from 'vitest';
import {
  base64UrlDecode,
  base64UrlEncode,
  deflateRaw,
  inflateRawCapped,
  toSafeJson,
} from '../../../../src/core/permalink/index.ts';
import { createRng } from '../../../../src/core/stats/rng.ts';

describe('base64UrlEncode / base64UrlDecode', () => {
  it('base64UrlEncode(bytes) equals Buffer base64url (no padding) for lengths 0–300', () => {
    const rng = createRng(9);
    for (let n = 0; n <= 300; n++) {
      const bytes = Uint8Array.from({ length: n }, () => rng.int(256));
      const expected = Buffer.from(bytes).toString('base64url');
      expect(base64UrlEncode(bytes)).toBe(expected);
      expect(base64UrlDecode(expected)).toEqual(bytes);
    }
  });

  it('base64UrlEncode handles 1 MB (chunked, no argument-count overflow)', () => {
    const bytes = new Uint8Array(1 << 20).fill(0xfb);
    const text = base64UrlEncode(bytes);
    expect(text).toBe(Buffer.from(bytes).toString('base64url'));
    expect(Buffer.compare(base64UrlDecode(text)!, bytes)).toBe(0);
  });

  it('base64UrlDecode returns null for characters outside the alphabet or a 4n+1 length', () => {
    for (const text of ['ab+c', 'ab/c', 'abc=', 'a b', 'é', 'abcde']) expect(base64UrlDecode(text)).toBeNull();
  });
});

describe('inflateRawCapped(bytes, maxBytes)', () => {
  it('inverts deflateRaw', async () => {
    const text = new TextEncoder().encode('fairground '.repeat(1000));
    expect(await inflateRawCapped(await deflateRaw(text), 1 << 20)).toEqual({ ok: true, bytes: text, inflated: text.length });
  });

  it('stops at maxBytes + one chunk and says too-large', async () => {
    const packed = await deflateRaw(new Uint8Array(10_000_000));
    const capped = await inflateRawCapped(packed, 100_000);
    expect(capped).toMatchObject({ ok: false, reason: 'too-large' });
    expect(capped.inflated).toBeGreaterThan(100_000);
    expect(capped.inflated).toBeLessThan(100_000 + 1024 * 1024);
    expect((await inflateRawCapped(packed, 10_000_000)).ok).toBe(true);
  });

  it('says damaged for corrupt or truncated input, without throwing', async () => {
    const packed = await deflateRaw(new TextEncoder().encode('{"v":1}'));
    expect(await inflateRawCapped(packed.subarray(0, packed.length - 1), 1000)).toMatchObject({ ok: false, reason: 'damaged' });
    expect(await inflateRawCapped(new Uint8Array([0xff, 0xff, 0xff]), 1000)).toMatchObject({ ok: false, reason: 'damaged' });
  });
});

describe('toSafeJson(value, nonFinite)', () => {
  it('copies plain JSON into fresh plain objects', () => {
    const input = { a: [1, 'x', null, true, { b: -0.5 }] };
    const out = toSafeJson(input, 'reject');
    expect(out).toEqual(input);
    expect(out).not.toBe(input);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });

  it('accepts objects with a null prototype', () => {
    const o = Object.create(null) as Record<string, unknown>;
    o.k = 1;
    expect(toSafeJson(o, 'reject')).toEqual({ k: 1 });
  });

  it('rejects functions, bigints, undefined array items, Maps and typed arrays, naming the path', () => {
    expect(() => toSafeJson({ f: () => 1 }, 'null')).toThrow('f is a function');
    expect(() => toSafeJson({ n: 1n }, 'null')).toThrow('n is a bigint');
    expect(() => toSafeJson({ a: [1, undefined] }, 'null')).toThrow('a[1] is undefined');
    expect(() => toSafeJson({ m: new Map() }, 'null')).toThrow('m is not a plain object or array');
    expect(() => toSafeJson({ t: new Float64Array(2) }, 'null')).toThrow('t is not a plain object or array');
  });

  it('rejects a cycle as too deep instead of looping', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => toSafeJson(cyclic, 'null')).toThrow(/nested deeper than 32 levels/);
  });
});
