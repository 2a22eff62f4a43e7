import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../../../src/core/formats/formatError.ts';
import { parseManifest, type ScreeningTask } from '../../../../src/core/formats/manifest.ts';
import { parseRecordLine } from '../../../../src/core/formats/records.ts';
import { writeDatasetPackage, type PackageInput } from '../../../../src/core/package/writePackage.ts';

const screening: ScreeningTask = { type: 'screening', name: 'screening', jobs: 'jobs', cvs: 'cvs', pools: 'pools', labels: 'labels' };

/** A tiny package, its keys deliberately out of the documented order. */
const input: PackageInput = {
  id: 'mine', version: '1.0.0', title: 'My candidates', languages: ['en'], license: 'CC-BY-4.0',
  jobs: [{ text: 'Nurse, ICU', _id: 'j1' }],
  cvs: [{ text: 'Anna "AJ" Jansen\nnurse', _id: 'c1', meta: { b: 1, a: 2 } } as never, { _id: 'c2', text: 'Bram' }],
  pools: [{ cv_ids: ['c1', 'c2'], job_id: 'j1' }],
  labels: [{ split: 'test', label: 1, cv_id: 'c1', job_id: 'j1' }, { job_id: 'j1', cv_id: 'c2', label: 0, split: 'tune' }],
  tasks: [screening],
  generation: { rejected: 1, generated: 3, accepted: 2, seed: 4, kinds: ['names'], edited: 0, pending: 0, not_made: 0 },
};

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const fileOf = (path: string) => writeDatasetPackage(input).files.find((f) => f.path === path)!;

describe('writeDatasetPackage(input)', () => {
  it('writes manifest.json first, then one .jsonl.gz per non-empty kind', () => {
    expect(writeDatasetPackage(input).files.map((f) => f.path)).toEqual(['manifest.json', 'jobs.jsonl.gz', 'cvs.jsonl.gz', 'pools.jsonl.gz', 'labels.jsonl.gz']);
  });

  it('writes each record on its own \\n-terminated line, keys in the documented order (checked against hand-written JSONL, unzipped by node:zlib)', () => {
    expect(text(gunzipSync(fileOf('jobs.jsonl.gz').bytes))).toBe('{"_id":"j1","text":"Nurse, ICU"}\n');
    expect(text(gunzipSync(fileOf('cvs.jsonl.gz').bytes))).toBe('{"_id":"c1","text":"Anna \\"AJ\\" Jansen\\nnurse","meta":{"a":2,"b":1}}\n{"_id":"c2","text":"Bram"}\n');
    expect(text(gunzipSync(fileOf('pools.jsonl.gz').bytes))).toBe('{"job_id":"j1","cv_ids":["c1","c2"]}\n');
    expect(text(gunzipSync(fileOf('labels.jsonl.gz').bytes))).toBe(
      '{"job_id":"j1","cv_id":"c1","label":1,"split":"test"}\n{"job_id":"j1","cv_id":"c2","label":0,"split":"tune"}\n',
    );
  });

  it('gzips with no file name, mtime 0, level 9 (header 1f 8b 08 00 00000000 02 03: XFL 2 = best compression, OS 3 = Unix)', () => {
    expect([...fileOf('cvs.jsonl.gz').bytes.subarray(0, 10)]).toEqual([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x02, 0x03]);
  });

  it('writes a manifest that parseManifest accepts, each entry with the records, bytes and SHA-256 (node:crypto) of its file', () => {
    const { files } = writeDatasetPackage(input);
    const manifest = parseManifest(JSON.parse(text(files[0].bytes)));
    expect(manifest.tasks).toEqual([screening]);
    for (const f of files.slice(1)) {
      const entry = manifest.shards.find((s) => s.path === f.path)!;
      expect(entry.bytes).toBe(f.bytes.length);
      expect(entry.sha256).toBe(createHash('sha256').update(f.bytes).digest('hex'));
      const lines = text(gunzipSync(f.bytes)).split('\n').filter(Boolean);
      expect(entry.records).toBe(lines.length);
      lines.forEach((line, i) => expect(parseRecordLine(entry.kind, 'jsonl', line, i + 1)).toBeDefined());
    }
  });

  it('writes the manifest fields in a fixed order, generation with sorted keys, two-space JSON and a final newline', () => {
    const manifest = text(fileOf('manifest.json').bytes);
    expect(manifest.endsWith('}\n')).toBe(true);
    const parsed = JSON.parse(manifest);
    expect(Object.keys(parsed)).toEqual(['id', 'version', 'title', 'license', 'languages', 'generation', 'tasks', 'shards']);
    expect(parsed.generation).toEqual({ accepted: 2, edited: 0, generated: 3, kinds: ['names'], not_made: 0, pending: 0, rejected: 1, seed: 4 });
    expect(Object.keys(parsed.generation)).toEqual(['accepted', 'edited', 'generated', 'kinds', 'not_made', 'pending', 'rejected', 'seed']);
    expect(Object.keys(parsed.shards[0])).toEqual(['name', 'kind', 'path', 'records', 'bytes', 'sha256']);
    expect(manifest.split('\n')[1]).toBe('  "id": "mine",');
  });

  it('gives byte-identical files for identical input, and for the same records built with keys in another order', () => {
    const a = writeDatasetPackage(input).files;
    const b = writeDatasetPackage(structuredClone(input)).files;
    const reordered = writeDatasetPackage({
      ...input,
      jobs: [{ _id: 'j1', text: 'Nurse, ICU' }],
      labels: input.labels!.map((l) => ({ job_id: l.job_id, split: l.split, cv_id: l.cv_id, label: l.label })),
      generation: { seed: 4, kinds: ['names'], accepted: 2, rejected: 1, generated: 3, not_made: 0, pending: 0, edited: 0 },
    }).files;
    expect(b).toEqual(a);
    expect(reordered).toEqual(a);
  });

  it('writes a numeric id as a string (as validateRecord reads it)', () => {
    const { files } = writeDatasetPackage({ ...input, jobs: [{ _id: 7 as never, text: 'x' }], pools: [{ job_id: '7', cv_ids: ['c1'] }], labels: undefined, tasks: [{ ...screening, labels: undefined }] });
    expect(text(gunzipSync(files[1].bytes))).toBe('{"_id":"7","text":"x"}\n');
  });

  it('refuses a record that is not valid for its kind, naming the shard and the record', () => {
    const bad = () => writeDatasetPackage({ ...input, labels: [...input.labels!, { job_id: 'j1', cv_id: 'c3', label: 2 as never, split: 'test' }] });
    expect(bad).toThrow(FormatError);
    expect(bad).toThrow('"label" must be one of 0, 1');
    try {
      bad();
    } catch (e) {
      expect([(e as FormatError).file, (e as FormatError).line]).toEqual(['labels.jsonl.gz', 3]);
    }
  });

  it('refuses a task naming a shard the package does not have', () => {
    expect(() => writeDatasetPackage({ ...input, labels: [] })).toThrow('tasks[0].labels names shard "labels", which is not in shards');
  });
});
