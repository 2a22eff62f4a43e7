/**
 * Fuzzed fragments: every one must resolve to { ok: false, error } or to a
 * payload that passes the checks again — never throw, never take a second.
 * All randomness comes from createRng, so a failure names a reproducible case.
 */
import { deflateRawSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CURRENT_SCHEMA,
  decodePermalink,
  encodePermalink,
  toSafeJson,
  validatePayload,
} from '../../../../src/core/permalink/index.ts';
import type { DecodeResult } from '../../../../src/core/permalink/index.ts';
import { createRng } from '../../../../src/core/stats/rng.ts';
import type { Rng } from '../../../../src/core/stats/rng.ts';
import { MAX_JSON_BYTES } from '../../../../src/core/permalink/limits.ts';
import { retrievalPayload } from './fixtures.ts';
import { fragmentOfJson, fragmentOfText } from './helpers.ts';

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const HOSTILE_CHARS = BASE64URL + '=+/%# \n\t.é\u0000\u202e😀';

let valid = '';
beforeAll(async () => {
  valid = await encodePermalink(retrievalPayload());
});

/**
 * Decodes and checks the invariant; returns the result for stricter checks. The work is bounded,
 * not timed (a timing failed a correct build on a loaded machine): a fragment is refused unread
 * above 64 KB, and what it inflates to stays within the cap plus one chunk of the stream.
 */
async function decodeSafely(fragment: string, label: string): Promise<DecodeResult> {
  let inflated = 0;
  const result = await decodePermalink(fragment, { onInflated: (n) => (inflated = n) });
  expect(inflated, `${label}: ${inflated} bytes inflated`).toBeLessThanOrEqual(MAX_JSON_BYTES + 1024 * 1024);
  if (result.ok) {
    expect(() => validatePayload(toSafeJson(result.payload, 'reject'), CURRENT_SCHEMA), label).not.toThrow();
  } else {
    expect(result.error, label).toMatch(/^This (link|is not a Fairground result link)/);
  }
  return result;
}

function randomString(rng: Rng, length: number, alphabet: string): string {
  const chars = [...alphabet];
  let s = '';
  for (let i = 0; i < length; i++) s += chars[rng.int(chars.length)];
  return s;
}

function randomBytes(rng: Rng, length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = rng.int(256);
  return bytes;
}

