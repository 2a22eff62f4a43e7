import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormatError } from '../../../src/core/formats/formatError.ts';
import { openPdfJsNode } from '../../../src/documents/pdfjsNode.ts';
import { extractPdfText, linesOf } from '../../../src/documents/pdfText.ts';
import { writePdf } from '../../../scripts/fixtures/pdfWriter.ts';
import { fixture } from '../core/documents/fixtures.ts';

async function failure(name: string, bytes = fixture(name)): Promise<string> {
  try {
    await extractPdfText(await openPdfJsNode(), bytes, name);
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    return `${e.file}: ${e.message}`;
  }
  throw new Error('expected a FormatError');
}

afterEach(() => vi.unstubAllGlobals());

describe('extractPdfText(pdfjs, bytes, name)', () => {
  it('reads the text layer line by line, pages apart, and fetches nothing', async () => {
    const fetch = vi.fn(() => Promise.reject(new Error('no network')));
    vi.stubGlobal('fetch', fetch);
    const text = await extractPdfText(await openPdfJsNode(), fixture('anna.pdf'), 'anna.pdf');
    expect(text.replace(/ +\n/g, '\n')).toBe(
      'Anna Jansen\nRegistered nurse — intensive care, Utrecht\nSkills: triage, ventilation, mentoring\n\nExperience\n2019–2024 UMC Utrecht, ICU nurse',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('leaves the caller\'s bytes usable (pdfjs is given a copy)', async () => {
    const bytes = fixture('anna.pdf');
    await extractPdfText(await openPdfJsNode(), bytes, 'anna.pdf');
    expect(bytes.byteLength).toBeGreaterThan(0);
    expect(String.fromCharCode(...bytes.subarray(0, 5))).toBe('%PDF-');
  });

  it('names a PDF without a text layer (a scanned image)', async () => {
    expect(await failure('scanned.pdf')).toBe('scanned.pdf: has no text layer (a scanned image?); run OCR outside Fairground and import the text');
  });

  it('names a password-protected PDF', async () => {
    expect(await failure('protected.pdf')).toMatch(/^protected\.pdf: is password-protected/);
  });

  it('names a PDF that qpdf encrypted with AES-256 and a user password', async () => {
    expect(await failure('qpdf-user-password.pdf')).toMatch(/^qpdf-user-password\.pdf: is password-protected/);
  });

  it('reads a PDF encrypted with only an owner password (restrictions on printing and editing; it opens without one)', async () => {
    const text = await extractPdfText(await openPdfJsNode(), fixture('qpdf-owner-password-only.pdf'), 'o.pdf');
    expect(text).toContain('Registered nurse — intensive care, Utrecht');
  });

  it('names a truncated PDF and a file that is not a PDF, with pdfjs\' reason', async () => {
    expect(await failure('truncated.pdf')).toBe('truncated.pdf: is not a readable PDF: Invalid PDF structure.');
    expect(await failure('letter.pdf', new TextEncoder().encode('Dear hiring manager'))).toBe('letter.pdf: is not a readable PDF: Invalid PDF structure.');
  });

  it('reads many pages in order', async () => {
    const pages = Array.from({ length: 5 }, (_, i) => [`page ${i + 1}`]);
    expect(await extractPdfText(await openPdfJsNode(), writePdf(pages), 'p.pdf')).toBe('page 1\n\npage 2\n\npage 3\n\npage 4\n\npage 5');
  });
});

describe('linesOf(items)', () => {
  const at = (str: string, y: number, hasEOL = false) => ({ str, hasEOL, transform: [10, 0, 0, 10, 56, y], height: 10 });

  it('ends a line at hasEOL, and where the baseline moves by more than half a line', () => {
    expect(linesOf([at('a', 800), at(' b', 800), at('c', 787), at('d', 774, true), at('e', 761)])).toBe('a b\nc\nd\ne');
  });

  it('keeps items on one baseline together (a superscript shifted by less than half a line)', () => {
    expect(linesOf([at('x', 800), at('2', 803), at(' y', 800)])).toBe('x2 y');
  });

  it('skips marked-content items, which have no str', () => {
    expect(linesOf([at('a', 800, true), { transform: [0, 0, 0, 0, 0, 0] } as never, at('b', 787)])).toBe('a\nb');
  });
});
