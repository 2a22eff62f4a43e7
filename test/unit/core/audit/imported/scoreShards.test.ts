import { describe, expect, it } from 'vitest';
import { shardRanges } from '../../../../../src/core/audit/imported/shardRanges.ts';
import { shardFileName } from '../../../../../src/core/audit/imported/shardScoringInputs.ts';
import { readProvenance, scoreFileHeader, stripScoreFileHeader } from '../../../../../src/core/audit/imported/scoreFileHeader.ts';
import { joinScoreShards } from '../../../../../src/core/audit/imported/joinScoreShards.ts';
import { FormatError } from '../../../../../src/core/formats/formatError.ts';

const SHA = 'a'.repeat(64);
const DATASET = { id: 'ds', version: '1', manifestSha256: SHA };
const head = (index: number, of: number) => scoreFileHeader(DATASET, { index, of });

describe('shardRanges(n, shards)', () => {
  it('shardRanges(10, 3) splits 10 items into contiguous ranges of 3, 3 and 4', () => {
    expect(shardRanges(10, 3)).toEqual([[0, 3], [3, 6], [6, 10]]);
  });
  it('shardRanges(n, shards) covers 0..n once, in order, with sizes that differ by at most one', () => {
    for (const [n, k] of [[240, 7], [5, 5], [1_000_003, 64]]) {
      const r = shardRanges(n, k);
      expect(r[0][0]).toBe(0);
      expect(r[r.length - 1][1]).toBe(n);
      r.forEach(([, end], i) => i + 1 < r.length && expect(r[i + 1][0]).toBe(end));
      const sizes = r.map(([a, b]) => b - a);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    }
  });
  it('shardRanges refuses 0 shards, a fraction, and more shards than items', () => {
    expect(() => shardRanges(3, 0)).toThrow(RangeError);
    expect(() => shardRanges(3, 1.5)).toThrow(RangeError);
    expect(() => shardRanges(3, 4)).toThrow('4 shards but only 3 work items');
  });
});

describe('shard provenance lines', () => {
  it('scoreFileHeader(dataset, shard) ends with shard:i/N and readProvenance reads it back', () => {
    expect(head(2, 8)).toBe(`# fairground-dataset: ds@1 sha256:${SHA} shard:2/8`);
    expect(readProvenance(head(2, 8))).toEqual({ dataset: DATASET, shard: { index: 2, of: 8 } });
    expect(readProvenance(scoreFileHeader(DATASET))).toEqual({ dataset: DATASET });
    expect(readProvenance('# another comment')).toBeUndefined();
  });
  it('readProvenance refuses a shard past the count and a malformed line', () => {
    expect(() => readProvenance(head(9, 8))).toThrow('shard 9 of 8');
    expect(() => readProvenance(`# fairground-dataset: ds@1 sha256:${SHA} shard:x`)).toThrow('malformed provenance line');
  });
  it('stripScoreFileHeader accepts a shard line of the stored dataset and refuses one of another', () => {
    expect(stripScoreFileHeader(`${head(1, 2)}\nq\td\t1\n`, DATASET)).toBe('\nq\td\t1\n');
    expect(() => stripScoreFileHeader(`${head(1, 2)}\n`, { ...DATASET, version: '2' })).toThrow('not the stored ds@2');
  });
  it('shardFileName pads the index to the width of the count, so names sort in shard order', () => {
    expect(shardFileName('briefs', 3, 12, 'jsonl')).toBe('briefs-03-of-12.jsonl');
    const names = Array.from({ length: 12 }, (_, i) => shardFileName('t', i + 1, 12, 'csv'));
    expect([...names].sort()).toEqual(names);
  });
});

