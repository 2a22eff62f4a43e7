import { describe, expect, it } from 'vitest';
import { NO_OVERRIDE, parseDeviceOverride, runnerOverride } from '../../../src/app/settings/deviceOverride.ts';
import { formatMb, formatSizes, registryRow } from '../../../src/app/views/models/registryRows.ts';
import { folderModel } from '../../../src/app/settings/folderModel.ts';
import { similarityRows, textLines } from '../../../src/core/models/similarity.ts';
import { findModel } from '../../../src/models/registry.ts';
import { selectDevice } from '../../../src/core/models/device.ts';

describe('parseDeviceOverride(raw)', () => {
  it('reads a stored override', () => {
    expect(parseDeviceOverride('{"device":"wasm","dtype":"fp16"}')).toEqual({ device: 'wasm', dtype: 'fp16' });
  });
  it('returns auto/auto for nothing, bad JSON or a non-object', () => {
    for (const raw of [null, '', '{', '42', 'null', '"wasm"']) expect(parseDeviceOverride(raw)).toEqual(NO_OVERRIDE);
  });
  it('reads an unknown field value as auto, keeping the other', () => {
    expect(parseDeviceOverride('{"device":"webgpu","dtype":"q8"}')).toEqual({ device: 'auto', dtype: 'q8' });
    expect(parseDeviceOverride('{"device":"wasm","dtype":"q4"}')).toEqual({ device: 'wasm', dtype: 'auto' });
  });
});

describe('runnerOverride(o)', () => {
  it('leaves auto fields out, so selectDevice decides', () => {
    expect(runnerOverride({ device: 'auto', dtype: 'auto' })).toEqual({});
    expect(runnerOverride({ device: 'wasm', dtype: 'fp32' })).toEqual({ device: 'wasm', dtype: 'fp32' });
  });
  it('asks for q8 but runs fp32 on a model that ships only fp32 (GloVe)', () => {
    const webgpu = { kind: 'webgpu', vendor: '', architecture: '', description: '', shaderF16: false } as const;
    expect(selectDevice(webgpu, runnerOverride({ device: 'wasm', dtype: 'q8' }), ['fp32'])).toEqual({ device: 'wasm', dtype: 'fp32' });
  });
});

describe('formatMb(mb) and formatSizes(sizeMb)', () => {
  it('keeps 3 significant digits below 100 MB, whole MB up to 1 GB, GB above', () => {
    expect(formatMb(23.04)).toBe('23 MB');
    expect(formatMb(90.4)).toBe('90.4 MB');
    expect(formatMb(0.254)).toBe('0.254 MB');
    expect(formatMb(470)).toBe('470 MB');
    expect(formatMb(2270)).toBe('2.27 GB');
    expect(formatMb(1000)).toBe('1 GB');
  });
  it('lists dtypes in the order fp32, fp16, q8, int8, uint8, q4 whatever the key order', () => {
    expect(formatSizes({ q8: 23, fp32: 90.4, q4: 54.6, fp16: 45.3 })).toBe('fp32 90.4 MB · fp16 45.3 MB · q8 23 MB · q4 54.6 MB');
  });
  it('shows – when no size is known', () => {
    expect(formatSizes({})).toBe('–');
  });
});

describe('registryRow(entry)', () => {
  it('marks the bundled model offline and shows no prefixes as none', () => {
    const r = registryRow(findModel('fairground-glove-100d')!);
    expect(r.offline).toBe(true);
    expect(r.prefixes).toBe('none');
    expect(r.pooling).toBe('mean');
    expect(r.params).toBe('10 M');
  });
  it('quotes prefixes so their trailing spaces show', () => {
    const r = registryRow(findModel('Xenova/multilingual-e5-small')!);
    expect(r.prefixes).toBe('query: "query: " · document: "passage: "');
    expect(r.offline).toBe(false);
  });
  it('carries the note of a large model', () => {
    expect(registryRow(findModel('Xenova/bge-m3')!).note).toMatch(/568M parameters/);
  });
  it('gives a decision model its decision kind and no pooling', () => {
    const r = registryRow(findModel('Xenova/ms-marco-MiniLM-L-6-v2')!);
    expect(r.kind).toBe('cross-encoder');
    expect(r.pooling).toBe('–');
    expect(r.prefixes).toBe('–');
  });
});

describe('folderModel(files)', () => {
  const blob = (n: number) => new Blob([new Uint8Array(n)]);
  const files = [
    { path: 'tiny/config.json', blob: blob(10) },
    { path: 'tiny/tokenizer.json', blob: blob(20) },
    { path: 'tiny/onnx/model.onnx', blob: blob(2_000_000) },
    { path: 'tiny/onnx/model_quantized.onnx', blob: blob(500_000) },
  ];
  it('names the model after the folder and keys its files by their path inside it', () => {
    const { source, entry } = folderModel(files);
    expect(source.kind).toBe('folder');
    expect(source.id).toBe('tiny');
    expect(Object.keys(source.files).sort()).toEqual(['config.json', 'onnx/model.onnx', 'onnx/model_quantized.onnx', 'tokenizer.json']);
    expect(source.files['onnx/model.onnx']).toBe(files[2].blob);
    expect(entry.id).toBe('tiny');
  });
  it('derives the shipped dtypes and their sizes from the ONNX file names', () => {
    expect(folderModel(files).entry.sizeMb).toEqual({ fp32: 2, q8: 0.5 });
  });
  it('throws, naming the missing file, for a folder without a tokenizer', () => {
    expect(() => folderModel(files.filter((f) => !f.path.endsWith('tokenizer.json')))).toThrow(/tokenizer\.json/);
  });
  it('throws for an empty folder', () => {
    expect(() => folderModel([])).toThrow(/empty/);
  });
});

describe('similarityRows(query, texts, vectors)', () => {
  it('gives each text its cosine (worked by hand) and ranks the highest first', () => {
    // q = (1, 0); a = (1, 1) → 1/√2; b = (0, 2) → 0; c = (3, 0) → 1.
    const rows = similarityRows([1, 0], ['a', 'b', 'c'], [[1, 1], [0, 2], [3, 0]]);
    expect(rows.map((r) => r.text)).toEqual(['a', 'b', 'c']);
    expect(rows[0].cosine).toBeCloseTo(Math.SQRT1_2, 12);
    expect(rows[1].cosine).toBe(0);
    expect(rows[2].cosine).toBe(1);
    expect(rows.map((r) => r.rank)).toEqual([2, 3, 1]);
  });
  it('reports a zero vector as unscorable (no cosine, no rank), not as dissimilar', () => {
    const rows = similarityRows([1, 0], ['known', 'unknown'], [[1, 0], [0, 0]]);
    expect(rows[1]).toEqual({ text: 'unknown', cosine: undefined, rank: undefined });
    expect(rows[0].rank).toBe(1);
    expect(similarityRows([0, 0], ['x'], [[1, 0]])[0].cosine).toBeUndefined();
  });
  it('gives tied texts the same rank', () => {
    expect(similarityRows([1, 0], ['a', 'b', 'c'], [[2, 0], [1, 0], [0, 1]]).map((r) => r.rank)).toEqual([1, 1, 3]);
  });
  it('throws when texts and vectors differ in number', () => {
    expect(() => similarityRows([1], ['a'], [])).toThrow(RangeError);
  });
});

describe('textLines(value)', () => {
  it('returns the trimmed non-empty lines', () => {
    expect(textLines(' a \n\n b\r\n  \n')).toEqual(['a', 'b']);
  });
});
