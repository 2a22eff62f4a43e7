import { describe, expect, it } from 'vitest';
import { editSegments } from '../../../../src/core/ownData/editSegments.ts';

const join = (s: { text: string }[]) => s.map((x) => x.text).join('');

describe('editSegments', () => {
  it('editSegments(original, edits) marks each before in the original and each after in the variant', () => {
    const r = editSegments('Name: Ann Lee', [{ offset: 6, before: 'Ann', after: 'Zoe' }]);
    expect(r.original).toEqual([{ text: 'Name: ', changed: false }, { text: 'Ann', changed: true }, { text: ' Lee', changed: false }]);
    expect(r.variant).toEqual([{ text: 'Name: ', changed: false }, { text: 'Zoe', changed: true }, { text: ' Lee', changed: false }]);
  });

  it('an insertion at the top (an explicit line) is changed only in the variant', () => {
    const r = editSegments('CV', [{ offset: 0, before: '', after: 'Gender: Female\n' }]);
    expect(r.original).toEqual([{ text: 'CV', changed: false }]);
    expect(join(r.variant)).toBe('Gender: Female\nCV');
  });

  it('several edits rebuild both texts', () => {
    const text = 'She led her team; he reported to her.';
    const edits = [
      { offset: 0, before: 'She', after: 'He' },
      { offset: 8, before: 'her', after: 'his' },
      { offset: 18, before: 'he', after: 'she' },
      { offset: 33, before: 'her', after: 'him' },
    ];
    const r = editSegments(text, edits);
    expect(join(r.original)).toBe(text);
    expect(join(r.variant)).toBe('He led his team; she reported to him.');
    expect(r.variant.filter((s) => s.changed).map((s) => s.text)).toEqual(['He', 'his', 'she', 'him']);
  });

  it('refuses overlapping edits and an edit whose before is not there', () => {
    expect(() => editSegments('abc', [{ offset: 0, before: 'ab', after: 'x' }, { offset: 1, before: 'b', after: 'y' }])).toThrow(/overlaps/);
    expect(() => editSegments('abc', [{ offset: 1, before: 'x', after: 'y' }])).toThrow(/does not read "x"/);
  });
});
