import { describe, expect, it } from 'vitest';
import { buildMtebManifest } from '../../../../src/core/formats/mteb.ts';

const base = [
  { path: 'corpus.jsonl.gz', bytes: 100, lastModified: 5 },
  { path: 'queries.jsonl', bytes: 20 },
];

describe('buildMtebManifest', () => {
  it('buildMtebManifest(files, name) makes one retrieval task over corpus, queries and qrels/test.tsv', () => {
    const m = buildMtebManifest([...base, { path: 'qrels/dev.tsv', bytes: 3 }, { path: 'qrels/test.tsv', bytes: 4 }], 'SciFact (BEIR)');
    expect(m.id).toBe('scifact-beir');
    expect(m.title).toBe('SciFact (BEIR)');
    expect(m.tasks).toEqual([
      { type: 'retrieval', name: 'test', corpus: 'corpus', queries: 'queries', qrels: 'qrels', relevance_threshold: 1, k: [10] },
    ]);
    expect(m.shards).toEqual([
      { name: 'corpus', kind: 'corpus', path: 'corpus.jsonl.gz', bytes: 100 },
      { name: 'queries', kind: 'queries', path: 'queries.jsonl', bytes: 20 },
      { name: 'qrels', kind: 'qrels', path: 'qrels/test.tsv', bytes: 4 },
    ]);
  });

  it('buildMtebManifest prefers dev, then validation, then train, then the first split by name', () => {
    const pick = (...splits: string[]) =>
      buildMtebManifest([...base, ...splits.map((s) => ({ path: `qrels/${s}.tsv`, bytes: 1 }))], 'x').shards[2].path;
    expect(pick('train', 'dev')).toBe('qrels/dev.tsv');
    expect(pick('train', 'validation')).toBe('qrels/validation.tsv');
    expect(pick('zeta', 'alpha')).toBe('qrels/alpha.tsv');
  });

  it('buildMtebManifest changes when a file changes size or date (so its hash does)', () => {
    const a = buildMtebManifest([...base, { path: 'qrels/test.tsv', bytes: 4 }], 'x');
    const b = buildMtebManifest([...base, { path: 'qrels/test.tsv', bytes: 4, lastModified: 9 }], 'x');
    expect(JSON.stringify(a)).not.toBe(JSON.stringify(b));
  });

  it('buildMtebManifest names every missing file', () => {
    expect(() => buildMtebManifest([{ path: 'queries.jsonl', bytes: 1 }], 'x')).toThrow(/missing corpus\.jsonl, qrels\/test\.tsv$/);
  });

  it('buildMtebManifest falls back to the id "mteb-dataset" for a name with no usable letters', () => {
    expect(buildMtebManifest([...base, { path: 'qrels/test.tsv', bytes: 4 }], '***').id).toBe('mteb-dataset');
  });
});
