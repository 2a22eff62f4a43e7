import { describe, expect, it } from 'vitest';
import { normaliseExtractedText } from '../../../../src/core/documents/normaliseExtractedText.ts';

describe('normaliseExtractedText(text)', () => {
  it('runs its @example', () => {
    expect(normaliseExtractedText('Cafe\u0301  \r\n\r\n\r\n\r\nco\u00adop')).toBe('Café\n\n\ncoop');
  });

  it('composes to NFC (e + combining acute is one character)', () => {
    const out = normaliseExtractedText('Jose\u0301');
    expect(out).toBe('José');
    expect(out.length).toBe(4);
  });

  it('makes CRLF and lone CR line ends \\n', () => {
    expect(normaliseExtractedText('a\r\nb\rc\nd')).toBe('a\nb\nc\nd');
  });

  it('drops spaces, tabs and no-break spaces at the end of lines, not inside them', () => {
    expect(normaliseExtractedText('a b \t\nc\u00a0\nd')).toBe('a b\nc\nd');
  });

  it('keeps two blank lines and cuts three or more to two', () => {
    expect(normaliseExtractedText('a\n\n\nb')).toBe('a\n\n\nb');
    expect(normaliseExtractedText('a\n\n\n\nb')).toBe('a\n\n\nb');
    expect(normaliseExtractedText('a\n \n\t\n\n\n\nb')).toBe('a\n\n\nb');
  });

  it('removes soft hyphens', () => {
    expect(normaliseExtractedText('inter\u00adnational')).toBe('international');
  });

  it('drops blank lines at the start and the end', () => {
    expect(normaliseExtractedText('\n\n a\n\n')).toBe(' a');
  });
});
