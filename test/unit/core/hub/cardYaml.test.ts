import { describe, expect, it } from 'vitest';
import { cardYaml } from '../../../../src/core/hub/cardYaml.ts';

describe('cardYaml(readme)', () => {
  it('cardYaml(card) reads maps, sequences of maps at their key\'s indent or deeper, flow sequences, quoted scalars and comments', () => {
    const card = [
      '---', '# a comment', 'license: "cc-by-4.0"', 'configs:', '- config_name: corpus', '  data_files:', '    - split: corpus', "      path: 'corpus.jsonl' # here",
      '- config_name: x', 'tags: [a, "b, c", \'d\']', 'empty:', 'url: https://example.org/a#b', 'nested:', '  deeper:', '    key: value', '---', 'body: ignored',
    ].join('\n');
    expect(cardYaml(card)).toEqual({
      license: 'cc-by-4.0',
      configs: [{ config_name: 'corpus', data_files: [{ split: 'corpus', path: 'corpus.jsonl' }] }, { config_name: 'x' }],
      tags: ['a', 'b, c', 'd'],
      empty: null,
      url: 'https://example.org/a#b',
      nested: { deeper: { key: 'value' } },
    });
    // The @example of the module.
    expect(cardYaml('---\nconfigs:\n- config_name: corpus\n  data_files: corpus.jsonl\n---\n')).toEqual({ configs: [{ config_name: 'corpus', data_files: 'corpus.jsonl' }] });
  });

  it('cardYaml(card) keeps a block scalar as one string and skips its lines, and returns {} without a closed front matter', () => {
    expect(cardYaml('---\ndescription: |\n  line one\n  key: not a key\nlicense: mit\n---\n')).toEqual({ description: 'line one\nkey: not a key', license: 'mit' });
    expect(cardYaml('---\nlicense: mit\n')).toEqual({});
    expect(cardYaml('# Title\nlicense: mit\n')).toEqual({});
  });
});
