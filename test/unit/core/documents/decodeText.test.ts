import { describe, expect, it } from 'vitest';
import { decodeUtf8, extensionOf, fileStem } from '../../../../src/core/documents/decodeText.ts';
import { describeDocumentError } from '../../../../src/core/documents/importDocuments.ts';
import { FormatError } from '../../../../src/core/formats/formatError.ts';

describe('decodeUtf8(bytes, file)', () => {
  it('runs its @example, and drops a byte-order mark', () => {
    expect(decodeUtf8(new TextEncoder().encode('a\nb'), 'cv.txt')).toBe('a\nb');
    expect(decodeUtf8(Uint8Array.from([0xef, 0xbb, 0xbf, 0x61]), 'cv.txt')).toBe('a');
  });

  it('names the line of the first bad byte: a lone continuation byte, a truncated sequence at the end', () => {
    const at = (bytes: number[]) => {
      try {
        decodeUtf8(Uint8Array.from(bytes), 'f.txt');
      } catch (e) {
        return [(e as FormatError).file, (e as FormatError).line];
      }
    };
    expect(at([0x61, 0x0a, 0x0a, 0x80])).toEqual(['f.txt', 3]);
    expect(at([0x61, 0x0a, 0xe2, 0x82])).toEqual(['f.txt', 2]);
  });
});

describe('fileStem(name) and extensionOf(name)', () => {
  it('strip folders (/ or \\) and the last extension', () => {
    expect(fileStem('cvs/anna.pdf')).toBe('anna');
    expect(fileStem('C:\\cvs\\anna.v2.docx')).toBe('anna.v2');
    expect(fileStem('.hidden')).toBe('.hidden');
    expect(extensionOf('cvs/Anna.PDF')).toBe('.pdf');
    expect(extensionOf('README')).toBe('');
    expect(extensionOf('a.b/README')).toBe('');
  });
});

describe('describeDocumentError(error)', () => {
  it('runs its @example, and leaves out a missing line', () => {
    expect(describeDocumentError({ file: 'cvs.csv', line: 4, message: 'row 3: empty document' })).toBe('cvs.csv:4: row 3: empty document');
    expect(describeDocumentError({ file: 'a.pdf', message: 'has no text' })).toBe('a.pdf: has no text');
  });
});