describe('joinScoreShards(shards, kind)', () => {
  const thrown = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      return e as FormatError;
    }
    throw new Error('did not throw');
  };

  it('joins run shards in order under one provenance line, dropping each shard\'s MTEB header', () => {
    const text = joinScoreShards(
      [
        { file: 'a', text: `${head(1, 2)}\nquery-id\tcorpus-id\tscore\nq1\td1\t0.5\nq1\td2\t0.25\n` },
        { file: 'b', text: `${head(2, 2)}\nquery-id\tcorpus-id\tscore\nq2\td1\t1\n` },
      ],
      'run',
    );
    expect(text).toBe(`${scoreFileHeader(DATASET)}\nq1\td1\t0.5\nq1\td2\t0.25\nq2\td1\t1\n`);
    expect(joinScoreShards([{ file: 'a', text: 'q1 Q0 d1 1 0.5 x\n' }], 'run', false)).toBe('q1 Q0 d1 1 0.5 x\n');
  });

  it('joins screening shards written with different separators as tab-separated rows', () => {
    const text = joinScoreShards(
      [
        { file: 'a.tsv', text: 'job\tcv\tvariant\trun\tscore\nj1\tc1\torig\t1\t50\n' },
        { file: 'b.csv', text: 'job,cv,variant,run,score\nj1,c2,orig,1,40\n' },
      ],
      'screening',
    );
    expect(text).toBe('j1\tc1\torig\t1\t50\nj1\tc2\torig\t1\t40\n');
  });

  it('refuses a screening pair in two shards, naming the pair, the shard and the line', () => {
    const e = thrown(() => joinScoreShards([{ file: 'a', text: 'j1\tc1\torig\t1\t50\n' }, { file: 'b', text: 'j1\tc2\torig\t1\t40\nj1\tc1\torig\t2\t51\n' }], 'screening'));
    expect([e.message, e.file, e.line]).toEqual(['job/cv/variant "j1/c1/orig" is in two score shards, a and this one: each must be in exactly one', 'b', 2]);
  });

  it('refuses shards of two exports, a shard without its position among positioned ones, and a repeated shard', () => {
    const other = scoreFileHeader({ ...DATASET, manifestSha256: 'b'.repeat(64) }, { index: 2, of: 2 });
    expect(thrown(() => joinScoreShards([{ file: 'a', text: `${head(1, 2)}\nq1\td\t1\n` }, { file: 'b', text: `${other}\nq2\td\t1\n` }], 'run')).message).toMatch(/^this shard is for ds@1 but a is for ds@1 \(or another manifest\)/);
    expect(thrown(() => joinScoreShards([{ file: 'a', text: `${head(1, 2)}\nq1\td\t1\n` }, { file: 'b', text: 'q2\td\t1\n' }], 'run')).file).toBe('b');
    const twice = thrown(() => joinScoreShards([{ file: 'a', text: `${head(1, 2)}\nq1\td\t1\n` }, { file: 'b', text: `${head(1, 2)}\nq2\td\t1\n` }], 'run'));
    expect([twice.message, twice.file]).toEqual(['shard 1/2 is given twice, in a and in this file', 'b']);
  });

  it('names a malformed row by its shard and line, and refuses no shards at all', () => {
    const e = thrown(() => joinScoreShards([{ file: 'a', text: 'q1\td\t1\n' }, { file: 'b', text: '# c\nq2\td\tx\n' }], 'run'));
    expect([e.message, e.file, e.line]).toEqual(['score is not a number: "x"', 'b', 2]);
    expect(() => joinScoreShards([], 'run')).toThrow('no score shards');
  });
});

describe('scoreFileText(bytes, file)', async () => {
  const { gzipSync } = await import('node:zlib');
  const { scoreFileText, isGzipBytes } = await import('../../../../../src/core/formats/scoreFileText.ts');
  const plain = 'q1\td1\t0.5\nq1\td2\t0.25\n';

  it('scoreFileText reads a gzip\'d file as the same text as the plain one', async () => {
    const gz = new Uint8Array(gzipSync(plain));
    expect(isGzipBytes(gz)).toBe(true);
    expect(isGzipBytes(new TextEncoder().encode(plain))).toBe(false);
    expect(await scoreFileText(gz, 'a.tsv.gz')).toBe(plain);
    expect(await scoreFileText(new TextEncoder().encode(plain), 'a.tsv')).toBe(plain);
  });

  it('scoreFileText refuses corrupt gzip and text that is not UTF-8, naming the file', async () => {
    const gz = new Uint8Array(gzipSync(plain)).slice(0, 12);
    await expect(scoreFileText(gz, 'bad.gz')).rejects.toMatchObject({ file: 'bad.gz', message: expect.stringMatching(/^corrupt gzip data/) });
    await expect(scoreFileText(new Uint8Array([0x71, 0xff, 0x0a]), 'latin.tsv')).rejects.toMatchObject({ file: 'latin.tsv', message: 'the file is not UTF-8 text' });
  });
});
