import { describe, expect, it } from 'vitest';
import { describeLocation } from '../../../../src/core/permalink/describeLocation.ts';

describe('describeLocation(root, steps, isKey)', () => {
  it('names the documented example', () => {
    expect(describeLocation({ groupings: [{ name: 'ethnicity' }] }, ['groupings', 0, 'name'], false)).toBe('the value of “name” of the grouping “ethnicity”');
  });

  it('names a key under plain objects by its trail, inside the labelled list items around it', () => {
    const root = { results: { subsets: [{ task: 'briefs', models: [{ model: { id: 'bm25' }, robustness: { perLang: { de: {} } } }] }] } };
    expect(describeLocation(root, ['results', 'subsets', 0, 'models', 0, 'robustness', 'perLang', 'de'], true)).toBe(
      'the key “de” under “robustness › perLang” of the model “bm25”, in the query set “briefs”',
    );
  });

  it('counts an unlabelled item from 1, a row’s items as cells, and names a report block by its kind', () => {
    const doc = { sections: [{ heading: 'Results', blocks: [{ kind: 'paragraph' }, { kind: 'table', caption: 'Bias', rows: [['a'], ['b', 'secret']] }] }] };
    expect(describeLocation(doc, ['sections', 0, 'blocks', 1, 'rows', 1, 1], false)).toBe('the text of cell 2, in row 2, in the table “Bias”, in the section “Results”');
  });

  it('names a string in a list of strings by its place in the list', () => {
    expect(describeLocation({ parameters: { groups: ['male', 'ENTRY'] } }, ['parameters', 'groups', 1], false)).toBe('item 2 of “parameters › groups”');
  });
});
