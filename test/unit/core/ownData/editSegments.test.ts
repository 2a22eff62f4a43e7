import { describe, expect, it } from 'vitest';
import { editCaret, editSegments } from '../../../../src/core/ownData/editSegments.ts';

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

describe('editCaret(edits, i): where the review editor opens (issue 48: at the end of the text, not at the edit)', () => {
  // 'Name: Ann Lee. Ann said she leads.' → 'Name: Zoe Lee. Ann said they leads.' (offsets by hand)
  const edits = [
    { offset: 6, before: 'Ann', after: 'Zoe' },
    { offset: 24, before: 'she', after: 'they' },
  ];
  it('the first shown edit at its place; the second shifted by what the first changed (3 → 3: none)', () => {
    expect(editCaret(edits, 0)).toBe(6);
    expect(editCaret(edits, 1)).toBe(24);
  });
  it('a deletion before an edit moves it: "Ann Lee\\n" (8 characters) removed puts "She" at 14 − 8 = 6', () => {
    expect(editCaret([{ offset: 0, before: 'Ann Lee\n', after: '' }, { offset: 14, before: 'She', after: 'They' }], 0)).toBe(6);
  });
  it('deletions only: the first one\'s place; no edit: 0; an index past the shown edits: the first edit', () => {
    expect(editCaret([{ offset: 10, before: 'x@y.org', after: '' }], 0)).toBe(10);
    expect(editCaret([], 0)).toBe(0);
    expect(editCaret(edits, 5)).toBe(6);
  });
});
