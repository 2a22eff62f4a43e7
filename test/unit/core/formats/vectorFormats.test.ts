/**
 * The .npy and safetensors parsers against files numpy wrote
 * (scripts/reference/vectors.py → test/fixtures/vectors/, values in
 * expected.json, float16 decoded by numpy), and float16 → float32 exactness.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { float16ToFloat32, float16Value, float32FromBytes } from '../../../../src/core/formats/float16.ts';
import { parseIdList } from '../../../../src/core/formats/idsFile.ts';
import { parseNpy } from '../../../../src/core/formats/npy.ts';
import { parseSafetensors } from '../../../../src/core/formats/safetensors.ts';
import { float16Bits } from '../../../fixtures/vectorFiles.ts';

const DIR = 'test/fixtures/vectors';
const bytes = (name: string) => new Uint8Array(readFileSync(`${DIR}/${name}`));
const expected = JSON.parse(readFileSync(`${DIR}/expected.json`, 'utf8')) as {
  ids: string[];
  good: Record<string, { dtype: string; shape: number[]; values: number[][]; tensor?: string }>;
  bad: Record<string, string>;
};

describe('parseNpy(bytes) and parseSafetensors(bytes) read what numpy wrote', () => {
  for (const [name, want] of Object.entries(expected.good)) {
    it(`${name}: ${want.dtype} [${want.shape.join(', ')}], every value exact (Object.is, so -0 too)`, () => {
      const m = name.endsWith('.npy') ? parseNpy(bytes(name)) : parseSafetensors(bytes(name)).matrix;
      expect(m).toMatchObject({ rows: want.shape[0], dims: want.shape[1], dtype: want.dtype });
      want.values.flat().forEach((v, i) => expect(Object.is(m.data[i], v), `value ${i}: ${m.data[i]} vs numpy ${v}`).toBe(true));
      if (name.endsWith('.safetensors')) {
        const s = parseSafetensors(bytes(name));
        expect(s.tensor).toBe(want.tensor);
        expect(parseIdList(s.metadata.ids)).toEqual(expected.ids);
      }
    });
  }

  for (const [name, message] of Object.entries(expected.bad)) {
    it(`${name} is refused: "${message}"`, () => {
      const parse = name.endsWith('.npy') ? parseNpy : parseSafetensors;
      expect(() => parse(bytes(name))).toThrow(message);
    });
  }

  it('parseNpy refuses a file that is not .npy, and a file cut inside its header', () => {
    expect(() => parseNpy(new TextEncoder().encode('{"id": "d1"}\n'))).toThrow('not a .npy file');
    expect(() => parseNpy(bytes('f32.npy').subarray(0, 40))).toThrow('truncated .npy file: the header says');
  });

  it('parseSafetensors refuses fewer than 8 bytes, a header length past the end, a header that is not JSON', () => {
    expect(() => parseSafetensors(new Uint8Array(5))).toThrow('not even the 8-byte header length');
    expect(() => parseSafetensors(bytes('f32.safetensors').subarray(0, 30))).toThrow(/truncated safetensors file \(or not one\): the header says \d+ bytes/);
    const junk = new Uint8Array(12);
    junk[0] = 4;
    junk.set(new TextEncoder().encode('nope'), 8);
    expect(() => parseSafetensors(junk)).toThrow('its header is not UTF-8 JSON');
  });
});

describe('float16Value(bits) is exact on every binary16 pattern', () => {
  it('matches the definition for all 65,536 patterns (±0, subnormals, normals, ±Infinity, NaN)', () => {
    for (let b = 0; b < 0x10000; b++) {
      const s = b & 0x8000 ? -1 : 1;
      const e = (b >> 10) & 0x1f;
      const m = b & 0x3ff;
      const want = e === 31 ? (m ? NaN : s * Infinity) : e === 0 ? s * m * Math.pow(2, -24) : s * Math.pow(2, e - 15) * (1024 + m) / 1024;
      expect(Object.is(float16Value(b), want) || (Number.isNaN(want) && Number.isNaN(float16Value(b))), `bits ${b.toString(16)}`).toBe(true);
      // Exact in float32: no rounding when stored.
      if (Number.isFinite(want)) expect(Math.fround(want)).toBe(want);
    }
  });

  it('float16ToFloat32 reads little-endian pairs at any alignment; the test writer inverts it on every finite pattern', () => {
    const raw = new Uint8Array([0xff, 0x00, 0x3c, 0x00, 0xc0]);
    expect(Array.from(float16ToFloat32(raw.subarray(1)))).toEqual([1, -2]);
    for (let b = 0; b < 0x10000; b++) if (((b >> 10) & 0x1f) !== 31) expect(float16Bits(float16Value(b)), `bits ${b.toString(16)}`).toBe(b);
  });

  it('float32FromBytes reads little-endian float32 at an odd offset', () => {
    const raw = new Uint8Array([7, 0, 0, 0x80, 0x3f]);
    expect(Array.from(float32FromBytes(raw.subarray(1)))).toEqual([1]);
  });
});

describe('parseIdList(text)', () => {
  it('reads one id per line (CRLF, a last newline or none) or a JSON array', () => {
    expect(parseIdList('a\r\nb\r\n')).toEqual(['a', 'b']);
    expect(parseIdList('a\nb')).toEqual(['a', 'b']);
    expect(parseIdList(' ["a", "b"]\n')).toEqual(['a', 'b']);
  });
  it('refuses a blank id among them, an id twice, a non-string in the array, nothing', () => {
    expect(() => parseIdList('a\n\nb\n')).toThrow('empty id');
    expect(() => parseIdList('a\nb\na\n')).toThrow('id "a" appears twice (rows 1 and 3)');
    expect(() => parseIdList('["a", 2]')).toThrow('id 1 of the JSON array is not a non-empty string (2)');
    expect(() => parseIdList('\n')).toThrow('no ids');
  });
});
