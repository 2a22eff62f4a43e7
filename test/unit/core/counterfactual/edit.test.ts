import { describe, expect, it } from 'vitest';
import { applyEdits, editsOf } from '../../../../src/core/counterfactual/edit.ts';
import { reproducesVariant } from '../../../../src/core/counterfactual/variant.ts';
import { labelOf, explicitLine } from '../../../../src/core/counterfactual/explicitLine.ts';
import { matchCase, titleCase } from '../../../../src/core/counterfactual/matchCase.ts';
import { fnv1a } from '../../../../src/core/counterfactual/fnv1a.ts';

describe('applyEdits(text, edits)', () => {
  it('replaces each before at its offset of the original, in offset order', () => {
    expect(applyEdits('Maria led.', [{ offset: 0, before: 'Maria', after: 'Aisha' }])).toBe('Aisha led.');
    expect(applyEdits('a b c', [{ offset: 4, before: 'c', after: 'Z' }, { offset: 0, before: 'a', after: 'XY' }])).toBe('XY b Z');
  });
  it('inserts an empty before, an insertion going before a replacement at the same offset', () => {
    expect(applyEdits('ab', [{ offset: 0, before: 'a', after: 'x' }, { offset: 0, before: '', after: 'L\n' }])).toBe('L\nxb');
  });
  it('throws when a before is not at its offset, or two edits overlap', () => {
    expect(() => applyEdits('abc', [{ offset: 1, before: 'x', after: 'y' }])).toThrow(RangeError);
    expect(() => applyEdits('abc', [{ offset: 0, before: 'ab', after: '' }, { offset: 1, before: 'b', after: '' }])).toThrow(/overlap/);
  });
});

describe('editsOf(text, replacements)', () => {
  it('leaves out replacements that change nothing and sorts by offset', () => {
    expect(editsOf('abc', [[2, 3, 'C'], [0, 1, 'a']])).toEqual([{ offset: 2, before: 'c', after: 'C' }]);
  });
});

describe('reproducesVariant(original, variant)', () => {
  it('is true when the edits give the text, false when they do not or do not fit', () => {
    expect(reproducesVariant('Maria', { text: 'Aisha', edits: [{ offset: 0, before: 'Maria', after: 'Aisha' }] })).toBe(true);
    expect(reproducesVariant('Maria', { text: 'Aisha!', edits: [{ offset: 0, before: 'Maria', after: 'Aisha' }] })).toBe(false);
    expect(reproducesVariant('Maria', { text: 'Aisha', edits: [{ offset: 0, before: 'Mario', after: 'Aisha' }] })).toBe(false);
  });
});

describe('matchCase(model, word) and titleCase(name)', () => {
  it('copies all capitals, a capital first letter, or lower case', () => {
    expect(matchCase('MARIA', 'aisha')).toBe('AISHA');
    expect(matchCase('Maria', 'aisha')).toBe('Aisha');
    expect(matchCase('maria', 'Aisha')).toBe('aisha');
    expect(matchCase('I', 'he')).toBe('He'); // one capital letter: a capital first letter
  });
  it('title-cases each word, also after a hyphen or an apostrophe', () => {
    expect(titleCase('MARY-ANN OCONNELL')).toBe('Mary-Ann Oconnell');
    expect(titleCase("D'ANGELO SMITH")).toBe("D'Angelo Smith");
  });
});

describe('explicitLine(text, attribute, group, labels)', () => {
  it('inserts "Label: Group" and a line break at offset 0', () => {
    expect(explicitLine('Maria Garcia\nDeveloper', 'gender', 'female')).toEqual({
      text: 'Gender: Female\nMaria Garcia\nDeveloper',
      edits: [{ offset: 0, before: '', after: 'Gender: Female\n' }],
    });
  });
  it('writes a group id as words and uses the text\'s CRLF', () => {
    expect(explicitLine('CV\r\nX', 'origin', 'west-africa').text).toBe('Origin: West Africa\r\nCV\r\nX');
  });
  it('takes user labels for the attribute and its groups', () => {
    expect(explicitLine('CV', 'ethnicity', 'black', { label: 'Race', groups: { black: 'Black or African American' } }).text)
      .toBe('Race: Black or African American\nCV');
    expect(labelOf('north_america')).toBe('North America');
  });
});

describe('fnv1a(text)', () => {
  it('is the FNV-1a offset basis for the empty string and the published value for bytes "a", 0x00', () => {
    expect(fnv1a('')).toBe(2166136261);
    // "a" is the code unit 0x61, fed as the bytes 0x61, 0x00. The first step, in BigInt, must give
    // the published FNV-1a 32 of the one byte "a" (0xe40c292c); the second xors 0 and multiplies.
    const h1 = Number((BigInt((0x811c9dc5 ^ 0x61) >>> 0) * 0x01000193n) % 2n ** 32n);
    const h2 = Number((BigInt(h1) * 0x01000193n) % 2n ** 32n);
    expect(h1).toBe(0xe40c292c);
    expect(fnv1a('a')).toBe(h2);
  });
});
