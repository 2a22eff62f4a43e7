import { describe, expect, it } from 'vitest';
import { dataFilesPattern, placeListedFiles } from '../../../../src/core/hub/cardPlacement.ts';
import type { CardConfig } from '../../../../src/core/hub/datasetCard.ts';

const config = (name: string, files: Record<string, string[]> | string[], flag = false): CardConfig => ({
  name, default: flag, dataFiles: Array.isArray(files) ? [{ patterns: files }] : Object.entries(files).map(([split, patterns]) => ({ split, patterns })),
});

describe('dataFilesPattern(glob)', () => {
  it('dataFilesPattern(glob) matches as fsspec globs do: * within a folder, ** across folders, ? one character, [..] a class', () => {
    const t = (glob: string, path: string) => dataFilesPattern(glob).test(path);
    expect(t('data/test-*', 'data/test-00000-of-00001.parquet')).toBe(true);
    expect(t('data/*', 'data/x/y.parquet')).toBe(false);
    expect(t('data/**', 'data/x/y.parquet')).toBe(true);
    expect(t('**/*.parquet', 'a.parquet')).toBe(true);
    expect(t('**/*.parquet', 'a/b/c.parquet')).toBe(true);
    expect(t('qrels/test.jsonl', 'qrels/test.jsonl')).toBe(true);
    expect(t('qrels/test.jsonl', 'qrels/testXjsonl')).toBe(false);
    expect(t('./corpus.jsonl', 'corpus.jsonl')).toBe(true);
    expect(t('part-?.parquet', 'part-1.parquet')).toBe(true);
    expect(t('part-[!0].parquet', 'part-0.parquet')).toBe(false);
    expect(t('part-[0-3].parquet', 'part-2.parquet')).toBe(true);
  });
});

describe('placeListedFiles(paths, configs)', () => {
  const DUPLICATED = ['corpus.jsonl', 'queries.jsonl', 'qrels/test.jsonl', 'qrels/test-00000-of-00001.parquet'];

  it('placeListedFiles(paths, configs) runs its example: the default config\'s qrels, not the qrels config\'s Parquet of the same split', () => {
    expect(placeListedFiles(['qrels/test.jsonl', 'qrels/test-00000-of-00001.parquet'], [
      { name: 'default', default: false, dataFiles: [{ split: 'test', patterns: ['qrels/test.jsonl'] }] },
      { name: 'qrels', default: false, dataFiles: [{ split: 'test', patterns: ['qrels/test-*.parquet'] }] },
    ])).toEqual([{ path: 'qrels/test.jsonl', role: 'qrels', subset: '', split: 'test', config: 'default' }]);
  });

  it('reads the default config\'s qrels of a split that another config (qrels) holds again as Parquet, whatever the card\'s order', () => {
    const defaultFirst = [config('default', { test: ['qrels/test.jsonl'] }), config('qrels', { test: ['qrels/test-*.parquet'] })];
    const expected = [
      { path: 'corpus.jsonl', role: 'corpus', subset: '' },
      { path: 'queries.jsonl', role: 'queries', subset: '' },
      { path: 'qrels/test.jsonl', role: 'qrels', subset: '', split: 'test', config: 'default' },
    ];
    expect(placeListedFiles(DUPLICATED, defaultFirst)).toEqual(expected);
    expect(placeListedFiles(DUPLICATED, [...defaultFirst].reverse())).toEqual(expected);
    // A config marked `default: true` ranks as the default one.
    expect(placeListedFiles(DUPLICATED, [config('qrels', { test: ['qrels/test.jsonl'] }, true), config('data', { test: ['qrels/*.parquet'] })]).map((p) => p.path)).toEqual(['corpus.jsonl', 'queries.jsonl', 'qrels/test.jsonl']);
  });

  it('takes the card\'s split, leaves out the files of a part the card names that it does not, and places files no path rule knows', () => {
    const placed = placeListedFiles(['qrels.jsonl', 'qrels/dev.tsv', 'docs/all.jsonl', 'queries.jsonl'], [
      config('default', { test: ['qrels.jsonl'] }), config('corpus', ['docs/*.jsonl']),
    ]);
    expect(placed).toEqual([
      { path: 'qrels.jsonl', role: 'qrels', subset: '', split: 'test', config: 'default' },
      { path: 'docs/all.jsonl', role: 'corpus', subset: '', config: 'corpus' },
      { path: 'queries.jsonl', role: 'queries', subset: '' },
    ]);
  });

  it('leaves a file to its path when the config names no part or another part than its path, and places by paths alone without configs', () => {
    const paths = ['corpus.jsonl', 'queries.jsonl', 'qrels/test.tsv'];
    expect(placeListedFiles(paths, [config('en', ['corpus.jsonl']), config('default', ['corpus.jsonl'])])).toEqual(placeListedFiles(paths));
    expect(placeListedFiles(paths)).toEqual([
      { path: 'corpus.jsonl', role: 'corpus', subset: '' }, { path: 'queries.jsonl', role: 'queries', subset: '' }, { path: 'qrels/test.tsv', role: 'qrels', subset: '', split: 'test' },
    ]);
  });

  it('keeps the subsets and twins attributes of configs, and the partial mark of the Hub\'s conversion', () => {
    expect(placeListedFiles(['fr-corpus/corpus-00000-of-00001.parquet', 'fr-twins-gender/test-00000-of-00001.parquet', 'default/partial-test/0000.parquet'], [
      config('fr-corpus', ['fr-corpus/*']), config('fr-twins-gender', { test: ['fr-twins-gender/*'] }), config('default', { test: ['default/partial-test/*.parquet'] }),
    ])).toEqual([
      { path: 'fr-corpus/corpus-00000-of-00001.parquet', role: 'corpus', subset: 'fr', split: 'corpus', config: 'fr-corpus' },
      { path: 'fr-twins-gender/test-00000-of-00001.parquet', role: 'twins', subset: 'fr', attribute: 'gender', split: 'test', config: 'fr-twins-gender' },
      { path: 'default/partial-test/0000.parquet', role: 'qrels', subset: '', split: 'test', config: 'default', partial: true },
    ]);
  });
});
