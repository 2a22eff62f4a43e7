import { describe, expect, it } from 'vitest';
import { datasetCardHints } from '../../../../src/core/hub/datasetCard.ts';

describe('datasetCardHints(readme)', () => {
  it('datasetCardHints(card) reads the fairground block (twin_groups as flow or block lists, relevance_threshold) and the language list', () => {
    const card = [
      '---', 'license: cc-by-4.0', 'configs:', '- config_name: en-corpus', '  data_files: en-corpus/*', 'fairground:',
      '  relevance_threshold: 3', '  twin_groups:', '    gender: [female, "male"]', '    age:', '      - young', "      - 'old'", 'language:', '- en', '---', '# Title',
    ].join('\n');
    expect(datasetCardHints(card)).toEqual({
      relevanceThreshold: 3, twinGroups: { gender: ['female', 'male'], age: ['young', 'old'] }, languages: ['en'],
      configs: [{ name: 'en-corpus', default: false, dataFiles: [{ patterns: ['en-corpus/*'] }] }],
    });
    expect(datasetCardHints('---\nlanguage: [fr, de]\n---\n')).toEqual({ languages: ['fr', 'de'] });
    // The @example of the module.
    expect(datasetCardHints('---\nfairground:\n  twin_groups:\n    gender: [female, male]\n---\n')).toEqual({ twinGroups: { gender: ['female', 'male'] } });
  });

  it('datasetCardHints(card) returns {} for a card without front matter or without a fairground block', () => {
    expect(datasetCardHints('# A dataset\nfairground:\n  relevance_threshold: 3\n')).toEqual({});
    expect(datasetCardHints('---\nlicense: mit\n---\n')).toEqual({});
    expect(datasetCardHints('---\nfairground:\n  relevance_threshold: many\n')).toEqual({});
  });

  it('datasetCardHints(card) reads configs in each form the Hub documents (path, list, split and path, split map), as MTEB cards write them', () => {
    // The front matter of an MTEB retrieval card with its qrels twice (default: JSON Lines, qrels: Parquet), dataset_info and a block scalar.
    const card = [
      '---', 'language:', '- en', 'pretty_name: >', '  A test: with colons', '  and two lines', 'dataset_info:', '- config_name: default',
      '  features:', '  - name: query-id', '    dtype: string', '  splits:', '  - name: test', '    num_examples: 339',
      'configs:', '- config_name: default', '  data_files:', '  - split: test', '    path: qrels/test.jsonl   # the BEIR qrels',
      '- config_name: qrels', '  data_files:', '  - split: test', '    path:', '    - "qrels/test-*.parquet"', '  default: false',
      '- config_name: corpus', '  data_files: corpus.jsonl', '- config_name: queries', '  data_files: [queries/a.parquet, "queries/b.parquet"]',
      '- config_name: old', '  data_files:', '    train: data/train.csv', '    test: [data/test.csv]', '- config_name: notes', '  default: true',
      'fairground:', '  pool: corpus', '---',
    ].join('\n');
    expect(datasetCardHints(card)).toEqual({
      languages: ['en'],
      pool: 'corpus',
      configs: [
        { name: 'default', default: false, dataFiles: [{ split: 'test', patterns: ['qrels/test.jsonl'] }] },
        { name: 'qrels', default: false, dataFiles: [{ split: 'test', patterns: ['qrels/test-*.parquet'] }] },
        { name: 'corpus', default: false, dataFiles: [{ patterns: ['corpus.jsonl'] }] },
        { name: 'queries', default: false, dataFiles: [{ patterns: ['queries/a.parquet'] }, { patterns: ['queries/b.parquet'] }] },
        { name: 'old', default: false, dataFiles: [{ split: 'train', patterns: ['data/train.csv'] }, { split: 'test', patterns: ['data/test.csv'] }] },
      ],
    });
    expect(datasetCardHints('---\nfairground:\n  pool: everything\n---\n')).toEqual({});
  });
});
