import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { zipSync } from 'fflate';
import { FormatError } from '../../../../src/core/formats/formatError.ts';
import { writeDatasetPackage } from '../../../../src/core/package/writePackage.ts';
import { unzipPackage, zipPackage } from '../../../../src/core/package/zipPackage.ts';

const { files } = writeDatasetPackage({
  id: 'mine', version: '1.0.0', title: 'Mine', languages: ['en'],
  corpus: [{ _id: 'd1', text: 'Anna' }], queries: [{ _id: 'q1', text: 'nurse' }], qrels: [{ query_id: 'q1', corpus_id: 'd1', score: 1 }],
  tasks: [{ type: 'retrieval', name: 'main', corpus: 'corpus', queries: 'queries', qrels: 'qrels' }],
});

describe('zipPackage(files) and unzipPackage(bytes)', () => {
  it('round-trips the files, in order', () => {
    expect(unzipPackage(zipPackage(files))).toEqual(files.map((f) => ({ path: f.path, bytes: f.bytes })));
  });

  it('gives the same bytes whatever the clock says (entries dated 1980-01-01 00:00, not now)', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2031, 5, 7, 13, 14, 15));
    const a = zipPackage(files);
    vi.setSystemTime(new Date(2040, 0, 2, 3, 4, 6));
    const b = zipPackage(files);
    vi.useRealTimers();
    expect(createHash('sha256').update(b).digest('hex')).toBe(createHash('sha256').update(a).digest('hex'));
    // The local header's time and date fields (offsets 10–13): 00:00:00 and 1980-01-01 = (0 << 9) | (1 << 5) | 1.
    expect([...a.subarray(10, 14)]).toEqual([0, 0, 0x21, 0]);
  });

  it('stores .gz files (already compressed) and deflates the manifest', () => {
    const zip = zipPackage(files);
    // The compression method of the first local header (manifest.json) is 8 (deflate).
    expect(zip[8]).toBe(8);
    const second = 30 + zip[26] + zip[28] + (zip[18] | (zip[19] << 8) | (zip[20] << 16) | (zip[21] << 24));
    expect([zip[second], zip[second + 1], zip[second + 8]]).toEqual([0x50, 0x4b, 0]);
  });

  it('removes one leading folder that holds the whole package', () => {
    const zipped = zipSync({ 'mine/manifest.json': files[0].bytes, 'mine/': new Uint8Array(), 'mine/corpus.jsonl.gz': files[1].bytes });
    expect(unzipPackage(zipped).map((f) => f.path)).toEqual(['manifest.json', 'corpus.jsonl.gz']);
  });

  it('refuses bytes that are not a zip, and unsafe or repeated paths', () => {
    expect(() => unzipPackage(new TextEncoder().encode('not a zip'))).toThrow(FormatError);
    expect(() => unzipPackage(zipSync({ '../evil.json': new Uint8Array([1]) }))).toThrow('is not a safe path');
    expect(() => zipPackage([{ path: '/abs', bytes: new Uint8Array() }])).toThrow('is not a safe path');
    expect(() => zipPackage([files[0], files[0]])).toThrow('appears twice');
  });
});
