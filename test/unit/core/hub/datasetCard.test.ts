import { describe, expect, it } from 'vitest';
import { datasetCardHints } from '../../../../src/core/hub/datasetCard.ts';

describe('datasetCardHints(readme)', () => {
  it('datasetCardHints(card) reads the fairground block (twin_groups as flow or block lists, relevance_threshold) and the language list', () => {
    const card = [
      '---', 'license: cc-by-4.0', 'configs:', '- config_name: en-corpus', '  data_files: en-corpus/*', 'fairground:',
      '  relevance_threshold: 3', '  twin_groups:', '    gender: [female, "male"]', '    age:', '      - young', "      - 'old'", 'language:', '- en', '---', '# Title',
    ].join('\n');
    expect(datasetCardHints(card)).toEqual({ relevanceThreshold: 3, twinGroups: { gender: ['female', 'male'], age: ['young', 'old'] }, languages: ['en'] });
    expect(datasetCardHints('---\nlanguage: [fr, de]\n---\n')).toEqual({ languages: ['fr', 'de'] });
    // The @example of the module.
    expect(datasetCardHints('---\nfairground:\n  twin_groups:\n    gender: [female, male]\n---\n')).toEqual({ twinGroups: { gender: ['female', 'male'] } });
  });

  it('datasetCardHints(card) returns {} for a card without front matter or without a fairground block', () => {
    expect(datasetCardHints('# A dataset\nfairground:\n  relevance_threshold: 3\n')).toEqual({});
    expect(datasetCardHints('---\nlicense: mit\n---\n')).toEqual({});
    expect(datasetCardHints('---\nfairground:\n  relevance_threshold: many\n')).toEqual({});
  });
});