describe('decodePermalink on fuzzed fragments', () => {
  let decoded = 0;

  it('every truncation of a valid fragment is refused as damaged or not a link', async () => {
    expect(valid.length).toBeGreaterThan(400);
    for (let length = 0; length < valid.length; length++) {
      const result = await decodeSafely(valid.slice(0, length), `truncated to ${length}`);
      expect(result.ok, `truncated to ${length}`).toBe(false);
      decoded++;
    }
  });

  it('300 random replacements, insertions and deletions of 1–4 characters never throw', async () => {
    const rng = createRng(1);
    for (let i = 0; i < 300; i++) {
      const chars = [...valid];
      const edits = 1 + rng.int(4);
      for (let e = 0; e < edits; e++) {
        const at = 2 + rng.int(chars.length - 2);
        const c = [...HOSTILE_CHARS][rng.int([...HOSTILE_CHARS].length)];
        const op = rng.int(3);
        if (op === 0) chars[at] = c;
        else if (op === 1) chars.splice(at, 0, c);
        else chars.splice(at, 1);
      }
      await decodeSafely(chars.join(''), `mutation ${i}`);
      decoded++;
    }
  });

  it('150 strings of random base64url garbage are refused', async () => {
    const rng = createRng(2);
    for (let i = 0; i < 150; i++) {
      const fragment = 'r=' + randomString(rng, rng.int(3000), i % 5 === 0 ? HOSTILE_CHARS : BASE64URL);
      expect((await decodeSafely(fragment, `garbage ${i}`)).ok).toBe(false);
      decoded++;
    }
  });

  it('100 valid base64url encodings of random (non-deflate) bytes are refused', async () => {
    const rng = createRng(3);
    for (let i = 0; i < 100; i++) {
      const fragment = 'r=' + Buffer.from(randomBytes(rng, 1 + rng.int(2000))).toString('base64url');
      expect((await decodeSafely(fragment, `random bytes ${i}`)).ok).toBe(false);
      decoded++;
    }
  });

  it('deflate of non-JSON or non-UTF-8 text is refused as damaged', async () => {
    const rng = createRng(4);
    const texts: (string | Uint8Array)[] = [
      'hello', '', 'NaN', 'undefined', '{"v":1,', "{'v':1}", '{"v":1} trailing', '\u0000',
      new Uint8Array([0xff, 0xfe, 0x7b, 0x7d]), new Uint8Array([0xc3, 0x28]), new Uint8Array([0xed, 0xa0, 0x80]),
      ...Array.from({ length: 20 }, () => randomBytes(rng, 1 + rng.int(500))),
    ];
    for (const [i, text] of texts.entries()) {
      const result = await decodeSafely(fragmentOfText(text), `non-JSON ${i}`);
      expect(result.ok).toBe(false);
      decoded++;
    }
  });

  it('JSON of wrong shapes is refused', async () => {
    const p = retrievalPayload();
    const shapes: unknown[] = [
      null, 0, 1, -1, true, 'r', [], [p], {}, { v: 1 }, { v: -1 }, { v: 1.5 }, { v: '1' }, { v: null }, { v: 2 ** 60 },
      { ...p, v: undefined }, { ...p, kind: 1 }, { ...p, kind: '' }, { ...p, dataset: null }, { ...p, dataset: [] },
      { ...p, dataset: { ...p.dataset, id: '' } }, { ...p, dataset: { ...p.dataset, extra: 'x' } },
      { ...p, dataset: { ...p.dataset, version: 1 } }, { ...p, models: {} }, { ...p, models: [null] }, { ...p, models: ['bm25'] },
      { ...p, models: [{ ...p.models[0], id: 7 }] }, { ...p, models: [{ ...p.models[0], extra: 1 }] },
      { ...p, models: new Array(300).fill(p.models[1]) }, { ...p, parameters: null }, { ...p, parameters: [1] },
      { ...p, results: 'summary' }, { ...p, results: null }, { ...p, results: { k: 'x'.repeat(5000) } },
      { ...p, results: Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`k${i}`, i])) },
      { ...p, results: { ['x'.repeat(300)]: 1 } },
    ];
    for (const [i, shape] of shapes.entries()) {
      const result = await decodeSafely(fragmentOfJson(shape), `shape ${i}`);
      expect(result.ok, `shape ${i}`).toBe(false);
      decoded++;
    }
  });

  it('bombs and oversized fragments are refused quickly', async () => {
    const cases: [string, RegExp][] = [
      ['r=' + deflateRawSync(new Uint8Array(50_000_000), { level: 9 }).toString('base64url'), /unpacks to more than 1 MB/],
      ['r=' + deflateRawSync(Buffer.from('['.repeat(40_000_000)), { level: 9 }).toString('base64url'), /unpacks to more than 1 MB/],
      [fragmentOfText('['.repeat(500_000) + ']'.repeat(500_000)), /not a Fairground result link|damaged/],
      [fragmentOfText(`{"v":1,"results":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`), /nested deeper than 32/],
      ['r=' + 'A'.repeat(65_535), /larger than 64 KB/],
      ['r=' + 'A'.repeat(10_000_000), /larger than 64 KB/],
      ['#'.repeat(100_000), /larger than 64 KB/],
    ];
    for (const [i, [fragment, message]] of cases.entries()) {
      const result = await decodeSafely(fragment, `bomb ${i}`);
      expect(result.ok === false && result.error, `bomb ${i}`).toMatch(message);
      decoded++;
    }
  });

  it('newer schemas and prototype keys are refused', async () => {
    const p = retrievalPayload();
    const json = JSON.stringify(p);
    const fragments = [
      fragmentOfJson({ ...p, v: CURRENT_SCHEMA + 1 }),
      fragmentOfJson({ ...p, v: 1000 }),
      fragmentOfText(json.replace('{"v":1,', '{"v":1,"__proto__":{"isAdmin":true},')),
      fragmentOfText(json.replace('"seed":42', '"seed":42,"__proto__":{"polluted":1}')),
      fragmentOfText(json.replace('"nQueries":250', '"nQueries":250,"a":[[{"constructor":{"prototype":{"polluted":1}}}]]')),
    ];
    for (const [i, fragment] of fragments.entries()) {
      expect((await decodeSafely(fragment, `hostile ${i}`)).ok).toBe(false);
      decoded++;
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('decoded at least 500 fuzzed fragments in all', () => {
    expect(decoded).toBeGreaterThanOrEqual(500);
  });
});
